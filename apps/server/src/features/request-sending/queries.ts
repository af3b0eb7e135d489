import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB>;

export async function findSettings(db: Db, accountId: string) {
  return db.selectFrom("request_settings").selectAll().where("account_id", "=", accountId).executeTakeFirst();
}

export async function upsertSettings(
  db: Db,
  accountId: string,
  v: { quiet_hours_start: string; quiet_hours_end: string; min_days_between_requests: number },
) {
  return db
    .insertInto("request_settings")
    .values({ account_id: accountId, ...v, updated_at: new Date() })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ ...v, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findCampaign(db: Db, id: string) {
  return db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markCampaignSending(db: Db, id: string) {
  await db
    .updateTable("campaigns")
    .set({ status: "sending", started_at: sql`coalesce(started_at, now())`, updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "in", ["scheduled", "sending"])
    .execute();
}

/** Recipients of the campaign without a request yet (a batch), with what the skip rules and quiet hours read. */
export function recipientsWithoutRequest(db: Db, campaignId: string, limit: number) {
  return db
    .selectFrom("campaign_recipients as cr")
    .innerJoin("campaigns as cp", "cp.id", "cr.campaign_id")
    .innerJoin("contacts as c", "c.id", "cr.contact_id")
    .innerJoin("accounts as a", "a.id", "cp.account_id")
    .leftJoin("locations as l", (join) => join.on(sql<boolean>`l.id = coalesce(c.location_id, cp.location_id)`))
    .select([
      "c.id",
      "c.email",
      "c.phone",
      "c.sms_consent",
      "c.email_opted_out_at",
      "c.sms_opted_out_at",
      "c.email_undeliverable_at",
      "c.last_requested_at",
      "l.id as location_id",
      sql<string>`coalesce(l.time_zone, a.time_zone, 'UTC')`.as("time_zone"),
    ])
    .where("cr.campaign_id", "=", campaignId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("requests as r")
            .select("r.id")
            .whereRef("r.campaign_id", "=", "cr.campaign_id")
            .whereRef("r.contact_id", "=", "cr.contact_id"),
        ),
      ),
    )
    .orderBy("c.id")
    .limit(limit)
    .execute();
}

export type ContactForRules = {
  email: string | null;
  phone: string | null;
  sms_consent: unknown;
  email_opted_out_at: Date | null;
  sms_opted_out_at: Date | null;
  email_undeliverable_at: Date | null;
  last_requested_at: Date | null;
};

/** Whether the address or number is on the account's do-not-contact list. */
export async function onDoNotContact(db: Db, accountId: string, email: string | null, phone: string | null) {
  if (!email && !phone) return false;
  const row = await db
    .selectFrom("do_not_contact")
    .select("id")
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb(sql`lower(email)`, "=", email.toLowerCase())] : []),
        ...(phone ? [eb("phone", "=", phone)] : []),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Reserves `n` consecutive send slots of a sender (channel and sender address), `intervalMs` apart, not before
 * `notBefore`; the row stays locked until the caller's transaction ends, so campaigns of one sender queue behind
 * each other. Answers the slots.
 */
export async function reserveSlots(trx: Db, senderKey: string, n: number, intervalMs: number, notBefore: Date) {
  if (n <= 0) return [];
  await trx
    .insertInto("request_send_slots")
    .values({ sender_key: senderKey, next_at: notBefore })
    .onConflict((oc) => oc.column("sender_key").doNothing())
    .execute();
  const { rows } = await sql<{ first: Date }>`
    UPDATE request_send_slots
       SET next_at = greatest(next_at, ${notBefore}::timestamptz) + ${`${n * intervalMs} milliseconds`}::interval
     WHERE sender_key = ${senderKey}
     RETURNING next_at - ${`${n * intervalMs} milliseconds`}::interval AS first`.execute(trx);
  const first = new Date(rows[0]?.first ?? notBefore).getTime();
  return Array.from({ length: n }, (_, i) => new Date(first + i * intervalMs));
}

/** Everything the send job reads about one request, the request row locked. */
export function lockRequestForSend(trx: Db, requestId: string) {
  return trx
    .selectFrom("requests as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .leftJoin("campaigns as cp", "cp.id", "r.campaign_id")
    .leftJoin("contacts as c", "c.id", "r.contact_id")
    .leftJoin("locations as l", "l.id", "r.location_id")
    .select([
      "r.id",
      "r.account_id",
      "r.campaign_id",
      "r.contact_id",
      "r.channel",
      "r.status",
      "r.send_claimed_at",
      "cp.status as campaign_status",
      "cp.sender_email",
      "cp.sender_name",
      "cp.template_id",
      "cp.subject as campaign_subject",
      "cp.content as campaign_content",
      "cp.header_text as campaign_header_text",
      "cp.header_image as campaign_header_image",
      "cp.use_header_image as campaign_use_header_image",
      "cp.feedback_configuration",
      "cp.created_by_user_id",
      "c.name as contact_name",
      "c.email",
      "c.phone",
      "c.sms_consent",
      "c.email_opted_out_at",
      "c.sms_opted_out_at",
      "c.email_undeliverable_at",
      "c.last_requested_at",
      "a.name as business_name",
      "l.name as location_name",
      sql<string>`coalesce(l.time_zone, a.time_zone, 'UTC')`.as("time_zone"),
    ])
    .where("r.id", "=", requestId)
    .forUpdate("r")
    .executeTakeFirst();
}

export function lockContact(trx: Db, contactId: string) {
  return trx
    .selectFrom("contacts")
    .select([
      "email",
      "phone",
      "sms_consent",
      "email_opted_out_at",
      "sms_opted_out_at",
      "email_undeliverable_at",
      "last_requested_at",
    ])
    .where("id", "=", contactId)
    .forUpdate()
    .executeTakeFirst();
}

export function findTemplate(db: Db, id: string) {
  return db.selectFrom("request_templates").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserEmail(db: Db, id: string) {
  return db.selectFrom("users").select(["email"]).where("id", "=", id).executeTakeFirst();
}

export function findSentEmail(db: Db, key: string) {
  return db
    .selectFrom("sent_emails")
    .select(["state", "smtp_response"])
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export async function recordSend(
  trx: Db,
  v: {
    requestId: string;
    channel: "email" | "sms";
    to: string;
    state: "sent" | "failed" | "uncertain";
    providerStatus?: string | null;
    errorCode?: string | null;
    errorMessage?: string | null;
  },
) {
  const values = {
    state: v.state,
    provider_status: v.providerStatus ?? null,
    error_code: v.errorCode ?? null,
    error_message: v.errorMessage ?? null,
    sent_at: v.state === "failed" ? null : new Date(),
  };
  await trx
    .insertInto("request_sends")
    .values({ request_id: v.requestId, channel: v.channel, to_address: v.to, ...values })
    .onConflict((oc) => oc.columns(["request_id", "channel"]).doUpdateSet(values))
    .execute();
}

/** Campaign → sent when it has a request for every recipient and none is still queued or held. */
export async function settleCampaign(db: Db, campaignId: string | null) {
  if (!campaignId) return false;
  const res = await sql`
    UPDATE campaigns SET status = 'sent', sent_at = now(), updated_at = now()
     WHERE id = ${campaignId} AND status = 'sending'
       AND NOT EXISTS (SELECT 1 FROM requests WHERE campaign_id = ${campaignId} AND status IN ('queued', 'held'))
       AND (SELECT count(*) FROM requests WHERE campaign_id = ${campaignId})
           >= (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ${campaignId})`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

export async function markOpened(db: Db, tokenHash: string) {
  await sql`
    UPDATE requests
       SET opened_at = coalesce(opened_at, now()),
           status = CASE WHEN status IN ('sent', 'delivered') THEN 'opened' ELSE status END
     WHERE token_hash = ${tokenHash} AND status IN ('sent', 'delivered', 'opened', 'clicked', 'completed')`.execute(db);
}

export function findRequestByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("requests")
    .select(["id", "contact_id", "channel"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function optOutContactEmail(db: Db, contactId: string) {
  await db
    .updateTable("contacts")
    .set({ email_opted_out_at: sql`coalesce(email_opted_out_at, now())`, updated_at: new Date() })
    .where("id", "=", contactId)
    .execute();
}

export function findRequestWithEmail(db: Db, requestId: string) {
  return db
    .selectFrom("requests as r")
    .leftJoin("contacts as c", "c.id", "r.contact_id")
    .select(["r.id", "r.status", "r.campaign_id", "r.contact_id", "r.channel", "c.email"])
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}

export async function markUndeliverable(trx: Db, contactId: string | null, reason: string) {
  if (!contactId) return;
  await trx
    .updateTable("contacts")
    .set({
      email_undeliverable_at: sql`coalesce(email_undeliverable_at, now())`,
      email_undeliverable_reason: reason.slice(0, 500),
      updated_at: new Date(),
    })
    .where("id", "=", contactId)
    .execute();
}

export async function markFailed(trx: Db, requestId: string, reason: string) {
  await trx
    .updateTable("requests")
    .set({ status: "failed", failure_reason: reason, failed_at: new Date() })
    .where("id", "=", requestId)
    .where("status", "not in", ["clicked", "completed"])
    .execute();
}
