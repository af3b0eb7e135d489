// Sending review requests (docs/product/reviews.md §3 "Review requests"; docs/api.md "Sending review requests").
// - `startCampaign`: one request per recipient (UNIQUE (campaign_id, contact_id): a repeated job adds nothing),
//   each with its link token's hash, skipped with the reason, held for quiet hours, or queued into the sender's
//   throttle; its `requests.send` job is written in the same transaction as the row. Recipients are the
//   campaign's, all of them: never chosen by past rating or sentiment.
// - `sendRequest`: claims the request (skip rules again, quiet hours again, the frequency cap reserved), renders
//   it with the contract's renderer and sends it once (e-mail: Mailer.deliver keyed by the request; SMS: the SMS
//   feature's deliverSms), then records the outcome. Temporary failures are thrown for the job's retry with backoff.
import { randomUUID } from "node:crypto";
import { renderRequestMessage, scoreLink, type TRenderableTemplate } from "@starboard/contract/request-template-render";
import {
  DEFAULT_MIN_DAYS_BETWEEN_REQUESTS,
  DEFAULT_QUIET_HOURS,
  type TRequestSkipReason,
} from "@starboard/contract/requests";
import type { TRequestSettings } from "@starboard/contract/routes/request-sending";
import { accountIdFor } from "../../platform/access.ts";
import { type Actor, hashToken } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { MailMessage } from "../../platform/mail.ts";
import { accountSettingOn } from "../accounts/index.ts";
import { isUnsubscribed, unsubscribeLink } from "../unsubscribe/index.ts";
import * as q from "./queries.ts";
import { quietHoursEnd, safeTimeZone } from "./quiet-hours.ts";
import { requestLinkSecret, requestToken, requestTokenHash } from "./token.ts";

export const CAMPAIGN_START_JOB = "requests.campaign.start";
export const SEND_JOB = "requests.send";
/** Tries of a send before a temporary failure becomes `failed` (provider_error). */
export const SEND_RETRY_LIMIT = 5;

type Ctx = AppContext;
type Db = Ctx["database"]["db"];

// ---- Settings -----------------------------------------------------------------------------------------

interface Settings {
  start: string;
  end: string;
  minDays: number;
}

export async function loadSettings(db: Db, accountId: string): Promise<Settings> {
  const row = await q.findSettings(db, accountId);
  return {
    start: (row?.quiet_hours_start ?? DEFAULT_QUIET_HOURS.start).slice(0, 5),
    end: (row?.quiet_hours_end ?? DEFAULT_QUIET_HOURS.end).slice(0, 5),
    minDays: row?.min_days_between_requests ?? DEFAULT_MIN_DAYS_BETWEEN_REQUESTS,
  };
}

async function requireAsk(ctx: Ctx, accountId: string) {
  if (!(await accountSettingOn(ctx.database.db, accountId, "ask", { whenUnset: "default" })))
    throw AppError.forbidden("Review requests are not enabled for this account.");
}

export async function getSettings(ctx: Ctx, actor: Actor, requested: string | undefined): Promise<TRequestSettings> {
  const accountId = accountIdFor(actor, requested);
  await requireAsk(ctx, accountId);
  const row = await q.findSettings(ctx.database.db, accountId);
  const s = await loadSettings(ctx.database.db, accountId);
  return {
    account_id: accountId,
    quiet_hours_start: s.start,
    quiet_hours_end: s.end,
    min_days_between_requests: s.minDays,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function updateSettings(
  ctx: Ctx,
  actor: Actor,
  requested: string | undefined,
  body: { quiet_hours_start: string; quiet_hours_end: string; min_days_between_requests: number },
): Promise<TRequestSettings> {
  const accountId = accountIdFor(actor, requested);
  await requireAsk(ctx, accountId);
  await q.upsertSettings(ctx.database.db, accountId, body);
  return getSettings(ctx, actor, accountId);
}

// ---- Skip rules ---------------------------------------------------------------------------------------

/** Why this contact is not asked on this channel now, or null (rules in the order they are shown). */
export async function skipReason(
  db: Db,
  accountId: string,
  channel: "email" | "sms",
  c: q.ContactForRules,
  minDays: number,
  now: Date,
): Promise<TRequestSkipReason | null> {
  const address = channel === "email" ? c.email : c.phone;
  if (!address) return "no_address";
  if (await q.onDoNotContact(db, accountId, channel === "email" ? c.email : null, channel === "sms" ? c.phone : null))
    return "do_not_contact";
  if (channel === "email") {
    if (c.email_opted_out_at) return "opted_out";
    const reader = { database: { db } } as Pick<AppContext, "database">;
    if (await isUnsubscribed(reader, { kind: "requests", accountId, email: address })) return "opted_out";
  } else {
    if (c.sms_opted_out_at) return "opted_out";
    if (!c.sms_consent) return "no_sms_consent";
  }
  if (channel === "email" && c.email_undeliverable_at) return "undeliverable";
  if (c.last_requested_at && minDays > 0) {
    const since = now.getTime() - new Date(c.last_requested_at).getTime();
    if (since < minDays * 24 * 60 * 60 * 1000) return "recently_asked";
  }
  return null;
}

// ---- Throttle -----------------------------------------------------------------------------------------

function perMinute(name: string, fallback: number) {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * Messages per minute per sender: e-mail 600 (REQUEST_EMAIL_PER_MINUTE), SMS 60, one a second as a long code
 * allows (REQUEST_SMS_PER_MINUTE). The sender: the campaign's sender address (or the account) for e-mail, the
 * sending number (TWILIO_FROM) for SMS.
 */
export function throttleIntervalMs(channel: "email" | "sms") {
  const rate =
    channel === "email" ? perMinute("REQUEST_EMAIL_PER_MINUTE", 600) : perMinute("REQUEST_SMS_PER_MINUTE", 60);
  return Math.max(1, Math.floor(60_000 / rate));
}

export function senderKey(channel: "email" | "sms", accountId: string, senderEmail: string | null) {
  return channel === "email"
    ? `email:${(senderEmail ?? `account:${accountId}`).toLowerCase()}`
    : `sms:${process.env.TWILIO_FROM ?? "default"}`;
}

// ---- Starting a campaign --------------------------------------------------------------------------------

/** Recipients per transaction: a crash loses at most one batch's work, which the retry redoes. */
const BATCH = 50;

/** Creates the campaign's requests and their send jobs (idempotent). Answers how many requests it created. */
export async function startCampaign(ctx: Ctx, campaignId: string, { now = new Date() }: { now?: Date } = {}) {
  const db = ctx.database.db;
  const campaign = await q.findCampaign(db, campaignId);
  if (!campaign || (campaign.status !== "scheduled" && campaign.status !== "sending")) return { created: 0 };
  await q.markCampaignSending(db, campaignId);
  const settings = await loadSettings(db, campaign.account_id);
  const secret = await requestLinkSecret(db);
  const channel = campaign.request_type;
  const key = senderKey(channel, campaign.account_id, campaign.sender_email);
  const interval = throttleIntervalMs(channel);
  let created = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const recipients = await q.recipientsWithoutRequest(trx, campaignId, BATCH);
      const queued: string[] = [];
      for (const r of recipients) {
        const id = randomUUID();
        const reason = await skipReason(trx, campaign.account_id, channel, r, settings.minDays, now);
        const holdUntil = reason ? null : quietHoursEnd(now, safeTimeZone(r.time_zone), settings.start, settings.end);
        const inserted = await trx
          .insertInto("requests")
          .values({
            id,
            account_id: campaign.account_id,
            campaign_id: campaignId,
            contact_id: r.id,
            location_id: r.location_id ?? campaign.location_id,
            channel,
            token_hash: requestTokenHash(secret, id),
            status: reason ? "skipped" : holdUntil ? "held" : "queued",
            skip_reason: reason,
            hold_until: holdUntil,
            queued_at: now,
          })
          .onConflict((oc) => oc.columns(["campaign_id", "contact_id"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) continue;
        if (holdUntil) await ctx.jobs.send(SEND_JOB, { requestId: id }, { trx, startAfter: holdUntil });
        else if (!reason) queued.push(id);
      }
      const slots = await q.reserveSlots(trx, key, queued.length, interval, now);
      for (const [i, id] of queued.entries())
        await ctx.jobs.send(SEND_JOB, { requestId: id }, { trx, startAfter: slots[i] as Date });
      return recipients.length;
    });
    created += batch;
    if (batch < BATCH) break;
  }
  await q.settleCampaign(db, campaignId);
  return { created };
}

// ---- Sending one request ----------------------------------------------------------------------------------

/** The SMS channel: the SMS feature's `deliverSms` (exactly once across crashes), plugged in by `useSmsDelivery`. */
export type SmsDelivery = (
  ctx: Ctx,
  message: { requestId: string; accountId: string; to: string; body: string },
) => Promise<{ skipped: boolean }>;
let smsDelivery: SmsDelivery | null = null;
export function useSmsDelivery(fn: SmsDelivery | null) {
  smsDelivery = fn;
}

const DEFAULT_TEMPLATE = {
  email: {
    request_type: "email" as const,
    subject: "How was your experience with {business_name}?",
    content: "Hi {customer_first_name},\n\nThank you for choosing {business_name}. How did we do?\n\n{feedback}",
  },
  sms: {
    request_type: "sms" as const,
    content: "Hi {customer_first_name}, thanks for choosing {business_name}! How did we do? {review_link}",
  },
};

export type SendOutcome =
  | "gone"
  | "held"
  | "requeued"
  | "skipped"
  | "delivered"
  | "sent"
  | "uncertain"
  | "failed"
  | "retry";

export function emailKey(requestId: string) {
  return `request:${requestId}`;
}

/** Thrown for a temporary failure: the job retries with backoff. */
export class TemporarySendFailure extends Error {}

export async function sendRequest(
  ctx: Ctx,
  requestId: string,
  { now = new Date(), retryCount = 0 }: { now?: Date; retryCount?: number } = {},
): Promise<SendOutcome> {
  const db = ctx.database.db;
  const claimed = await db.transaction().execute(async (trx) => {
    const r = await q.lockRequestForSend(trx, requestId);
    if (!r || (r.status !== "queued" && r.status !== "held")) return { outcome: "gone" as const };
    if (r.send_claimed_at) return { outcome: "send" as const, r };
    if (r.campaign_status === "cancelled") {
      await trx
        .updateTable("requests")
        .set({ status: "skipped", skip_reason: "campaign_cancelled", hold_until: null })
        .where("id", "=", r.id)
        .execute();
      return { outcome: "skipped" as const, r };
    }
    const settings = await loadSettings(trx, r.account_id);
    const until = quietHoursEnd(now, safeTimeZone(r.time_zone), settings.start, settings.end);
    if (until) {
      await trx.updateTable("requests").set({ status: "held", hold_until: until }).where("id", "=", r.id).execute();
      await ctx.jobs.send(SEND_JOB, { requestId: r.id }, { trx, startAfter: until });
      return { outcome: "held" as const, r };
    }
    if (r.status === "held") {
      // Quiet hours are over: into the sender's throttle like any queued request.
      const [slot] = await q.reserveSlots(
        trx,
        senderKey(r.channel, r.account_id, r.sender_email),
        1,
        throttleIntervalMs(r.channel),
        now,
      );
      await trx.updateTable("requests").set({ status: "queued", hold_until: null }).where("id", "=", r.id).execute();
      await ctx.jobs.send(SEND_JOB, { requestId: r.id }, { trx, startAfter: slot as Date });
      return { outcome: "requeued" as const, r };
    }
    const contact = r.contact_id ? await q.lockContact(trx, r.contact_id) : undefined;
    const reason: TRequestSkipReason | null = contact
      ? await skipReason(trx, r.account_id, r.channel, contact, settings.minDays, now)
      : "no_address";
    if (reason) {
      await trx
        .updateTable("requests")
        .set({ status: "skipped", skip_reason: reason })
        .where("id", "=", r.id)
        .execute();
      return { outcome: "skipped" as const, r };
    }
    // The claim: from here a retry resumes the send; the frequency cap counts from now.
    await trx.updateTable("requests").set({ send_claimed_at: now }).where("id", "=", r.id).execute();
    if (r.contact_id)
      await trx.updateTable("contacts").set({ last_requested_at: now }).where("id", "=", r.contact_id).execute();
    return { outcome: "send" as const, r };
  });
  if (claimed.outcome !== "send") {
    if (claimed.outcome === "skipped") await q.settleCampaign(db, claimed.r.campaign_id);
    return claimed.outcome;
  }
  const r = claimed.r;
  const outcome = r.channel === "email" ? await sendEmail(ctx, r, retryCount) : await sendSms(ctx, r, retryCount);
  await q.settleCampaign(db, r.campaign_id);
  return outcome;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof q.lockRequestForSend>>>;

async function render(ctx: Ctx, r: Claimed, unsubscribe: string | null) {
  const db = ctx.database.db;
  const secret = await requestLinkSecret(db);
  const token = requestToken(secret, r.id);
  const base = `${ctx.config.publicUrl}/r/${token}`;
  const baseTemplate: TRenderableTemplate =
    (r.template_id ? await q.findTemplate(db, r.template_id) : undefined) ?? DEFAULT_TEMPLATE[r.channel];
  // The campaign's own copy of the message (migration 0020) wins where it is set; null takes the template's.
  const template = {
    ...baseTemplate,
    subject: r.campaign_subject ?? baseTemplate.subject,
    content: r.campaign_content ?? baseTemplate.content,
    header_text: r.campaign_header_text ?? baseTemplate.header_text,
    header_image: r.campaign_header_image ?? baseTemplate.header_image,
    use_header_image: r.campaign_header_image ? Boolean(r.campaign_use_header_image) : baseTemplate.use_header_image,
  };
  const config = (r.feedback_configuration ?? {}) as { selector_type?: unknown };
  const message = renderRequestMessage(
    { ...template, request_type: r.channel },
    { customer_name: r.contact_name, business_name: r.business_name, location_name: r.location_name },
    {
      link: (score?: number) => (score === undefined ? base : scoreLink(base, score)),
      unsubscribe,
      feedbackType: config.selector_type,
    },
  );
  return { message, token, base };
}

async function replyTo(ctx: Ctx, r: Claimed) {
  let email = r.sender_email;
  if (!email && r.created_by_user_id)
    email = (await q.findUserEmail(ctx.database.db, r.created_by_user_id))?.email ?? null;
  if (!email) return undefined;
  const name = (r.sender_name ?? "").replace(/["\\\r\n]/g, "").trim();
  return name ? `"${name}" <${email}>` : email;
}

function smtpCode(error: unknown): number | null {
  const reply = (error as { reply?: { code?: unknown } } | null)?.reply;
  return typeof reply?.code === "number" ? reply.code : null;
}

async function sendEmail(ctx: Ctx, r: Claimed, retryCount: number): Promise<SendOutcome> {
  const db = ctx.database.db;
  const to = r.email as string;
  const unsubscribe = await unsubscribeLink(ctx, { kind: "requests", accountId: r.account_id, email: to });
  const { message, base } = await render(ctx, r, unsubscribe);
  const pixel = `<img src="${base}/o.gif" width="1" height="1" alt="" style="display:block;border:0">`;
  const reply = await replyTo(ctx, r);
  const mail: MailMessage = {
    idempotencyKey: emailKey(r.id),
    to,
    subject: message.subject ?? "",
    text: message.text,
    html: (message.html ?? "").replace("</body>", `${pixel}</body>`),
    ...(reply ? { replyTo: reply } : {}),
    headers: {
      "List-Unsubscribe": `<${base}/unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Starboard-Request": r.id,
    },
  };
  let result: Awaited<ReturnType<typeof ctx.mailer.deliver>>;
  try {
    result = await ctx.mailer.deliver(mail);
  } catch (error) {
    const code = smtpCode(error);
    const text = error instanceof Error ? error.message : String(error);
    if (code !== null && code >= 500) {
      // Permanent rejection: the address is undeliverable, the request failed (invalid).
      await db.transaction().execute(async (trx) => {
        await q.markFailed(trx, r.id, "invalid");
        await q.markUndeliverable(trx, r.contact_id, text);
        await q.recordSend(trx, {
          requestId: r.id,
          channel: "email",
          to,
          state: "failed",
          errorCode: String(code),
          errorMessage: text,
        });
      });
      return "failed";
    }
    if (retryCount >= SEND_RETRY_LIMIT) {
      await db.transaction().execute(async (trx) => {
        await q.markFailed(trx, r.id, "provider_error");
        await q.recordSend(trx, {
          requestId: r.id,
          channel: "email",
          to,
          state: "failed",
          errorCode: code === null ? null : String(code),
          errorMessage: text,
        });
      });
      return "failed";
    }
    throw new TemporarySendFailure(text, { cause: error });
  }
  let state: "sent" | "uncertain" = "sent";
  let response: string | null = null;
  if (result.uncertain) state = "uncertain";
  const sent = await q.findSentEmail(db, emailKey(r.id));
  response = sent?.smtp_response ?? null;
  if (sent?.state === "uncertain") state = "uncertain";
  // SMTP 250 from the server: delivered to it. The outbox (no SMTP_URL) or an uncertain send: sent.
  const delivered = state === "sent" && Boolean(response?.startsWith("250"));
  const at = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("requests")
      .set({ status: delivered ? "delivered" : "sent", sent_at: at, ...(delivered ? { delivered_at: at } : {}) })
      .where("id", "=", r.id)
      .where("status", "in", ["queued", "held"])
      .execute();
    await q.recordSend(trx, { requestId: r.id, channel: "email", to, state, providerStatus: response });
  });
  return state === "uncertain" ? "uncertain" : delivered ? "delivered" : "sent";
}

async function sendSms(ctx: Ctx, r: Claimed, retryCount: number): Promise<SendOutcome> {
  const db = ctx.database.db;
  const { message } = await render(ctx, r, null);
  if (!smsDelivery) {
    await q.markFailed(db, r.id, "provider_error");
    return "failed";
  }
  try {
    await smsDelivery(ctx, { requestId: r.id, accountId: r.account_id, to: r.phone as string, body: message.text });
  } catch (error) {
    if (retryCount >= SEND_RETRY_LIMIT) {
      await q.markFailed(db, r.id, "provider_error");
      return "failed";
    }
    throw new TemporarySendFailure(error instanceof Error ? error.message : String(error), { cause: error });
  }
  // deliverSms records its own outcome (request_sends, a failure's reason); a request it left open is sent.
  await db
    .updateTable("requests")
    .set({ status: "sent", sent_at: new Date() })
    .where("id", "=", r.id)
    .where("status", "in", ["queued", "held"])
    .execute();
  return "sent";
}

// ---- Opens, one-click unsubscribe, bounces --------------------------------------------------------------------

export async function recordOpen(ctx: Ctx, token: string) {
  await q.markOpened(ctx.database.db, hashToken(token));
}

/** RFC 8058 one-click: the request's customer is opted out of e-mail requests. False for an unknown token. */
export async function oneClickUnsubscribe(ctx: Ctx, token: string) {
  const r = await q.findRequestByTokenHash(ctx.database.db, hashToken(token));
  if (!r) return false;
  if (r.contact_id) await q.optOutContactEmail(ctx.database.db, r.contact_id);
  return true;
}
