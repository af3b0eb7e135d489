import { fillTemplate, firstNameOf } from "@starboard/contract/response-templates";
import type {
  TRenderedTemplate,
  TResponseTemplate,
  TResponseTemplateCreate,
  TResponseTemplateList,
  TResponseTemplateListQuery,
  TResponseTemplateWrite,
} from "@starboard/contract/reviews";
import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { ResponseTemplatesTable } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, type ScopedDb, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { keywordMatch, offsetPage, relevanceOrder, sortOrder } from "../../platform/list.ts";
import { responseTemplatePolicy } from "./policy.ts";
import { findReachableReview } from "./service.ts";

// Response templates (`/api/response_templates`): the account's canned responses, rendered for a review.

type TemplateRow = Selectable<ResponseTemplatesTable>;

// ---- Queries ----

/** `rating` and `source_id`: the templates offered for such a review (contract templateFits, in SQL). */
function templatesOf(db: ScopedDb, accountId: string, query: TResponseTemplateListQuery) {
  const match = keywordMatch("name", query.keywords, query.search_type);
  let qb = db.selectFrom("response_templates").where("account_id", "=", accountId);
  if (query.rating !== undefined && query.rating !== "") {
    const rating = Number(query.rating);
    qb = qb.where(sql<boolean>`coalesce(rating_min, 0) <= ${rating} AND coalesce(rating_max, 5) >= ${rating}`);
  }
  if (query.source_id !== undefined && query.source_id !== "") {
    qb = qb.where(sql<boolean>`(cardinality(source_ids) = 0 OR ${query.source_id}::uuid = ANY(source_ids))`);
  }
  return match ? qb.where(match) : qb;
}

async function countTemplates(db: ScopedDb, accountId: string, query: TResponseTemplateListQuery) {
  const row = await templatesOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (`name`, `created_at`, or `relevance` with keywords); by name otherwise. */
function selectTemplates(
  db: ScopedDb,
  accountId: string,
  query: TResponseTemplateListQuery,
  limit: number,
  offset: number,
) {
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
    source_ids: r.source_ids ?? [],
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    _links: { self: { href: `/api/response_templates/${r.id}` } },
  };
}

/** The placeholders' values for a review (contract response-templates.ts). */
export function placeholderValues(review: {
  author_name: string | null;
  location_name: string;
  rating: number | null;
  source_name: string;
}) {
  return {
    reviewer_first_name: firstNameOf(review.author_name),
    reviewer_name: review.author_name?.trim() || "there",
    location_name: review.location_name,
    rating: review.rating ? String(review.rating) : "",
    source_name: review.source_name,
  };
}

// ---- Service ----

/** GET /api/response_templates: the account's templates (the signed-in account, or `account_id`). */
export async function listResponseTemplates(
  ctx: AppContext,
  actor: Actor,
  query: TResponseTemplateListQuery,
  url: string,
): Promise<TResponseTemplateList> {
  const accountId = accountIdFor(actor, query.account_id);
  if (query.rating !== undefined && query.rating !== "" && !/^[0-5]$/.test(query.rating)) {
    throw AppError.invalid("rating", "Ratings are 0 (no stars) to 5");
  }
  if (query.source_id !== undefined && query.source_id !== "" && !isUuid(query.source_id)) {
    throw AppError.invalid("source_id", "Invalid id");
  }
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
  const values: {
    name?: string;
    content?: string;
    rating_min?: number | null;
    rating_max?: number | null;
    source_ids?: string[];
  } = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.content !== undefined) values.content = input.content;
  if (input.rating_min !== undefined) values.rating_min = input.rating_min;
  if (input.rating_max !== undefined) values.rating_max = input.rating_max;
  if (input.source_ids !== undefined) {
    if (input.source_ids.some((id) => !isUuid(id))) throw AppError.invalid("source_ids", "Invalid id");
    values.source_ids = [...new Set(input.source_ids)];
  }
  if (
    values.rating_min !== undefined &&
    values.rating_max !== undefined &&
    values.rating_min !== null &&
    values.rating_max !== null &&
    values.rating_min > values.rating_max
  ) {
    throw AppError.invalid("rating_min", "The lowest rating must not be above the highest");
  }
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
    content: fillTemplate(template.content, placeholderValues(review)),
  };
}
