import type { TListQuery } from "@starboard/contract/hal";
import type {
  TRenderedTemplate,
  TResponseTemplate,
  TResponseTemplateCreate,
  TResponseTemplateList,
  TResponseTemplateWrite,
} from "@starboard/contract/reviews";
import type { Selectable } from "kysely";
import type { ResponseTemplatesTable } from "../../db/schema.ts";
import { accountIdFor, authorize, type ScopedDb, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { keywordMatch, offsetPage, relevanceOrder, sortOrder } from "../../platform/list.ts";
import { responseTemplatePolicy } from "./policy.ts";
import { findReachableReview } from "./service.ts";

// Response templates (`/api/response_templates`): the account's canned responses, rendered for a review.

type TemplateRow = Selectable<ResponseTemplatesTable>;

// ---- Queries ----

function templatesOf(db: ScopedDb, accountId: string, query: TListQuery) {
  const match = keywordMatch("name", query.keywords, query.search_type);
  const qb = db.selectFrom("response_templates").where("account_id", "=", accountId);
  return match ? qb.where(match) : qb;
}

async function countTemplates(db: ScopedDb, accountId: string, query: TListQuery) {
  const row = await templatesOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (`name`, `created_at`, or `relevance` with keywords); by name otherwise. */
function selectTemplates(db: ScopedDb, accountId: string, query: TListQuery, limit: number, offset: number) {
  let qb = templatesOf(db, accountId, query).selectAll();
  const by = query["sort[by]"];
  const words = query.keywords?.trim();
  if (by === "relevance" && words) for (const order of relevanceOrder("name", words)) qb = qb.orderBy(order);
  else if (by === "name" || by === "created_at") qb = qb.orderBy(by, sortOrder(query["sort[order]"]));
  else qb = qb.orderBy("name", "asc");
  return qb.orderBy("id").limit(limit).offset(offset).execute();
}

// ---- Presenter ----

function presentTemplate(r: TemplateRow): TResponseTemplate {
  return {
    id: r.id,
    account_id: r.account_id,
    name: r.name,
    content: r.content,
    rating_min: r.rating_min ?? null,
    rating_max: r.rating_max ?? null,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    _links: { self: { href: `/api/response_templates/${r.id}` } },
  };
}

/** Expands {reviewer_name}, {location_name} and {rating}; other braces stay as written. */
export function renderTemplate(content: string, values: Record<"reviewer_name" | "location_name" | "rating", string>) {
  return content.replace(/\{(reviewer_name|location_name|rating)\}/g, (_, key: keyof typeof values) => values[key]);
}

// ---- Service ----

/** GET /api/response_templates: the account's templates (the signed-in account, or `account_id`). */
export async function listResponseTemplates(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery,
  url: string,
): Promise<TResponseTemplateList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "response_templates",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countTemplates(db, accountId, query),
    rows: (limit, offset) => selectTemplates(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentTemplate),
  });
}

async function findTemplate(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const template = await scoped(ctx.database.db, actor).find("response_templates", id);
  authorize(actor, action, responseTemplatePolicy, template);
  return template;
}

export async function getResponseTemplate(ctx: AppContext, actor: Actor, id: string): Promise<TResponseTemplate> {
  return presentTemplate(await findTemplate(ctx, actor, id, "read"));
}

/** The columns the input sets (an absent field stays as it is). */
function columns(input: Partial<TResponseTemplateWrite>) {
  const values: { name?: string; content?: string; rating_min?: number | null; rating_max?: number | null } = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.content !== undefined) values.content = input.content;
  if (input.rating_min !== undefined) values.rating_min = input.rating_min;
  if (input.rating_max !== undefined) values.rating_max = input.rating_max;
  return values;
}

/** POST /api/response_templates. */
export async function createResponseTemplate(
  ctx: AppContext,
  actor: Actor,
  input: TResponseTemplateCreate,
): Promise<TResponseTemplate> {
  const accountId = accountIdFor(actor, input.account_id);
  const row = await ctx.database.db
    .insertInto("response_templates")
    .values({ ...columns(input), name: input.name, content: input.content, account_id: accountId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentTemplate(row);
}

/** PATCH and PUT /api/response_templates/{id}. */
export async function updateResponseTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TResponseTemplateWrite>,
): Promise<TResponseTemplate> {
  const template = await findTemplate(ctx, actor, id, "update");
  const row = await ctx.database.db
    .updateTable("response_templates")
    .set({ ...columns(input), updated_at: new Date() })
    .where("id", "=", template.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentTemplate(row);
}

/** DELETE /api/response_templates/{id}. */
export async function deleteResponseTemplate(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const template = await findTemplate(ctx, actor, id, "delete");
  await ctx.database.db.deleteFrom("response_templates").where("id", "=", template.id).execute();
  return null;
}

/**
 * POST /api/response_templates/{id}/render: the template filled in for a review of the same account
 * (404 for a review of another account, even a reachable one).
 */
export async function renderResponseTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reviewId: string,
): Promise<TRenderedTemplate> {
  const template = await findTemplate(ctx, actor, id, "read");
  const review = await findReachableReview(ctx, actor, reviewId, "read");
  if (review.account_id !== template.account_id) throw AppError.notFound();
  return {
    template_id: template.id,
    review_id: review.id,
    content: renderTemplate(template.content, {
      reviewer_name: review.author_name?.trim() || "there",
      location_name: review.location_name,
      rating: review.rating ? String(review.rating) : "",
    }),
  };
}
