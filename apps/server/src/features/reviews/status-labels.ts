import type { TListQuery } from "@starboard/contract/hal";
import {
  STATUS_LABEL_NAME_TAKEN,
  type TStatusLabel,
  type TStatusLabelCreate,
  type TStatusLabelList,
  type TStatusLabelWrite,
} from "@starboard/contract/reviews";
import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, ReviewStatusLabelsTable } from "../../db/schema.ts";
import { accountIdFor, authorize, type ScopedDb, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { keywordMatch, offsetPage, relevanceOrder, sortOrder } from "../../platform/list.ts";
import { statusLabelPolicy } from "./policy.ts";

// Review status labels (`/api/review_status_labels`): the account's labels a review's status is set to.

type StatusLabelRow = Selectable<ReviewStatusLabelsTable>;

// ---- Queries ----

function labelsOf(db: ScopedDb, accountId: string, query: TListQuery) {
  const match = keywordMatch("name", query.keywords, query.search_type);
  const qb = db.selectFrom("review_status_labels").where("account_id", "=", accountId);
  return match ? qb.where(match) : qb;
}

async function countLabels(db: ScopedDb, accountId: string, query: TListQuery) {
  const row = await labelsOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** By `sort[by]` (`ordinal`, `name`, `created_at`, or `relevance` with keywords); by ordinal otherwise. */
function selectLabels(db: ScopedDb, accountId: string, query: TListQuery, limit: number, offset: number) {
  let qb = labelsOf(db, accountId, query)
    .selectAll()
    .select(
      sql<number>`(SELECT count(*)::int FROM reviews r WHERE r.status_label_id = review_status_labels.id)`.as(
        "review_count",
      ),
    );
  const by = query["sort[by]"];
  const words = query.keywords?.trim();
  if (by === "relevance" && words) for (const order of relevanceOrder("name", words)) qb = qb.orderBy(order);
  else if (by === "ordinal" || by === "name" || by === "created_at")
    qb = qb.orderBy(by, sortOrder(query["sort[order]"]));
  else qb = qb.orderBy("ordinal", "asc");
  return qb.orderBy("id").limit(limit).offset(offset).execute();
}

/** Another label of the account with this name, whatever the case. */
function findLabelNamed(db: Kysely<DB>, accountId: string, name: string, exceptId?: string) {
  return db
    .selectFrom("review_status_labels")
    .select("id")
    .where("account_id", "=", accountId)
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId!))
    .executeTakeFirst();
}

// ---- Presenter ----

function presentStatusLabel(r: StatusLabelRow & { review_count?: number }): TStatusLabel {
  return {
    id: r.id,
    account_id: r.account_id,
    name: r.name,
    color: r.color ?? null,
    ordinal: Number(r.ordinal),
    created_at: new Date(r.created_at).toISOString(),
    ...(r.review_count !== undefined ? { review_count: Number(r.review_count) } : {}),
    _links: { self: { href: `/api/review_status_labels/${r.id}` } },
  };
}

// ---- Service ----

/** GET /api/review_status_labels: the account's labels (the signed-in account, or `account_id`). */
export async function listStatusLabels(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery,
  url: string,
): Promise<TStatusLabelList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "review_status_labels",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countLabels(db, accountId, query),
    rows: (limit, offset) => selectLabels(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentStatusLabel),
  });
}

async function findLabel(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const label = await scoped(ctx.database.db, actor).find("review_status_labels", id);
  authorize(actor, action, statusLabelPolicy, label);
  return label;
}

export async function getStatusLabel(ctx: AppContext, actor: Actor, id: string): Promise<TStatusLabel> {
  return presentStatusLabel(await findLabel(ctx, actor, id, "read"));
}

async function assertNameFree(ctx: AppContext, accountId: string, name: string | undefined, exceptId?: string) {
  if (name === undefined) return;
  if (await findLabelNamed(ctx.database.db, accountId, name, exceptId)) {
    throw AppError.conflict(STATUS_LABEL_NAME_TAKEN, "name");
  }
}

/** The columns the input sets (an absent field stays as it is). */
function columns(input: Partial<TStatusLabelWrite>) {
  const values: { name?: string; color?: string | null; ordinal?: number } = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.color !== undefined) values.color = input.color;
  if (input.ordinal !== undefined) values.ordinal = input.ordinal;
  return values;
}

/** POST /api/review_status_labels: names are unique per account, whatever the case (409). */
export async function createStatusLabel(
  ctx: AppContext,
  actor: Actor,
  input: TStatusLabelCreate,
): Promise<TStatusLabel> {
  const accountId = accountIdFor(actor, input.account_id);
  await assertNameFree(ctx, accountId, input.name);
  const row = await ctx.database.db
    .insertInto("review_status_labels")
    .values({ ...columns(input), name: input.name, account_id: accountId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentStatusLabel(row);
}

/** PATCH and PUT /api/review_status_labels/{id}. */
export async function updateStatusLabel(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TStatusLabelWrite>,
): Promise<TStatusLabel> {
  const label = await findLabel(ctx, actor, id, "update");
  await assertNameFree(ctx, label.account_id, input.name, label.id);
  const values = columns(input);
  if (Object.keys(values).length === 0) return presentStatusLabel(label);
  const row = await ctx.database.db
    .updateTable("review_status_labels")
    .set(values)
    .where("id", "=", label.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentStatusLabel(row);
}

/**
 * POST /api/review_status_labels/{id}/merge: the reviews with this label take `into_id` (each with a
 * history row), and this label is deleted. 400 on `into_id` unless it is another label of the account.
 */
export async function mergeStatusLabel(
  ctx: AppContext,
  actor: Actor,
  id: string,
  intoId: string | undefined,
): Promise<TStatusLabel> {
  const label = await findLabel(ctx, actor, id, "delete");
  const into = intoId && intoId !== label.id ? await findLabel(ctx, actor, intoId, "update").catch(() => null) : null;
  if (!into || into.account_id !== label.account_id) {
    throw AppError.invalid("into_id", "Choose another status label of this account");
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO review_history (account_id, review_id, user_id, action, details)
      SELECT r.account_id, r.id, ${actor.user.id}, 'status_changed',
        jsonb_build_object('from', jsonb_build_object('id', ${label.id}::text, 'name', ${label.name}::text),
          'to', jsonb_build_object('id', ${into.id}::text, 'name', ${into.name}::text), 'merge', true)
      FROM reviews r WHERE r.status_label_id = ${label.id}`.execute(trx);
    await trx
      .updateTable("reviews")
      .set({ status_label_id: into.id, updated_at: new Date() })
      .where("status_label_id", "=", label.id)
      .execute();
    await trx.deleteFrom("review_status_labels").where("id", "=", label.id).execute();
  });
  const count = await ctx.database.db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status_label_id", "=", into.id)
    .executeTakeFirst();
  return presentStatusLabel({ ...into, review_count: Number(count?.n ?? 0) });
}

/** DELETE /api/review_status_labels/{id}. */
export async function deleteStatusLabel(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const label = await findLabel(ctx, actor, id, "delete");
  await ctx.database.db.deleteFrom("review_status_labels").where("id", "=", label.id).execute();
  return null;
}
