// Sending scheduled exports (docs/product/platform.md §3, §4; docs/api.md "Scheduled exports"):
// 1. `claimDueRuns(at)`: each scheduled export due at `at` gets a run for its slot (the latest send time at or
//    before `at`, in the account's time zone) and its next send moved past `at`, in one transaction
//    (FOR UPDATE SKIP LOCKED): a repeated or concurrent run finds nothing due.
// 2. `deliverOpenRuns()`: every run not yet completed (this one's, or one a crash left) writes its file once,
//    then claims each (run, recipient) send — a row with a unique key — and enqueues its `email.send` job in the
//    claim's transaction, with the claim's key as the e-mail's idempotency key. A claimed send is never claimed
//    again; the e-mail job, once committed, survives a crash; the mailer sends each key once.
import fs from "node:fs";
import { computeDateRange, type TComputableDateDescriptor } from "@starboard/contract/date-ranges";
import { SCHEDULED_EXPORT_TYPES, type TScheduledExportType } from "@starboard/contract/scheduled-exports";
import { sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";
import type { MailMessage } from "../../platform/mail.ts";
import { generateExport } from "../exports/index.ts";
import { isUnsubscribed, unsubscribeLink } from "../unsubscribe/index.ts";
import { latestSendAtOrBefore, nextSendAfter } from "./schedule.ts";

type Ctx = AppContext;

export const EMAIL_JOB = "email.send";
/** Files up to this size are attached to the e-mail as well as linked. */
export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

interface DueRow {
  id: string;
  account_id: string;
  email_frequency: string;
  scheduled_time: string;
  scheduled_day: string | null;
  scheduled_day_of_month: number | null;
  date_range_legend: string;
  next_run_at: Date;
  time_zone: string;
}

/** Creates the runs of the schedules due at `at`; answers how many. */
export async function claimDueRuns(ctx: Ctx, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await ctx.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<DueRow>`
        SELECT se.id, se.account_id, se.email_frequency, se.scheduled_time, se.scheduled_day,
               se.scheduled_day_of_month, se.date_range_legend, se.next_run_at, a.time_zone
        FROM scheduled_exports se JOIN accounts a ON a.id = se.account_id
        WHERE se.next_run_at <= ${at}
        ORDER BY se.next_run_at LIMIT 50
        FOR UPDATE OF se SKIP LOCKED`.execute(trx);
      for (const due of rows) {
        const slot = latestSendAtOrBefore(due, at, due.time_zone) ?? new Date(due.next_run_at);
        const range = computeDateRange(due.date_range_legend as TComputableDateDescriptor, {
          now: slot,
          timeZone: due.time_zone,
        });
        await trx
          .updateTable("scheduled_exports")
          .set({ next_run_at: nextSendAfter(due, at, due.time_zone) })
          .where("id", "=", due.id)
          .execute();
        await trx
          .insertInto("scheduled_export_runs")
          .values({
            scheduled_export_id: due.id,
            account_id: due.account_id,
            slot,
            date_from: range.from,
            date_to: range.to,
          })
          .onConflict((oc) => oc.columns(["scheduled_export_id", "slot"]).doNothing())
          .execute();
      }
      return rows.length;
    });
    total += claimed;
    if (claimed < 50) return total;
  }
}

/** Review filter keys the export file reads (docs/api.md "Reviews"), from the schedule's filters. */
const REVIEW_FILTER_KEYS: Record<string, string> = {
  group_id: "group_id",
  location_id: "location_id",
  source_id: "source_id",
  rating: "rating",
  status_enum: "status",
  category: "category",
  tags: "tag",
};

/** The filters of the export file: the schedule's filters and its range resolved for the run. */
export function exportFilters(type: string, filters: Record<string, unknown>, from: string | null, to: string) {
  const out: Record<string, unknown> = {};
  if (type === "reviews") {
    for (const [key, target] of Object.entries(REVIEW_FILTER_KEYS))
      if (filters[key] !== undefined) out[target] = filters[key];
    if (filters.sentiment !== undefined)
      out.sentiment = String(
        filters.sentiment === "positive" ? 1 : filters.sentiment === "negative" ? -1 : filters.sentiment,
      );
  } else {
    Object.assign(out, filters);
    delete out.status_enum;
  }
  if (from) out.published_after = from;
  out.published_before = to;
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function renderEmail(p: {
  subject: string;
  body: string;
  typeLabel: string;
  from: string | null;
  to: string;
  url: string;
  unsubscribeUrl: string;
  rowCount: number;
}) {
  const range = p.from ? `${p.from} to ${p.to}` : `through ${p.to}`;
  const text = [
    p.body,
    "",
    `${p.typeLabel} export, ${range} (${p.rowCount} rows).`,
    `Download: ${p.url}`,
    "",
    "--",
    `Unsubscribe from this scheduled export: ${p.unsubscribeUrl}`,
    "",
  ].join("\n");
  const html = `${p.body ? `<p>${escapeHtml(p.body).replaceAll("\n", "<br>")}</p>` : ""}
<p>${escapeHtml(p.typeLabel)} export, ${escapeHtml(range)} (${p.rowCount} rows).</p>
<p><a href="${escapeHtml(p.url)}">Download the export</a></p>
<p style="font-size:12px"><a href="${escapeHtml(p.unsubscribeUrl)}">Unsubscribe from this scheduled export</a></p>`;
  return { subject: p.subject, text: text.replace(/^\n/, ""), html };
}

/** Delivers one run (idempotent: a completed run, or a claimed send, is skipped). */
export async function deliverRun(ctx: Ctx, runId: string): Promise<number> {
  const db = ctx.database.db;
  const run = await db
    .selectFrom("scheduled_export_runs as r")
    .innerJoin("scheduled_exports as se", "se.id", "r.scheduled_export_id")
    .select([
      "r.id",
      "r.slot",
      "r.date_from",
      "r.date_to",
      "r.file_id",
      "r.file_url",
      "r.file_path",
      "r.row_count",
      "r.completed_at",
      "se.id as export_id",
      "se.account_id",
      "se.created_by_user_id",
      "se.export_type",
      "se.resource_id",
      "se.email_subject",
      "se.email_body",
      "se.filters",
      "se.recipient_user_ids",
    ])
    .where("r.id", "=", runId)
    .executeTakeFirst();
  if (!run || run.completed_at) return 0;
  let file = run.file_url
    ? { fileId: run.file_id!, url: run.file_url, path: run.file_path!, rowCount: run.row_count ?? 0 }
    : null;
  if (!file) {
    const made = await generateExport(ctx, {
      accountId: run.account_id,
      userId: run.created_by_user_id,
      resource: run.export_type,
      filters: {
        ...exportFilters(run.export_type, (run.filters ?? {}) as Record<string, unknown>, run.date_from, run.date_to),
        // The keyword or microsurvey the export is about.
        ...(run.resource_id ? { resource_id: run.resource_id } : {}),
      },
      fileType: "csv",
    });
    file = { fileId: String(made.fileId), url: made.url, path: made.path, rowCount: made.rowCount };
    await db
      .updateTable("scheduled_export_runs")
      .set({ file_id: file.fileId, file_url: file.url, file_path: file.path, row_count: file.rowCount })
      .where("id", "=", run.id)
      .execute();
  }
  const recipients = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("account_id", "=", run.account_id)
    .where("status", "=", "active")
    .where(
      "id",
      "in",
      run.recipient_user_ids.length ? run.recipient_user_ids : ["00000000-0000-0000-0000-000000000000"],
    )
    .orderBy("email")
    .execute();
  let size = 0;
  try {
    size = fs.statSync(file.path).size;
  } catch {
    size = Number.POSITIVE_INFINITY;
  }
  const slot = new Date(run.slot).toISOString();
  const typeLabel = SCHEDULED_EXPORT_TYPES[run.export_type as TScheduledExportType]?.label ?? run.export_type;
  let queued = 0;
  for (const user of recipients) {
    const key = `scheduled_export:${run.export_id}:${slot}:${user.id}`;
    const target = {
      kind: "scheduled_exports" as const,
      accountId: run.account_id,
      email: user.email,
      resourceId: run.export_id,
    };
    if (await isUnsubscribed(ctx, target)) continue;
    const claimedBefore = await db
      .selectFrom("scheduled_export_sends")
      .select("idempotency_key")
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    if (claimedBefore) continue;
    const unsubscribeUrl = await unsubscribeLink(ctx, { ...target, userId: user.id });
    const message: MailMessage = {
      idempotencyKey: key,
      to: user.email,
      ...renderEmail({
        subject: run.email_subject,
        body: run.email_body,
        typeLabel,
        from: run.date_from,
        to: run.date_to,
        url: file.url,
        unsubscribeUrl,
        rowCount: file.rowCount,
      }),
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
      attachments:
        size <= ATTACHMENT_LIMIT_BYTES
          ? [
              {
                filename: `${typeLabel.toLowerCase().replaceAll(" ", "-")}-${run.date_to}.csv`,
                path: file.path,
                contentType: "text/csv",
              },
            ]
          : undefined,
    };
    // The claim and its e-mail job commit together, or neither does.
    const sent = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto("scheduled_export_sends")
        .values({ run_id: run.id, email: user.email.toLowerCase(), user_id: user.id, idempotency_key: key })
        .onConflict((oc) => oc.doNothing())
        .returning("idempotency_key")
        .executeTakeFirst();
      if (!claim) return false;
      await ctx.jobs.send(EMAIL_JOB, message, { singletonKey: key, trx });
      return true;
    });
    if (sent) queued += 1;
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("scheduled_export_runs").set({ completed_at: new Date() }).where("id", "=", run.id).execute();
    await trx
      .updateTable("scheduled_exports")
      .set({ last_sent_at: new Date() })
      .where("id", "=", run.export_id)
      .execute();
  });
  return queued;
}

/** How long an open run is retried (each minute's dispatch tries it again) before it is given up. */
export const OPEN_RUN_RETRY_MS = 24 * 60 * 60 * 1000;

/**
 * Delivers every run not yet completed, oldest first. A run that fails (its file could not be written) is
 * logged and left open: the next dispatch tries it again, for a day; it never holds back the other runs.
 */
export async function deliverOpenRuns(ctx: Ctx): Promise<number> {
  const open = await ctx.database.db
    .selectFrom("scheduled_export_runs")
    .select("id")
    .where("completed_at", "is", null)
    .where("created_at", ">", new Date(Date.now() - OPEN_RUN_RETRY_MS))
    .orderBy("created_at")
    .execute();
  let queued = 0;
  for (const run of open) {
    try {
      queued += await deliverRun(ctx, run.id);
    } catch (err) {
      ctx.log.error({ err, run: run.id }, "scheduled export run failed; the next dispatch retries it");
    }
  }
  return queued;
}

/** The instant a dispatch job runs for: the later of its slot and the dispatch schedule's last run (run-due's --at). */
export async function dispatchInstant(ctx: Ctx, scheduleName: string, scheduledFor: string | undefined) {
  const row = await ctx.database.db
    .selectFrom("schedules")
    .select("last_run_at")
    .where("name", "=", scheduleName)
    .executeTakeFirst();
  const candidates = [
    scheduledFor ? new Date(scheduledFor).getTime() : Number.NaN,
    row?.last_run_at ? new Date(row.last_run_at).getTime() : Number.NaN,
  ].filter((t) => Number.isFinite(t));
  return candidates.length ? new Date(Math.max(...candidates)) : new Date();
}

export { nextSendAfter };
