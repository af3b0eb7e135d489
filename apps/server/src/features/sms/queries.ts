import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export interface SmsSendRow {
  id: string;
  request_id: string;
  state: "claimed" | "committing" | "sent" | "failed" | "uncertain";
  claim_id: string | null;
  to_address: string;
  provider_message_id: string | null;
  claimed_at: Date;
  committing_at: Date | null;
}

/** The request (of this account) an SMS is for, with its contact's SMS opt-out. */
export async function requestForSms(db: Kysely<DB>, requestId: string, accountId: string) {
  return db
    .selectFrom("requests as r")
    .leftJoin("contacts as c", "c.id", "r.contact_id")
    .select(["r.id", "r.status", "r.contact_id", "c.sms_opted_out_at"])
    .where("r.id", "=", requestId)
    .where("r.account_id", "=", accountId)
    .executeTakeFirst();
}

/**
 * Claims the SMS of a request: a new row, or a row still `claimed` by an attempt that never reached
 * "committing". Answers the claim id when this attempt holds it, else null.
 */
export async function claimSms(db: Kysely<DB>, requestId: string, to: string, claimId: string): Promise<string | null> {
  const { rows } = await sql<{ claim_id: string }>`
    INSERT INTO request_sends (request_id, channel, state, claim_id, to_address, claimed_at)
    VALUES (${requestId}, 'sms', 'claimed', ${claimId}, ${to}, now())
    ON CONFLICT (request_id, channel) DO UPDATE
      SET claim_id = EXCLUDED.claim_id, claimed_at = now(), attempt = request_sends.attempt + 1,
        to_address = EXCLUDED.to_address
      WHERE request_sends.state = 'claimed'
    RETURNING claim_id`.execute(db);
  return rows[0]?.claim_id === claimId ? claimId : null;
}

export async function smsSendOf(db: Kysely<DB>, requestId: string): Promise<SmsSendRow | undefined> {
  return db
    .selectFrom("request_sends")
    .select([
      "id",
      "request_id",
      "state",
      "claim_id",
      "to_address",
      "provider_message_id",
      "claimed_at",
      "committing_at",
    ])
    .where("request_id", "=", requestId)
    .where("channel", "=", "sms")
    .executeTakeFirst();
}

/** claimed → committing, only while this attempt holds the claim. */
export async function commitSms(db: Kysely<DB>, id: string, claimId: string): Promise<boolean> {
  const moved = await db
    .updateTable("request_sends")
    .set({ state: "committing", committing_at: new Date() })
    .where("id", "=", id)
    .where("claim_id", "=", claimId)
    .where("state", "=", "claimed")
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** committing → claimed: the provider answered that it did not take the message. */
export async function releaseSms(db: Kysely<DB>, id: string, claimId: string): Promise<void> {
  await db
    .updateTable("request_sends")
    .set({ state: "claimed", committing_at: null })
    .where("id", "=", id)
    .where("claim_id", "=", claimId)
    .where("state", "=", "committing")
    .execute();
}

/** An interrupted send (committing, the attempt gone) is taken over by this attempt, before it is looked up. */
export async function takeOverSms(
  db: Kysely<DB>,
  id: string,
  fromClaim: string | null,
  toClaim: string,
): Promise<boolean> {
  let query = db
    .updateTable("request_sends")
    .set((eb) => ({ claim_id: toClaim, attempt: eb("attempt", "+", 1) }))
    .where("id", "=", id)
    .where("state", "in", ["committing", "uncertain"]);
  query = fromClaim === null ? query.where("claim_id", "is", null) : query.where("claim_id", "=", fromClaim);
  const moved = await query.executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Sent: the provider's id; the request is `sent` unless it is already further on. */
export async function markSmsSent(
  db: Kysely<DB>,
  send: { id: string; requestId: string },
  claimId: string,
  sid: string,
  status: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("request_sends")
      .set((eb) => ({
        state: "sent",
        sent_at: new Date(),
        provider_message_id: sid,
        provider_status: eb.fn.coalesce("provider_status", eb.val(status)),
      }))
      .where("id", "=", send.id)
      .where("claim_id", "=", claimId)
      .where("state", "in", ["committing", "uncertain"])
      .execute();
    await sql`UPDATE requests SET sent_at = COALESCE(sent_at, now()),
        status = CASE WHEN status IN ('queued', 'held') THEN 'sent' ELSE status END
      WHERE id = ${send.requestId}`.execute(trx);
  });
}

/** The provider refused the message for good: the send and the request fail with the reason. */
export async function markSmsFailed(
  db: Kysely<DB>,
  send: { id: string; requestId: string },
  claimId: string,
  error: { code: string | null; message: string; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("request_sends")
      .set({ state: "failed", error_code: error.code, error_message: error.message.slice(0, 1000) })
      .where("id", "=", send.id)
      .where("claim_id", "=", claimId)
      .execute();
    await failRequest(trx, send.requestId, error.reason);
  });
}

export async function failRequest(db: Kysely<DB>, requestId: string, reason: string): Promise<void> {
  await db
    .updateTable("requests")
    .set({ status: "failed", failure_reason: reason, failed_at: new Date() })
    .where("id", "=", requestId)
    .where("status", "in", ["queued", "held", "sent", "delivered"])
    .execute();
}

/** The request is skipped: its customer opted out of texts before it went. */
export async function skipOptedOut(
  db: Kysely<DB>,
  send: { id: string; requestId: string },
  claimId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("request_sends")
      .set({ state: "failed", error_code: "opted_out", error_message: "The customer opted out of texts" })
      .where("id", "=", send.id)
      .where("claim_id", "=", claimId)
      .execute();
    await trx
      .updateTable("requests")
      .set({ status: "skipped", skip_reason: "opted_out" })
      .where("id", "=", send.requestId)
      .where("status", "in", ["queued", "held"])
      .execute();
  });
}

/** Of these provider ids, those another send already recorded. */
export async function recordedSids(db: Kysely<DB>, sids: string[], exceptId: string): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const rows = await db
    .selectFrom("request_sends")
    .select("provider_message_id")
    .where("provider_message_id", "in", sids)
    .where("id", "<>", exceptId)
    .execute();
  return new Set(rows.map((r) => r.provider_message_id as string));
}

/** The contact of the account with this phone opts out of texts (a refused send: 21610). */
export async function optOutContactPhone(db: Kysely<DB>, accountId: string, phone: string): Promise<void> {
  await db
    .updateTable("contacts")
    .set({ sms_opted_out_at: new Date(), updated_at: new Date() })
    .where("account_id", "=", accountId)
    .where("phone", "=", phone)
    .where("sms_opted_out_at", "is", null)
    .execute();
}

// ---- Webhooks --------------------------------------------------------------------------------------------

/** The SMS send a status callback is about: by the provider's id, else by the request named in the callback URL. */
export async function sendForCallback(db: Kysely<DB>, sid: string, requestId: string | undefined) {
  const bySid = await db
    .selectFrom("request_sends as s")
    .innerJoin("requests as r", "r.id", "s.request_id")
    .select(["s.id", "s.request_id", "s.provider_message_id", "s.provider_status", "r.account_id", "s.to_address"])
    .where("s.channel", "=", "sms")
    .where("s.provider_message_id", "=", sid)
    .executeTakeFirst();
  if (bySid || !requestId) return bySid;
  return db
    .selectFrom("request_sends as s")
    .innerJoin("requests as r", "r.id", "s.request_id")
    .select(["s.id", "s.request_id", "s.provider_message_id", "s.provider_status", "r.account_id", "s.to_address"])
    .where("s.channel", "=", "sms")
    .where("s.request_id", "=", requestId)
    .where((eb) => eb.or([eb("s.provider_message_id", "is", null), eb("s.provider_message_id", "=", sid)]))
    .executeTakeFirst();
}

export async function recordStatus(
  db: Kysely<DB>,
  send: { id: string; requestId: string },
  update: { sid: string; status: string; errorCode: string | null },
  outcome: { delivered: boolean; failedReason: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("request_sends")
      .set((eb) => ({
        provider_status: update.status,
        provider_message_id: eb.fn.coalesce("provider_message_id", eb.val(update.sid)),
        ...(update.errorCode ? { error_code: update.errorCode } : {}),
      }))
      .where("id", "=", send.id)
      .execute();
    if (outcome.delivered) {
      await sql`UPDATE requests SET delivered_at = COALESCE(delivered_at, now()), sent_at = COALESCE(sent_at, now()),
          status = CASE WHEN status IN ('queued', 'held', 'sent') THEN 'delivered' ELSE status END
        WHERE id = ${send.requestId}`.execute(trx);
    }
    if (outcome.failedReason) await failRequest(trx, send.requestId, outcome.failedReason);
  });
}

/** Accounts that texted this phone (an SMS request to it), newest first; only sandbox accounts, or only others. */
export async function accountsThatTexted(db: Kysely<DB>, phone: string, sandbox: boolean): Promise<string[]> {
  const { rows } = await sql<{ account_id: string }>`
    SELECT r.account_id, max(s.claimed_at) AS last
    FROM request_sends s JOIN requests r ON r.id = s.request_id
    WHERE s.channel = 'sms' AND s.to_address = ${phone}
      AND ${sandbox ? sql`EXISTS` : sql`NOT EXISTS`} (SELECT 1 FROM sandbox_accounts sa WHERE sa.account_id = r.account_id)
    GROUP BY r.account_id
    ORDER BY last DESC`.execute(db);
  return rows.map((r) => r.account_id);
}

/** Sets (or clears) the SMS opt-out of the contacts with this phone in these accounts. */
export async function setPhoneOptOut(db: Kysely<DB>, accountIds: string[], phone: string, optedOut: boolean) {
  if (accountIds.length === 0) return;
  await db
    .updateTable("contacts")
    .set({ sms_opted_out_at: optedOut ? new Date() : null, updated_at: new Date() })
    .where("account_id", "in", accountIds)
    .where("phone", "=", phone)
    .where("sms_opted_out_at", optedOut ? "is" : "is not", null)
    .execute();
}

/** Records an incoming message once (by its provider id); false when it was recorded before. */
export async function recordInbound(
  db: Kysely<DB>,
  row: { accountId: string | null; sid: string | null; from: string; to: string | null; body: string; action: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("sms_inbound")
    .values({
      account_id: row.accountId,
      provider_message_id: row.sid,
      from_phone: row.from,
      to_phone: row.to,
      body: row.body,
      action: row.action,
    })
    .onConflict((oc) => oc.column("provider_message_id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The account's name and its landing page contact (HELP's answer). */
export async function helpContactOf(db: Kysely<DB>, accountId: string) {
  return db
    .selectFrom("accounts as a")
    .leftJoin("request_pages as p", "p.account_id", "a.id")
    .select(["a.name", "p.contact_email", "p.contact_number"])
    .where("a.id", "=", accountId)
    .executeTakeFirst();
}
