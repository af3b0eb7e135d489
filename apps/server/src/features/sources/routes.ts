import {
  filterValues,
  type TIssue,
  type TSource,
  type TUrl,
  type TUrlsCheck,
  ZIssueListQuerySchema,
  ZIssueUpdateSchema,
  ZSourceListQuerySchema,
  ZUrlListQuerySchema,
  ZUrlsCheckQuerySchema,
} from "@starboard/contract/reviews";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { SourcesTable } from "../../db/reviews-schema.ts";
import { assertOwned, authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage, offsetOf } from "../../platform/hal.ts";
import { registerResource } from "../../platform/resource.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "./catalogue.ts";
import { sourceLogoSvg } from "./logos.ts";
import { findSource, listSources, listUrls, type SourceSortKey, selectUrlsCheck } from "./queries.ts";

const tags = ["sources"];
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const flag = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "1");
const SORT_KEYS = new Set<SourceSortKey>(["ordinal", "name", "code"]);

function presentSource(s: Selectable<SourcesTable>): TSource {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    ordinal: s.ordinal,
    logo_url: s.logo_url,
    color: s.color,
    supports_reviews: s.supports_reviews,
    supports_responses: s.supports_responses,
    supports_images: s.supports_images,
    response_char_limit: s.response_char_limit,
    _links: { self: { href: `/api/sources/${s.id}` } },
  };
}

/** `sort=ordinal,name` (a leading `-` descends), or `sort[by]` with `sort[order]`. */
function sourceSort(sort: string | undefined, by: string | undefined, order: string | undefined) {
  const out: { key: SourceSortKey; order: "asc" | "desc" }[] = [];
  if (sort) {
    for (const part of sort.split(",")) {
      const desc = part.trim().startsWith("-");
      const key = part.trim().replace(/^[-+]/, "").split(/\s+/)[0] as SourceSortKey;
      if (!SORT_KEYS.has(key)) throw AppError.invalid("sort", "Sort by ordinal, name or code");
      out.push({ key, order: desc || /\sdesc$/i.test(part.trim()) ? "desc" : "asc" });
    }
  } else if (by) {
    if (!SORT_KEYS.has(by as SourceSortKey)) throw AppError.invalid("sort[by]", "Sort by ordinal, name or code");
    out.push({ key: by as SourceSortKey, order: order?.toLowerCase() === "desc" ? "desc" : "asc" });
  }
  if (out.length === 0) out.push({ key: "ordinal", order: "asc" }, { key: "name", order: "asc" });
  return out;
}

/** Sources, listing URLs, connection issues, and the sources' logos. */
export function registerSourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  r.get("/api/sources", { schema: { tags, querystring: ZSourceListQuerySchema } }, async (request) => {
    const actor = actorOf(request);
    authorize(actor, "read", "source");
    const q = request.query;
    // Non-parent users load sources by user_id, parents by account_id: both name an account to scope to.
    let accountId: string;
    if (q.user_id) {
      if (!isUuid(q.user_id)) throw AppError.notFound();
      const user = await db
        .selectFrom("users")
        .select("account_id")
        .where("id", "=", q.user_id)
        .where("account_id", "in", await reachableAccountIds(ctx.database, actor))
        .executeTakeFirst();
      if (!user) throw AppError.notFound();
      accountId = user.account_id;
    } else {
      accountId = await resolveAccountId(ctx.database, actor, q.account_id);
    }
    const { total, rows } = await listSources(
      db,
      {
        accountId: flag(q.all) ? undefined : accountId,
        keywords: q.keywords,
        typeahead: q.search_type === "typeahead",
        supportsReviews: flag(q.supports_reviews),
        supportsResponses: flag(q.supports_responses),
        supportsImages: flag(q.supports_images) ?? (flag(q.imagesOnly) ? true : undefined),
      },
      sourceSort(q.sort, q["sort[by]"], q["sort[order]"]),
      { limit: q.per_page, offset: offsetOf({ page: q.page, perPage: q.per_page }) },
    );
    return halPage("sources", rows.map(presentSource), total, { url: request.url, page: q.page, perPage: q.per_page });
  });

  r.get(
    "/api/sources/:id",
    { schema: { tags, params: z.object({ id: z.string().max(100) }) }, config: { shared: true } },
    async (request) => {
      authorize(actorOf(request), "read", "source");
      const source = isUuid(request.params.id) ? await findSource(db, request.params.id) : undefined;
      if (!source) throw AppError.notFound();
      return presentSource(source);
    },
  );

  r.get("/api/urls", { schema: { tags: ["urls"], querystring: ZUrlListQuerySchema } }, async (request) => {
    const actor = actorOf(request);
    authorize(actor, "read", "url");
    const q = request.query;
    const accountId = await resolveAccountId(ctx.database, actor, q.account_id);
    const idsOf = (key: string) => {
      const values = filterValues<string>(q, key);
      for (const v of values) if (!isUuid(v)) throw AppError.invalid(key, "Invalid id");
      return values;
    };
    const sortBy = (q["sort[by]"] ?? q.sort)?.replace(/^-/, "");
    if (sortBy !== undefined && sortBy !== "link" && sortBy !== "source_name") {
      throw AppError.invalid("sort[by]", "Sort by link or source_name");
    }
    const descending = q["sort[order]"]?.toLowerCase() === "desc" || q.sort?.startsWith("-");
    const { total, rows } = await listUrls(
      db,
      {
        accountId,
        locationIds: idsOf("location_id"),
        sourceIds: idsOf("source_id"),
        excludeRequestReviews: flag(q.exclude_request_reviews) ?? false,
        excludeFeedbackForbidden: flag(q.source_feedback_forbidden) ?? false,
      },
      { by: sortBy ?? "source_name", order: descending ? "desc" : "asc" },
      { limit: q.per_page, offset: offsetOf({ page: q.page, perPage: q.per_page }) },
    );
    const urls = rows.map(
      (u): TUrl => ({
        id: u.id,
        account_id: u.account_id,
        location_id: u.location_id,
        source_id: u.source_id,
        source_code: u.source_code,
        source_name: u.source_name,
        link: u.link,
        reference_id: u.reference_id,
        status: u.status,
        request_reviews: u.request_reviews,
        feedback_forbidden: FEEDBACK_FORBIDDEN_SOURCES.has(u.source_code),
        last_scanned_at: iso(u.last_scanned_at),
        _links: { self: { href: `/api/urls/${u.id}` } },
      }),
    );
    return halPage("urls", urls, total, { url: request.url, page: q.page, perPage: q.per_page });
  });

  r.get(
    "/api/urls_check",
    { schema: { tags: ["urls"], querystring: ZUrlsCheckQuerySchema } },
    async (request): Promise<TUrlsCheck> => {
      const actor = actorOf(request);
      authorize(actor, "read", "url");
      await assertOwned(ctx.database, actor, "locations", request.query.location_id);
      const rows = await selectUrlsCheck(db, request.query.location_id);
      const sources = rows.map((s) => ({
        source_id: s.source_id,
        source_code: s.source_code,
        source_name: s.source_name,
        has_url: s.url_id !== null,
        url_id: s.url_id,
        link: s.link,
      }));
      return {
        location_id: request.query.location_id,
        total: sources.length,
        present: sources.filter((s) => s.has_url).length,
        sources,
      };
    },
  );

  registerResource(app, ctx.database, {
    name: "issues",
    table: "issues",
    permission: "issue",
    scope: "account",
    updateSchema: ZIssueUpdateSchema,
    sortable: ["created_at"],
    defaultSort: { by: "created_at", order: "desc" },
    listQuery: ZIssueListQuerySchema.omit({
      account_id: true,
      page: true,
      per_page: true,
      keywords: true,
      search_type: true,
      "sort[by]": true,
      "sort[order]": true,
      nonce: true,
    }),
    applyFilters: (qb, q) => {
      let out = qb;
      const locations = [...filterValues<string>(q, "location_id")];
      if (q.resource_id !== undefined) locations.push(String(q.resource_id));
      if (locations.length) {
        out = locations.every(isUuid) ? out.where("location_id", "in", locations) : out.where("id", "is", null);
      }
      const sources = filterValues<string>(q, "source_id");
      if (sources.length)
        out = sources.every(isUuid) ? out.where("source_id", "in", sources) : out.where("id", "is", null);
      const muted = flag(q.muted as string | undefined);
      if (muted !== undefined) out = out.where("muted", "=", muted);
      if (!flag(q.include_resolved as string | undefined)) out = out.where("resolved_at", "is", null);
      return out;
    },
    present: async (rows) => {
      const sourceIds = [...new Set(rows.map((i) => String(i.source_id)))];
      const sources = sourceIds.length
        ? await db.selectFrom("sources").selectAll().where("id", "in", sourceIds).execute()
        : [];
      const byId = new Map(sources.map((s) => [s.id, s]));
      return rows.map((i): TIssue => {
        const s = byId.get(String(i.source_id));
        return {
          id: String(i.id),
          account_id: String(i.account_id),
          location_id: String(i.location_id),
          resource_type: "location",
          resource_id: String(i.location_id),
          source_id: String(i.source_id),
          source_code: s?.code ?? "",
          source_name: s?.name ?? "",
          status: String(i.status),
          title: s?.connection_issue_title ?? null,
          message: s?.connection_issue_message ?? null,
          color: s?.color ?? null,
          muted: Boolean(i.muted),
          created_at: new Date(i.created_at as string).toISOString(),
          resolved_at: iso(i.resolved_at as string | null),
          _links: { self: { href: `/api/issues/${i.id}` } },
        };
      });
    },
  });

  // Logos answer without a session (they are plain images); an unknown code gets a grey one.
  app.get(
    "/source-logos/:file",
    { config: { auth: false }, schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const match = /^([a-z0-9_]{1,60})\.svg$/.exec(file);
      if (!match) return reply.status(404).type("text/plain").send("Not Found");
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(sourceLogoSvg(match[1]!));
    },
  );
}
