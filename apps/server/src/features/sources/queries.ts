import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "./catalogue.ts";

export interface SourceFilter {
  /** Only sources the account has a listing URL or reviews on; undefined: the whole catalogue. */
  accountId?: string | undefined;
  keywords?: string | undefined;
  typeahead?: boolean;
  supportsReviews?: boolean | undefined;
  supportsResponses?: boolean | undefined;
  supportsImages?: boolean | undefined;
}
export type SourceSortKey = "ordinal" | "name" | "code";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

function filtered(db: Kysely<DB>, f: SourceFilter) {
  let qb = db.selectFrom("sources as s");
  if (f.accountId) {
    const accountId = f.accountId;
    qb = qb.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("urls as u")
            .select(sql`1`.as("one"))
            .whereRef("u.source_id", "=", "s.id")
            .where("u.account_id", "=", accountId),
        ),
        // The index (account_id, source_id, published_at DESC) answers each probe.
        eb.exists(
          eb
            .selectFrom("reviews as r")
            .select(sql`1`.as("one"))
            .whereRef("r.source_id", "=", "s.id")
            .where("r.account_id", "=", accountId),
        ),
      ]),
    );
  }
  const kw = f.keywords?.trim().toLowerCase();
  if (kw) qb = qb.where(sql`lower(s.name)`, "like", `${f.typeahead ? "" : "%"}${escapeLike(kw)}%`);
  if (f.supportsReviews !== undefined) qb = qb.where("s.supports_reviews", "=", f.supportsReviews);
  if (f.supportsResponses !== undefined) qb = qb.where("s.supports_responses", "=", f.supportsResponses);
  if (f.supportsImages !== undefined) qb = qb.where("s.supports_images", "=", f.supportsImages);
  return qb;
}

export async function listSources(
  db: Kysely<DB>,
  f: SourceFilter,
  sort: { key: SourceSortKey; order: "asc" | "desc" }[],
  page: { limit: number; offset: number },
) {
  const base = filtered(db, f);
  const count = await base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  let qb = base.selectAll("s");
  for (const s of sort) qb = qb.orderBy(`s.${s.key}`, s.order);
  const rows = await qb.orderBy("s.id").limit(page.limit).offset(page.offset).execute();
  return { total: Number(count.n), rows };
}

export function findSource(db: Kysely<DB>, id: string) {
  return db.selectFrom("sources").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface UrlFilter {
  accountId: string;
  locationIds: string[];
  sourceIds: string[];
  excludeRequestReviews: boolean;
  excludeFeedbackForbidden: boolean;
}

function urlQuery(db: Kysely<DB>, f: UrlFilter) {
  let qb = db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .where("u.account_id", "=", f.accountId);
  if (f.locationIds.length) qb = qb.where("u.location_id", "in", f.locationIds);
  if (f.sourceIds.length) qb = qb.where("u.source_id", "in", f.sourceIds);
  if (f.excludeRequestReviews) qb = qb.where("u.request_reviews", "=", true);
  if (f.excludeFeedbackForbidden) qb = qb.where("s.code", "not in", [...FEEDBACK_FORBIDDEN_SOURCES]);
  return qb;
}

export async function listUrls(
  db: Kysely<DB>,
  f: UrlFilter,
  sort: { by: "link" | "source_name"; order: "asc" | "desc" },
  page: { limit: number; offset: number },
) {
  const base = urlQuery(db, f);
  const count = await base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const sortRef = sort.by === "link" ? "u.link" : "s.name";
  const rows = await base
    .selectAll("u")
    .select(["s.code as source_code", "s.name as source_name"])
    .orderBy(sortRef, sort.order)
    .orderBy("u.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(count.n), rows };
}

/** Every catalogue source that carries reviews, with the location's URL there if it has one. */
export function selectUrlsCheck(db: Kysely<DB>, locationId: string) {
  return db
    .selectFrom("sources as s")
    .leftJoin("urls as u", (join) => join.onRef("u.source_id", "=", "s.id").on("u.location_id", "=", locationId))
    .select(["s.id as source_id", "s.code as source_code", "s.name as source_name", "u.id as url_id", "u.link"])
    .where("s.supports_reviews", "=", true)
    .orderBy("s.ordinal")
    .execute();
}
