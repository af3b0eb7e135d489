import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { sql } from "kysely";
import type { DB, ReviewsTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "../sources/index.ts";

// --- request_page (the JSON API, through `scoped`) ------------------------------------------------

export function findRequestPage(db: ScopedDb, accountId: string) {
  return db.selectFrom("request_pages").selectAll().where("account_id", "=", accountId).executeTakeFirst();
}

export function upsertRequestPage(
  db: Kysely<DB>,
  accountId: string,
  values: { contact_email?: string | null; contact_number?: string | null; logo_url?: string | null },
  userId: string,
) {
  return db
    .insertInto("request_pages")
    .values({ account_id: accountId, ...values, created_by_user_id: userId })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ ...values, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

// --- public pages (no session: everything is found from the location id or the token) -------------

/** A location with its account's name, state and landing page settings; undefined when unknown or inactive. */
export function pageLocation(db: Kysely<DB>, locationId: string) {
  return db
    .selectFrom("locations as l")
    .innerJoin("accounts as a", "a.id", "l.account_id")
    .leftJoin("request_pages as p", "p.account_id", "l.account_id")
    .select([
      "l.id",
      "l.account_id",
      "l.name",
      "l.public_name",
      "a.name as account_name",
      "a.vertical",
      "p.contact_email",
      "p.contact_number",
      "p.logo_url",
    ])
    .where("l.id", "=", locationId)
    .where("a.account_active", "=", true)
    .executeTakeFirst();
}
export type PageLocation = NonNullable<Awaited<ReturnType<typeof pageLocation>>>;

/** The request a link's token names, with its campaign and contact; undefined when unknown. */
export function requestByTokenHash(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom("requests as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .leftJoin("campaigns as c", "c.id", "r.campaign_id")
    .leftJoin("contacts as ct", "ct.id", "r.contact_id")
    .select([
      "r.id",
      "r.account_id",
      "r.campaign_id",
      "r.contact_id",
      "r.location_id",
      "r.status",
      "r.score",
      "r.review_id",
      "r.completed_at",
      "c.feedback_configuration",
      "c.microsurvey_id",
      "c.auto_select_sources",
      "c.url_ids",
      "ct.name as contact_name",
    ])
    .where("r.token_hash", "=", tokenHash)
    .where("a.account_active", "=", true)
    .executeTakeFirst();
}
export type PageRequest = NonNullable<Awaited<ReturnType<typeof requestByTokenHash>>>;

/** Viewing the page: the request is clicked (and so opened), unless it already went further. */
export async function markClicked(db: Kysely<DB>, requestId: string, now: Date) {
  await db
    .updateTable("requests")
    .set({
      clicked_at: sql`coalesce(clicked_at, ${now})`,
      opened_at: sql`coalesce(opened_at, ${now})`,
      status: sql`CASE WHEN status IN ('sent', 'delivered', 'opened') THEN 'clicked' ELSE status END`,
    })
    .where("id", "=", requestId)
    .execute();
}

/**
 * The public review sites offered at a location: its listing URLs marked for review requests, of
 * sources that allow asking, not the feedback source itself; a campaign that picked its sites
 * (`auto_select_sources` false, `url_ids`) offers those of them at this location. One order for
 * everyone (the catalogue's order, then the link): no answer changes what is offered.
 */
export function reviewSites(db: Kysely<DB>, accountId: string, locationId: string, urlIds: string[] | null) {
  let qb = db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .select(["u.id", "u.link", "s.code", "s.name"])
    .where("u.account_id", "=", accountId)
    .where("u.location_id", "=", locationId)
    .where("s.code", "not in", [...FEEDBACK_FORBIDDEN_SOURCES, "feedback"]);
  qb = urlIds && urlIds.length > 0 ? qb.where("u.id", "in", urlIds) : qb.where("u.request_reviews", "=", true);
  return qb.orderBy("s.ordinal").orderBy("u.link").orderBy("u.id").execute();
}
export type ReviewSite = Awaited<ReturnType<typeof reviewSites>>[number];

export function feedbackSourceId(db: Kysely<DB>) {
  return db.selectFrom("sources").select("id").where("code", "=", "feedback").executeTakeFirstOrThrow();
}

export function microsurveyQuestions(db: Kysely<DB>, accountId: string, microsurveyId: string) {
  return db
    .selectFrom("microsurvey_questions as q")
    .innerJoin("microsurveys as m", "m.id", "q.microsurvey_id")
    .select(["q.id", "q.kind", "q.text", "q.choices", "q.required", "q.position"])
    .where("m.id", "=", microsurveyId)
    .where("m.account_id", "=", accountId)
    .where("m.deleted_at", "is", null)
    .orderBy("q.position")
    .execute();
}
export type MicrosurveyQuestion = Awaited<ReturnType<typeof microsurveyQuestions>>[number];

export function microsurveyAnswers(db: Kysely<DB>, microsurveyId: string, requestId: string) {
  return db
    .selectFrom("microsurvey_responses")
    .select(["id", "answers"])
    .where("microsurvey_id", "=", microsurveyId)
    .where("request_id", "=", requestId)
    .executeTakeFirst();
}

/** What a request's answer said, to show it again. */
export function reviewText(db: Kysely<DB>, reviewId: string) {
  return db.selectFrom("reviews").select(["content", "author_name"]).where("id", "=", reviewId).executeTakeFirst();
}

export function insertReview(trx: Transaction<DB>, row: Insertable<ReviewsTable>) {
  return trx.insertInto("reviews").values(row).returning("id").executeTakeFirstOrThrow();
}

export function updateReview(trx: Transaction<DB>, id: string, values: Updateable<ReviewsTable>) {
  return trx.updateTable("reviews").set(values).where("id", "=", id).execute();
}

export function replaceMentions(trx: Transaction<DB>, reviewId: string, rows: Insertable<DB["review_mentions"]>[]) {
  return (async () => {
    await trx.deleteFrom("review_mentions").where("review_id", "=", reviewId).execute();
    if (rows.length) await trx.insertInto("review_mentions").values(rows).execute();
  })();
}

/** The answered request: completed, with its score and review (answering again keeps the first completion time). */
export function completeRequest(
  trx: Transaction<DB>,
  requestId: string,
  values: { score: number | null; reviewId: string; now: Date },
) {
  return trx
    .updateTable("requests")
    .set({
      status: "completed",
      score: values.score,
      review_id: values.reviewId,
      completed_at: sql`coalesce(completed_at, ${values.now})`,
      clicked_at: sql`coalesce(clicked_at, ${values.now})`,
      opened_at: sql`coalesce(opened_at, ${values.now})`,
    })
    .where("id", "=", requestId)
    .execute();
}

export function upsertMicrosurveyResponse(
  trx: Transaction<DB>,
  values: {
    accountId: string;
    microsurveyId: string;
    requestId: string;
    locationId: string | null;
    contactId: string | null;
    reviewId: string;
    answers: Record<string, string | number>;
    now: Date;
  },
) {
  return trx
    .insertInto("microsurvey_responses")
    .values({
      account_id: values.accountId,
      microsurvey_id: values.microsurveyId,
      request_id: values.requestId,
      location_id: values.locationId,
      contact_id: values.contactId,
      review_id: values.reviewId,
      answers: JSON.stringify(values.answers),
    })
    .onConflict((oc) =>
      oc
        .columns(["microsurvey_id", "request_id"])
        .where("request_id", "is not", null)
        .doUpdateSet({ answers: JSON.stringify(values.answers), review_id: values.reviewId, updated_at: values.now }),
    )
    .execute();
}
