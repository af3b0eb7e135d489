import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, ResponsesTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";

export type ResponseRow = Selectable<ResponsesTable>;

/** States in which a review has a response that is not gone: at most one per review. */
export const LIVE_RESPONSE_STATUSES = [
  "pending",
  "published",
  "error_published",
  "pending_delete",
  "error_unpublished",
] as const;

export function selectLiveResponses(db: Kysely<DB>, reviewId: string) {
  return db
    .selectFrom("responses as p")
    .innerJoin("reviews as r", "r.id", "p.review_id")
    .leftJoin("users as u", "u.id", "p.user_id")
    .selectAll("p")
    .select(["u.name as user_name", "r.location_id"])
    .where("p.review_id", "=", reviewId)
    .where("p.deleted_at", "is", null)
    .orderBy("p.created_at", "desc")
    .execute();
}

/**
 * The account's responses that are not gone, a page in `created_at` or `updated_at` order (then by id), and
 * how many there are (GET /api/responses without review_id).
 */
export async function selectAccountResponses(
  db: Kysely<DB>,
  accountId: string,
  page: { sortBy: "created_at" | "updated_at"; order: "asc" | "desc"; limit: number; offset: number },
) {
  const base = db.selectFrom("responses as p").where("p.account_id", "=", accountId).where("p.deleted_at", "is", null);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
    base
      .innerJoin("reviews as r", "r.id", "p.review_id")
      .leftJoin("users as u", "u.id", "p.user_id")
      .selectAll("p")
      .select(["u.name as user_name", "r.location_id"])
      .orderBy(`p.${page.sortBy}`, page.order)
      .orderBy("p.id", page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows };
}

/** A response that is not gone, in a reachable account, with its author's name. */
export function findResponse(db: ScopedDb, id: string) {
  return db
    .selectFrom("responses")
    .innerJoin("reviews as r", "r.id", "responses.review_id")
    .leftJoin("users as u", "u.id", "responses.user_id")
    .selectAll("responses")
    .select(["u.name as user_name", "r.location_id"])
    .where("responses.id", "=", id)
    .where("responses.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * Everything a publish or delete job needs: the response, its review's id at the source, the source,
 * the location's reference id there (urls.reference_id) and the account's credentials for the source.
 */
export function selectJobContext(db: Kysely<DB>, responseId: string) {
  return db
    .selectFrom("responses as p")
    .innerJoin("reviews as r", "r.id", "p.review_id")
    .innerJoin("sources as s", "s.id", "p.source_id")
    .leftJoin("urls as u", (join) =>
      join.onRef("u.location_id", "=", "r.location_id").onRef("u.source_id", "=", "p.source_id"),
    )
    .leftJoin("source_credentials as c", (join) =>
      join.onRef("c.account_id", "=", "p.account_id").onRef("c.source_id", "=", "p.source_id"),
    )
    .selectAll("p")
    .select([
      "r.source_review_id",
      "r.location_id",
      "s.code as source_code",
      "s.name as source_name",
      "u.reference_id",
      "c.id as credentials_id",
      "c.access_token",
      "c.api_key",
      "c.business_user_id",
      // A sandbox (demo) account's connector reaches only the sandboxes (reviews/connectors/registry.ts).
      sql<boolean>`EXISTS (SELECT 1 FROM sandbox_accounts sa WHERE sa.account_id = p.account_id)`.as("sandbox"),
    ])
    .where("p.id", "=", responseId)
    .executeTakeFirst();
}
export type JobContext = NonNullable<Awaited<ReturnType<typeof selectJobContext>>>;
