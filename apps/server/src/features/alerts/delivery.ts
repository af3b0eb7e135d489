// Sending alerts: instant e-mails and digests, each once per alert and review or slot (the jobs call these).
import { type RawBuilder, sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";
import { unsubscribeLink } from "../unsubscribe/index.ts";
import { ALERT_FREQUENCY, ALERT_TYPE, type AlertFilters } from "./constants.ts";
import { type AlertReview, renderDigest, renderInstant } from "./email.ts";

type Ctx = Pick<AppContext, "database" | "config" | "jobs">;

interface AlertRow {
  id: string;
  account_id: string;
  user_id: string;
  email: string;
  alert_type_id: number;
  alert_frequency_id: number;
  filters: AlertFilters;
}

interface CandidateReview extends AlertReview {
  account_id: string;
  location_id: string;
  source_id: string;
  sentiment: number;
}

/** Reviews listed in a digest; the rest are counted. */
export const DIGEST_LIST_LIMIT = 25;
export const EMAIL_JOB = "email.send";

/** A negative review: one or two stars, or no stars and a negative text. */
const isNegative = (r: { rating: number | null; sentiment: number }) =>
  r.rating !== null && r.rating > 0 ? r.rating <= 2 : r.sentiment < 0;

export function alertMatches(alert: Pick<AlertRow, "alert_type_id" | "filters">, review: CandidateReview): boolean {
  const f = alert.filters ?? {};
  if (f.location_ids?.length && !f.location_ids.includes(review.location_id)) return false;
  if (f.source_ids?.length && !f.source_ids.includes(review.source_id)) return false;
  if (f.ratings?.length && !f.ratings.includes(review.rating ?? 0)) return false;
  if (alert.alert_type_id === ALERT_TYPE.negativeReview) return isNegative(review);
  return alert.alert_type_id === ALERT_TYPE.newReview;
}

/**
 * Switches off the alerts whose owner used an unsubscribe link (for this alert, or for every
 * alert of the account) after the alert was last switched on. Answers the ids switched off.
 */
export async function disableUnsubscribedAlerts(ctx: Pick<AppContext, "database">, alertIds: string[]) {
  if (alertIds.length === 0) return new Set<string>();
  const { rows } = await sql<{ id: string }>`
    UPDATE alerts a SET enabled = false
    FROM users u
    WHERE u.id = a.user_id AND a.id = ANY(${alertIds}::uuid[]) AND a.enabled
      AND EXISTS (
        SELECT 1 FROM email_unsubscribes e
        WHERE e.kind = 'alerts' AND e.account_id = a.account_id AND lower(e.email) = lower(u.email)
          AND (e.resource_id IS NULL OR e.resource_id = a.id) AND e.unsubscribed_at > a.enabled_at
      )
    RETURNING a.id`.execute(ctx.database.db);
  return new Set(rows.map((r) => r.id));
}

/** Enabled alerts of active users, after unsubscribes are applied. */
async function activeAlerts(ctx: Ctx, where: RawBuilder<unknown>): Promise<AlertRow[]> {
  const { rows } = await sql<AlertRow>`
    SELECT a.id, a.account_id, a.user_id, u.email, a.alert_type_id, a.alert_frequency_id, a.filters
    FROM alerts a JOIN users u ON u.id = a.user_id
    WHERE a.enabled AND u.status = 'active' AND ${where}
    ORDER BY a.created_at, a.id`.execute(ctx.database.db);
  const off = await disableUnsubscribedAlerts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.filter((r) => !off.has(r.id));
}

const REVIEW_COLUMNS = sql`r.id, r.account_id, r.location_id, r.source_id, r.rating, r.sentiment, r.title, r.content,
  r.author_name, r.published_at, r.first_seen_at, l.name AS location_name, s.name AS source_name`;

async function alreadySent(ctx: Ctx, key: string) {
  const row = await ctx.database.db
    .selectFrom("sent_emails")
    .select("idempotency_key")
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return Boolean(row);
}

async function enqueueEmail(
  ctx: Ctx,
  key: string,
  to: string,
  render: (unsubscribeUrl: string) => { subject: string; text: string; html: string },
  alert: AlertRow,
  { markSent = false }: { markSent?: boolean } = {},
) {
  if (await alreadySent(ctx, key)) return false;
  const unsubscribeUrl = await unsubscribeLink(ctx, {
    kind: "alerts",
    accountId: alert.account_id,
    email: to,
    userId: alert.user_id,
    resourceId: alert.id,
  });
  const data = { idempotencyKey: key, to, ...render(unsubscribeUrl) };
  // The e-mail job and the alert's "last sent" commit together.
  await ctx.database.db.transaction().execute(async (trx) => {
    await ctx.jobs.send(EMAIL_JOB, data, { singletonKey: key, trx });
    if (markSent)
      await trx.updateTable("alerts").set({ last_sent_at: new Date() }).where("id", "=", alert.id).execute();
  });
  return true;
}

/**
 * Instant alerts for reviews just seen: one e-mail per (alert, review), keyed so that a repeated
 * job sends nothing twice.
 */
export async function sendInstantAlerts(ctx: Ctx, reviewIds: string[]): Promise<number> {
  if (reviewIds.length === 0) return 0;
  const { rows: reviews } = await sql<CandidateReview>`
    SELECT ${REVIEW_COLUMNS} FROM reviews r
    JOIN locations l ON l.id = r.location_id JOIN sources s ON s.id = r.source_id
    WHERE r.id = ANY(${reviewIds}::uuid[]) AND r.deleted_at_source IS NULL
    ORDER BY r.first_seen_at, r.published_at`.execute(ctx.database.db);
  const accounts = [...new Set(reviews.map((r) => r.account_id))];
  if (accounts.length === 0) return 0;
  const alerts = await activeAlerts(
    ctx,
    sql`a.account_id = ANY(${accounts}::uuid[]) AND a.alert_frequency_id = ${ALERT_FREQUENCY.instant}
      AND a.alert_type_id IN (${ALERT_TYPE.newReview}, ${ALERT_TYPE.negativeReview})`,
  );
  let sent = 0;
  for (const alert of alerts) {
    for (const review of reviews) {
      if (review.account_id !== alert.account_id || !alertMatches(alert, review)) continue;
      const key = `alert:${alert.id}:review:${review.id}`;
      const queued = await enqueueEmail(
        ctx,
        key,
        alert.email,
        (unsubscribeUrl) =>
          renderInstant(review, {
            publicUrl: ctx.config.publicUrl,
            unsubscribeUrl,
            negative: alert.alert_type_id === ALERT_TYPE.negativeReview,
          }),
        alert,
      );
      if (queued) sent += 1;
    }
  }
  return sent;
}

function filterSql(alert: AlertRow): RawBuilder<unknown> {
  const f = alert.filters ?? {};
  const parts: RawBuilder<unknown>[] = [sql`r.account_id = ${alert.account_id}`];
  if (f.location_ids?.length) parts.push(sql`r.location_id = ANY(${f.location_ids}::uuid[])`);
  if (f.source_ids?.length) parts.push(sql`r.source_id = ANY(${f.source_ids}::uuid[])`);
  if (f.ratings?.length) parts.push(sql`coalesce(r.rating, 0) = ANY(${f.ratings}::int[])`);
  return sql.join(parts, sql` AND `);
}

/**
 * Daily or weekly digests for the slot ending at `slot`: reviews first seen in the period before
 * it (so a review a source publishes late, with an old date, is still reported), one e-mail per
 * alert and slot.
 */
export async function sendDigests(ctx: Ctx, period: "daily" | "weekly", slot: Date): Promise<number> {
  const frequency = period === "daily" ? ALERT_FREQUENCY.daily : ALERT_FREQUENCY.weekly;
  const from = new Date(slot.getTime() - (period === "daily" ? 1 : 7) * 86_400_000);
  const alerts = await activeAlerts(ctx, sql`a.alert_frequency_id = ${frequency}`);
  let sent = 0;
  for (const alert of alerts) {
    const window = sql`r.first_seen_at >= ${from} AND r.first_seen_at < ${slot}`;
    let reviews: CandidateReview[] = [];
    let total = 0;
    let failedResponses = 0;
    if (alert.alert_type_id === ALERT_TYPE.responseFailed) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM responses p JOIN reviews r ON r.id = p.review_id
        WHERE p.status = 'error_published' AND p.updated_at >= ${from} AND p.updated_at < ${slot}
          AND ${filterSql(alert)}`.execute(ctx.database.db);
      failedResponses = rows[0]?.n ?? 0;
      if (failedResponses === 0) continue;
    } else {
      const negative =
        alert.alert_type_id === ALERT_TYPE.negativeReview
          ? sql`AND (CASE WHEN coalesce(r.rating, 0) > 0 THEN r.rating <= 2 ELSE r.sentiment < 0 END)`
          : sql``;
      const where = sql`${filterSql(alert)} AND ${window} AND r.deleted_at_source IS NULL ${negative}`;
      const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reviews r WHERE ${where}`.execute(
        ctx.database.db,
      );
      total = count.rows[0]?.n ?? 0;
      if (total === 0) continue;
      reviews = (
        await sql<CandidateReview>`
          SELECT ${REVIEW_COLUMNS} FROM reviews r
          JOIN locations l ON l.id = r.location_id JOIN sources s ON s.id = r.source_id
          WHERE ${where} ORDER BY r.first_seen_at DESC, r.id LIMIT ${DIGEST_LIST_LIMIT}`.execute(ctx.database.db)
      ).rows;
    }
    const key = `alert:${alert.id}:digest:${slot.toISOString()}`;
    const queued = await enqueueEmail(
      ctx,
      key,
      alert.email,
      (unsubscribeUrl) =>
        renderDigest(reviews, { publicUrl: ctx.config.publicUrl, unsubscribeUrl, total, period, failedResponses }),
      alert,
      { markSent: true },
    );
    if (queued) sent += 1;
  }
  return sent;
}

/** Instant alerts of the "response failed to publish" type, for the responses publish path. */
export async function sendResponseFailedAlerts(ctx: Ctx, responseId: string): Promise<number> {
  const { rows } = await sql<CandidateReview & { response_id: string; status_description: string | null }>`
    SELECT ${REVIEW_COLUMNS}, p.id AS response_id, p.status_description FROM responses p
    JOIN reviews r ON r.id = p.review_id
    JOIN locations l ON l.id = r.location_id JOIN sources s ON s.id = r.source_id
    WHERE p.id = ${responseId} AND p.status = 'error_published'`.execute(ctx.database.db);
  const failed = rows[0];
  if (!failed) return 0;
  const alerts = await activeAlerts(
    ctx,
    sql`a.account_id = ${failed.account_id} AND a.alert_frequency_id = ${ALERT_FREQUENCY.instant}
      AND a.alert_type_id = ${ALERT_TYPE.responseFailed}`,
  );
  let sent = 0;
  for (const alert of alerts) {
    const f = alert.filters ?? {};
    if (f.location_ids?.length && !f.location_ids.includes(failed.location_id)) continue;
    if (f.source_ids?.length && !f.source_ids.includes(failed.source_id)) continue;
    const key = `alert:${alert.id}:response-failed:${failed.response_id}`;
    const queued = await enqueueEmail(
      ctx,
      key,
      alert.email,
      (unsubscribeUrl) => {
        const subject = `A response to a review of ${failed.location_name} on ${failed.source_name} failed to publish`;
        const link = `${ctx.config.publicUrl}/reviews/${failed.id}`;
        const note = failed.status_description ?? "";
        return {
          subject,
          text: `${subject}\n\n${note}\n${link}\n\n--\nUnsubscribe from this alert: ${unsubscribeUrl}\n`,
          html: `<p>${subject.replace(/[<>&]/g, "")}</p><p>${note.replace(/[<>&]/g, "")}</p><p><a href="${link}">View the review</a></p><p style="font-size:12px"><a href="${unsubscribeUrl}">Unsubscribe from this alert</a></p>`,
        };
      },
      alert,
    );
    if (queued) sent += 1;
  }
  return sent;
}
