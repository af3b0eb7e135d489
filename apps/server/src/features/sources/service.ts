import type { TIssue, TSource, TUrlsCheck } from "@starboard/contract/reviews";
import type { RouteParsed } from "@starboard/contract/route";
import type { sourceRoutes } from "@starboard/contract/routes/sources";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { filterIds } from "../reviews/index.ts";
import { issuePolicy } from "./policy.ts";
import { presentIssue, presentSource, presentUrl, presentUrlsCheck } from "./presenter.ts";
import {
  accountOfUser,
  countIssues,
  countSources,
  countUrls,
  findSource,
  type IssueRow,
  type SourceSort,
  type SourceSortKey,
  selectIssues,
  selectSources,
  selectSourcesByIds,
  selectUrls,
  selectUrlsCheck,
  setIssueMuted,
} from "./queries.ts";

type Query<K extends keyof typeof sourceRoutes> = RouteParsed<(typeof sourceRoutes)[K]>["query"];

/** `true` / `1` and `false` / `0`; undefined when absent. */
const flag = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "1");

const SOURCE_SORT_KEYS = new Set<SourceSortKey>(["ordinal", "name", "code"]);

/**
 * `sort=ordinal,name` (a leading `-` descends), or `sort[by]` with `sort[order]`; ordinal then name by default.
 * `sort[by]=relevance` (the filter bar's typeahead) orders by relevance with keywords, by default without.
 */
function sourceSort(sort: string | undefined, by: string | undefined, order: string | undefined, keywords?: string) {
  const out: SourceSort[] = [];
  if (!sort && by === "relevance") {
    if (keywords?.trim()) out.push({ key: "relevance", order: "asc" });
    by = undefined;
  }
  if (sort) {
    for (const part of sort.split(",")) {
      const desc = part.trim().startsWith("-");
      const key = part.trim().replace(/^[-+]/, "").split(/\s+/)[0] as SourceSortKey;
      if (!SOURCE_SORT_KEYS.has(key)) throw AppError.invalid("sort", "Sort by ordinal, name or code");
      out.push({ key, order: desc || /\sdesc$/i.test(part.trim()) ? "desc" : "asc" });
    }
  } else if (by) {
    if (!SOURCE_SORT_KEYS.has(by as SourceSortKey)) throw AppError.invalid("sort[by]", "Sort by ordinal, name or code");
    out.push({ key: by as SourceSortKey, order: sortOrder(order) });
  }
  if (out.length === 0) out.push({ key: "ordinal", order: "asc" }, { key: "name", order: "asc" });
  return out;
}

/**
 * GET /api/sources: the sources the account has listings or reviews on (`all=true`: the catalogue).
 * Non-parent users name their account by `user_id`, parents by `account_id` (docs/product/platform.md §6); the
 * caller's own `user_id` is the account it acts in (also while shadowing a child); another's answers 404.
 */
export async function listSources(ctx: AppContext, actor: Actor, q: Query<"listSources">, url: string) {
  let accountId: string;
  if (q.user_id && q.user_id === actor.user.id) {
    // The caller's own user: the account it acts in (a parent's user shadowing a child acts in the child).
    accountId = actor.account.id;
  } else if (q.user_id) {
    const account = isUuid(q.user_id) ? await accountOfUser(scoped(ctx.database.db, actor), q.user_id) : undefined;
    if (!account) throw AppError.notFound();
    accountId = account;
  } else {
    accountId = accountIdFor(actor, q.account_id);
  }
  const db = ctx.database.db;
  const filter = {
    accountId: flag(q.all) ? undefined : accountId,
    keywords: q.keywords,
    typeahead: q.search_type === "typeahead",
    supportsReviews: flag(q.supports_reviews),
    supportsResponses: flag(q.supports_responses),
    supportsImages: flag(q.supports_images) ?? (flag(q.imagesOnly) ? true : undefined),
  };
  const sort = sourceSort(q.sort, q["sort[by]"], q["sort[order]"], q.keywords);
  return offsetPage({
    key: "sources",
    url,
    page: q.page,
    perPage: q.per_page,
    count: () => countSources(db, filter),
    rows: (limit, offset) => selectSources(db, filter, sort, limit, offset),
    present: (rows) => rows.map(presentSource),
  });
}

/** GET /api/sources/{id}: one source of the catalogue (shared by every account). */
export async function getSource(ctx: AppContext, id: string): Promise<TSource> {
  const source = isUuid(id) ? await findSource(ctx.database.db, id) : undefined;
  if (!source) throw AppError.notFound();
  return presentSource(source);
}

/** GET /api/urls: the account's listing URLs, by source name (or link), 250 a page. */
export async function listUrls(ctx: AppContext, actor: Actor, q: Query<"listUrls">, url: string) {
  const accountId = accountIdFor(actor, q.account_id);
  const filter = {
    accountId,
    locationIds: filterIds(q, "location_id"),
    sourceIds: filterIds(q, "source_id"),
    excludeRequestReviews: flag(q.exclude_request_reviews) ?? false,
    excludeFeedbackForbidden: flag(q.source_feedback_forbidden) ?? false,
  };
  const sortBy = (q["sort[by]"] ?? q.sort)?.replace(/^-/, "");
  if (sortBy !== undefined && sortBy !== "link" && sortBy !== "source_name") {
    throw AppError.invalid("sort[by]", "Sort by link or source_name");
  }
  const descending = q["sort[order]"]?.toLowerCase() === "desc" || q.sort?.startsWith("-");
  const sort = { by: sortBy ?? "source_name", order: descending ? "desc" : "asc" } as const;
  const db = ctx.database.db;
  return offsetPage({
    key: "urls",
    url,
    page: q.page,
    perPage: q.per_page,
    count: () => countUrls(db, filter),
    rows: (limit, offset) => selectUrls(db, filter, sort, limit, offset),
    present: (rows) => rows.map(presentUrl),
  });
}

/** GET /api/urls_check: which catalogue sources have a URL for the location (404 for another account's). */
export async function checkUrls(ctx: AppContext, actor: Actor, q: Query<"checkUrls">): Promise<TUrlsCheck> {
  await scoped(ctx.database.db, actor).find("locations", q.location_id);
  return presentUrlsCheck(q.location_id, await selectUrlsCheck(ctx.database.db, q.location_id));
}

/** Issues with their sources (one query for the page's sources). */
async function presentIssues(ctx: AppContext, rows: IssueRow[]): Promise<TIssue[]> {
  const sources = await selectSourcesByIds(ctx.database.db, [...new Set(rows.map((i) => i.source_id))]);
  const byId = new Map(sources.map((s) => [s.id, s]));
  return rows.map((i) => presentIssue(i, byId.get(i.source_id)));
}

/**
 * GET /api/issues: the account's open connection issues, newest first; by location (`location_id`, or
 * `resource_id` with `resource_type=location`), source, muted; `include_resolved=true` adds resolved ones.
 */
export async function listIssues(ctx: AppContext, actor: Actor, q: Query<"listIssues">, url: string) {
  const accountId = accountIdFor(actor, q.account_id);
  const locationIds = filterIds(q, "location_id");
  if (q.resource_id !== undefined) {
    if (!isUuid(q.resource_id)) throw AppError.invalid("resource_id", "Invalid id");
    locationIds.push(q.resource_id);
  }
  const filter = {
    accountId,
    locationIds,
    sourceIds: filterIds(q, "source_id"),
    muted: flag(q.muted),
    includeResolved: flag(q.include_resolved) ?? false,
  };
  const order = q["sort[by]"] === "created_at" ? sortOrder(q["sort[order]"]) : "desc";
  const scope = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "issues",
    url,
    page: q.page,
    perPage: q.per_page,
    count: () => countIssues(scope, filter),
    rows: (limit, offset) => selectIssues(scope, filter, order, limit, offset),
    present: (rows) => presentIssues(ctx, rows),
  });
}

async function findIssue(ctx: AppContext, actor: Actor, id: string, action: "read" | "update") {
  const issue = await scoped(ctx.database.db, actor).find("issues", id);
  authorize(actor, action, issuePolicy, issue);
  return issue;
}

/** GET /api/issues/{id} */
export async function getIssue(ctx: AppContext, actor: Actor, id: string): Promise<TIssue> {
  const [issue] = await presentIssues(ctx, [await findIssue(ctx, actor, id, "read")]);
  return issue!;
}

/** PATCH and PUT /api/issues/{id}: mutes or unmutes the issue (PATCH without `muted` changes nothing). */
export async function updateIssue(ctx: AppContext, actor: Actor, id: string, input: { muted?: boolean | undefined }) {
  const issue = await findIssue(ctx, actor, id, "update");
  const row = input.muted === undefined ? issue : await setIssueMuted(ctx.database.db, issue.id, input.muted);
  const [presented] = await presentIssues(ctx, [row]);
  return presented!;
}
