import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  CUSTOMER_MESSAGES,
  MAX_ATTRIBUTE_KEY,
  MAX_ATTRIBUTE_VALUE,
  MAX_CUSTOM_ATTRIBUTES,
  MAX_NAME,
  MAX_UPLOAD_ROWS,
  RECIPIENT_COLUMNS,
  type TUploadRowReason,
} from "@starboard/contract/customers";
import { UPLOAD_ERROR_DEFAULT } from "@starboard/contract/requests";
import { CsvError, parse } from "csv-parse";
import type { FastifyRequest } from "fastify";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { isUuid } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readUpload } from "../../platform/upload.ts";
import { normalizeEmail, normalizePhone } from "./normalize.ts";
import { campaignInAccount, findUpload, insertUpload, locationInAccount, updateUpload } from "./queries.ts";
import { toolAccount } from "./service.ts";

/** The job that reads an uploaded CSV (`{ uploadId }`). */
export const UPLOAD_JOB = "customers.upload";
/** Rows written per database round (one batch). */
export const UPLOAD_BATCH_ROWS = 5000;

const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
};
const CSV_TYPES = new Set([
  "text/csv",
  "text/plain",
  "application/csv",
  "text/comma-separated-values",
  "application/vnd.ms-excel",
  "application/octet-stream",
  "",
]);

function storageDir(ctx: AppContext, accountId: string) {
  return path.join(ctx.config.dataDir, "storage", "uploads", accountId);
}

/** The stored file of an upload of the account (an image for the rtx-images job, or a CSV), or null. */
export async function uploadedFilePath(db: Kysely<DB>, accountId: string, uploadId: string): Promise<string | null> {
  if (!isUuid(uploadId) || !isUuid(accountId)) return null;
  const row = await findUpload(db, uploadId);
  if (!row || row.account_id !== accountId || !row.file_path) return null;
  return row.file_path;
}

/**
 * POST /api/upload: multipart `file_upload` (and `auth_token`, `kind`, `location_id`, `campaign_id`). An image
 * is stored as it is (kind image, complete at once); a CSV is stored and read by the upload job, whose
 * progress GET /api/uploads/{id} reports. The campaign must be a draft of the account (recipients change
 * only in draft).
 */
export async function receiveUpload(ctx: AppContext, actor: Actor, request: FastifyRequest): Promise<{ id: string }> {
  const upload = request.isMultipart() ? await readUpload(request) : undefined;
  const fields: Record<string, unknown> = upload?.fields ?? ((request.body ?? {}) as Record<string, unknown>);
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string).trim() : undefined);
  const accountId = await toolAccount(ctx, actor, text("account_id") || undefined);
  const file = upload?.file;
  if (!file || file.content.length === 0) throw AppError.invalid("file_upload", CUSTOMER_MESSAGES.noFile);
  const db = ctx.database.db;
  const mime = (file.type ?? "").toLowerCase();
  const isImage = mime.startsWith("image/");
  const kind = isImage ? "image" : (text("kind") || "recipients").toLowerCase();
  if (kind !== "image" && kind !== "recipients" && kind !== "do_not_contact")
    throw AppError.invalid("kind", CUSTOMER_MESSAGES.badKind);
  if (!isImage && !CSV_TYPES.has(mime) && !/\.(csv|txt)$/i.test(file.name))
    throw AppError.invalid("file_upload", CUSTOMER_MESSAGES.badFileType);
  let locationId: string | null = null;
  let campaignId: string | null = null;
  if (kind === "recipients") {
    const location = text("location_id");
    if (location) {
      if (!isUuid(location) || !(await locationInAccount(db, accountId, location)))
        throw AppError.notFound("Location not found");
      locationId = location;
    }
    const campaign = text("campaign_id");
    if (campaign) {
      const found = isUuid(campaign) ? await campaignInAccount(db, accountId, campaign) : undefined;
      if (!found) throw AppError.notFound("Campaign not found");
      if (found.status !== "draft") throw AppError.conflict(CUSTOMER_MESSAGES.notDraft, "campaign_id");
      campaignId = campaign;
    }
  }
  const id = randomUUID();
  const dir = storageDir(ctx, accountId);
  fs.mkdirSync(dir, { recursive: true });
  const ext = isImage ? (IMAGE_EXTENSIONS[mime] ?? (path.extname(file.name).slice(0, 8) || ".img")) : ".csv";
  const filePath = path.join(dir, `${id}${ext}`);
  fs.writeFileSync(filePath, file.content);
  await db.transaction().execute(async (trx) => {
    await insertUpload(trx, {
      id,
      account_id: accountId,
      user_id: actor.user.id,
      kind,
      location_id: locationId,
      campaign_id: campaignId,
      file_name: file.name.slice(0, 255),
      file_path: filePath,
      mime_type: mime || null,
      ...(isImage ? { status: "complete", completed_at: new Date(), rows_total: 0 } : {}),
    });
    if (!isImage) await ctx.jobs.send(UPLOAD_JOB, { uploadId: id }, { trx });
  });
  return { id };
}

// ---- Processing ----

/** Column names as read: trimmed, lower case, spaces and dashes as underscores. */
function columnName(header: string) {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

const YES = new Set(["yes", "y", "true", "1", "x", "opted_in"]);

class UploadFailure extends Error {}

interface Candidate {
  row: number;
  name: string;
  email: string | null;
  phone: string | null;
  location_id: string | null;
  campaign_id: string | null;
  attrs: Record<string, string>;
  email_consent: boolean;
  sms_consent: boolean;
}
interface Rejected {
  row: number;
  reason: string;
  values: Record<string, string>;
}

interface Plan {
  accountId: string;
  uploadId: string;
  kind: "recipients" | "do_not_contact";
  consent: string;
  candidates: Candidate[];
  values: Map<number, Record<string, string>>;
  rejected: Rejected[];
}

/**
 * The upload job: streams the stored CSV through csv-parse, checks each row (address, number, duplicates
 * within the file), and writes the rows in batches (customers upserted by address or number, draft campaign
 * recipients, do-not-contact entries; rejected rows with their reason), reporting rows done after each
 * batch. Ends complete with the counts, or error with the message. Running it again redoes the same work.
 */
export async function processUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const db = ctx.database.db;
  const upload = await findUpload(db, uploadId);
  if (upload?.status !== "processing" || upload.kind === "image" || !upload.file_path) return;
  await db.deleteFrom("contact_upload_rows").where("upload_id", "=", uploadId).execute();
  let done = 0;
  let good = 0;
  let bad = 0;
  try {
    const parser = fs.createReadStream(upload.file_path).pipe(
      parse({
        bom: true,
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
      }),
    );
    let columns: string[] | undefined;
    let attributeColumns: string[] = [];
    const seenEmail = new Map<string, number>();
    const seenPhone = new Map<string, number>();
    const locations = new Map<string, boolean>();
    const campaigns = new Map<string, boolean>();
    const plan: Plan = {
      accountId: upload.account_id,
      uploadId,
      kind: upload.kind === "do_not_contact" ? "do_not_contact" : "recipients",
      consent: `Consent recorded in the upload ${upload.file_name}`,
      candidates: [],
      values: new Map(),
      rejected: [],
    };
    const flush = async () => {
      const counts = await writeBatch(db, plan);
      good += counts.good;
      bad += counts.bad;
      done += counts.good + counts.bad;
      plan.candidates = [];
      plan.rejected = [];
      plan.values = new Map();
      await updateUpload(db, uploadId, {
        rows_done: done,
        total_successful_recipients: good,
        total_failed_recipients: bad,
      });
    };
    let row = 0;
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = cells.map(columnName);
        if (!columns.includes("email") && !columns.includes("phone"))
          throw new UploadFailure(CUSTOMER_MESSAGES.noAddressColumn);
        attributeColumns = columns.filter(
          (c) => c !== "" && !(RECIPIENT_COLUMNS as readonly string[]).includes(c) && c !== "reason" && c !== "row",
        );
        if (attributeColumns.length > MAX_CUSTOM_ATTRIBUTES) throw new UploadFailure(CUSTOMER_MESSAGES.tooManyColumns);
        continue;
      }
      if (cells.every((c) => c === "")) continue;
      row += 1;
      if (row > MAX_UPLOAD_ROWS) throw new UploadFailure(CUSTOMER_MESSAGES.tooManyRows);
      const values: Record<string, string> = {};
      for (let i = 0; i < columns.length; i++) {
        const key = columns[i]!;
        if (key) values[key] = (cells[i] ?? "").slice(0, MAX_ATTRIBUTE_VALUE);
      }
      const reject = (reason: TUploadRowReason | `duplicate:${number}`) => plan.rejected.push({ row, reason, values });
      const rawEmail = values.email ?? "";
      const rawPhone = values.phone ?? "";
      const email = rawEmail ? normalizeEmail(rawEmail) : null;
      const phone = rawPhone ? normalizePhone(rawPhone) : null;
      if (rawEmail && !email) reject("bad_email");
      else if (rawPhone && !phone) reject("bad_phone");
      else if (!email && !phone) reject("no_address");
      else {
        const earlier = (email && seenEmail.get(email)) || (phone && seenPhone.get(phone));
        if (earlier) reject(`duplicate:${earlier}`);
        else {
          if (email) seenEmail.set(email, row);
          if (phone) seenPhone.set(phone, row);
          const locationId = values.location_id || upload.location_id;
          const campaignId = values.campaign_id || upload.campaign_id;
          if (
            plan.kind === "recipients" &&
            locationId &&
            !(await known(locations, locationId, db, upload.account_id, "location"))
          )
            reject("unknown_location");
          else if (
            plan.kind === "recipients" &&
            campaignId &&
            !(await known(campaigns, campaignId, db, upload.account_id, "campaign"))
          )
            reject("campaign_unavailable");
          else {
            const attrs: Record<string, string> = {};
            for (const c of attributeColumns)
              if (values[c]) attrs[c.slice(0, MAX_ATTRIBUTE_KEY)] = values[c]!.slice(0, MAX_ATTRIBUTE_VALUE);
            const name = values.name || [values.first_name, values.last_name].filter((v) => v).join(" ") || "";
            plan.candidates.push({
              row,
              name: name.slice(0, MAX_NAME),
              email,
              phone,
              location_id: plan.kind === "recipients" ? locationId || null : null,
              campaign_id: plan.kind === "recipients" ? campaignId || null : null,
              attrs,
              email_consent: YES.has((values.email_consent ?? "").toLowerCase()),
              sms_consent: YES.has((values.sms_consent ?? "").toLowerCase()),
            });
            plan.values.set(row, values);
          }
        }
      }
      if (plan.candidates.length + plan.rejected.length >= UPLOAD_BATCH_ROWS) await flush();
    }
    if (!columns) throw new UploadFailure(CUSTOMER_MESSAGES.noAddressColumn);
    await flush();
    await updateUpload(db, uploadId, {
      status: "complete",
      rows_total: done,
      completed_at: new Date(),
      result: JSON.stringify({
        upload_id: uploadId,
        total_successful_recipients: good,
        total_failed_recipients: bad,
        columns,
      }),
    });
  } catch (error) {
    const message =
      error instanceof UploadFailure
        ? error.message
        : error instanceof CsvError
          ? `${CUSTOMER_MESSAGES.notCsv} (line ${error.lines ?? "?"})`
          : UPLOAD_ERROR_DEFAULT;
    if (!(error instanceof UploadFailure) && !(error instanceof CsvError))
      ctx.log.error({ err: error, uploadId }, "upload failed");
    await updateUpload(db, uploadId, { status: "error", error: message, completed_at: new Date() });
  }
}

/** Whether a location (or a draft campaign) of the account has this id; remembered for the file. */
async function known(
  cache: Map<string, boolean>,
  id: string,
  db: Kysely<DB>,
  accountId: string,
  what: "location" | "campaign",
) {
  let ok = cache.get(id);
  if (ok === undefined) {
    if (!isUuid(id)) ok = false;
    else if (what === "location") ok = Boolean(await locationInAccount(db, accountId, id));
    else ok = (await campaignInAccount(db, accountId, id))?.status === "draft";
    cache.set(id, ok);
  }
  return ok;
}

/** Writes one batch: the good rows (after the do-not-contact and opt-out checks) and the rejected ones. */
async function writeBatch(db: Kysely<DB>, plan: Plan): Promise<{ good: number; bad: number }> {
  const { accountId, uploadId } = plan;
  const rejected = [...plan.rejected];
  let good = 0;
  await db.transaction().execute(async (trx) => {
    const candidates = plan.candidates;
    if (candidates.length > 0) {
      const emails = candidates.flatMap((c) => (c.email ? [c.email] : []));
      const phones = candidates.flatMap((c) => (c.phone ? [c.phone] : []));
      if (plan.kind === "do_not_contact") {
        await sql`INSERT INTO do_not_contact (account_id, email, phone, reason)
          SELECT ${accountId}, v.email, v.phone, ${`Upload ${uploadId}`}
          FROM jsonb_to_recordset(${JSON.stringify(candidates.map((c) => ({ email: c.email, phone: c.phone })))}::jsonb)
            AS v(email text, phone text)
          ON CONFLICT DO NOTHING`.execute(trx);
        good += candidates.length;
      } else {
        const listed = await sql<{ email: string | null; phone: string | null }>`
          SELECT d.email, NULL AS phone FROM unnest(${emails}::text[]) AS k(v) CROSS JOIN LATERAL (
            SELECT lower(email) AS email FROM do_not_contact
            WHERE account_id = ${accountId} AND email IS NOT NULL AND lower(email) = k.v LIMIT 1) d
          UNION ALL
          SELECT NULL AS email, d.phone FROM unnest(${phones}::text[]) AS k(v) CROSS JOIN LATERAL (
            SELECT phone FROM do_not_contact WHERE account_id = ${accountId} AND phone = k.v LIMIT 1) d`.execute(trx);
        const listedEmails = new Set(listed.rows.flatMap((r) => (r.email ? [r.email] : [])));
        const listedPhones = new Set(listed.rows.flatMap((r) => (r.phone ? [r.phone] : [])));
        const existing = await contactsByAddress(trx, accountId, emails, phones);
        const campaignChannels = await channelsOf(trx, candidates);
        const inserts: Record<string, unknown>[] = [];
        const updates: Record<string, unknown>[] = [];
        const kept: Candidate[] = [];
        const now = new Date().toISOString();
        const consent = (on: boolean) => (on ? { method: "upload", at: now, wording: plan.consent } : null);
        for (const c of candidates) {
          const values = plan.values.get(c.row) ?? {};
          if ((c.email && listedEmails.has(c.email)) || (c.phone && listedPhones.has(c.phone))) {
            rejected.push({ row: c.row, reason: "do_not_contact", values });
            continue;
          }
          const byEmail = c.email ? existing.byEmail.get(c.email) : undefined;
          const byPhone = c.phone ? existing.byPhone.get(c.phone) : undefined;
          const match = byEmail ?? byPhone;
          if (match) {
            const channel = c.campaign_id ? campaignChannels.get(c.campaign_id) : undefined;
            const channels = channel ? [channel] : [...(c.email ? ["email"] : []), ...(c.phone ? ["sms"] : [])];
            const out = channels.every((ch) => (ch === "email" ? match.email_opted_out : match.sms_opted_out));
            if (out) {
              rejected.push({ row: c.row, reason: "opted_out", values });
              continue;
            }
            updates.push({
              id: match.id,
              name: c.name,
              email: c.email && !byEmail ? c.email : null,
              phone: c.phone && !byPhone ? c.phone : null,
              location_id: c.location_id,
              attrs: c.attrs,
              email_consent: consent(c.email_consent),
              sms_consent: consent(c.sms_consent),
            });
          } else {
            inserts.push({
              name: c.name,
              email: c.email,
              phone: c.phone,
              location_id: c.location_id,
              attrs: c.attrs,
              email_consent: consent(c.email_consent),
              sms_consent: consent(c.sms_consent),
            });
          }
          kept.push(c);
        }
        if (inserts.length > 0)
          await sql`INSERT INTO contacts (account_id, name, email, phone, location_id, custom_attributes,
              email_consent, sms_consent, upload_id)
            SELECT ${accountId}, coalesce(v.name, ''), v.email, v.phone, v.location_id, coalesce(v.attrs, '{}'),
              v.email_consent, v.sms_consent, ${uploadId}
            FROM jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) AS v(name text, email text, phone text,
              location_id uuid, attrs jsonb, email_consent jsonb, sms_consent jsonb)
            ON CONFLICT DO NOTHING`.execute(trx);
        if (updates.length > 0)
          await sql`UPDATE contacts c SET
              name = CASE WHEN v.name <> '' THEN v.name ELSE c.name END,
              email = coalesce(c.email, v.email),
              phone = coalesce(c.phone, v.phone),
              location_id = coalesce(v.location_id, c.location_id),
              custom_attributes = c.custom_attributes || coalesce(v.attrs, '{}'),
              email_consent = coalesce(c.email_consent, v.email_consent),
              sms_consent = coalesce(c.sms_consent, v.sms_consent),
              upload_id = ${uploadId},
              updated_at = now()
            FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(id uuid, name text, email text,
              phone text, location_id uuid, attrs jsonb, email_consent jsonb, sms_consent jsonb)
            WHERE c.id = v.id`.execute(trx);
        const withCampaign = kept.filter((c) => c.campaign_id);
        if (withCampaign.length > 0) {
          const after = await contactsByAddress(
            trx,
            accountId,
            withCampaign.flatMap((c) => (c.email ? [c.email] : [])),
            withCampaign.flatMap((c) => (c.phone ? [c.phone] : [])),
          );
          const pairs = withCampaign.flatMap((c) => {
            const id = (c.email && after.byEmail.get(c.email)?.id) || (c.phone && after.byPhone.get(c.phone)?.id);
            return id ? [{ campaign_id: c.campaign_id, contact_id: id }] : [];
          });
          // Recipients change only in draft: a campaign that left draft meanwhile gets none.
          await sql`INSERT INTO campaign_recipients (campaign_id, contact_id)
            SELECT v.campaign_id, v.contact_id
            FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS v(campaign_id uuid, contact_id uuid)
            JOIN campaigns k ON k.id = v.campaign_id AND k.account_id = ${accountId} AND k.status = 'draft'
            ON CONFLICT DO NOTHING`.execute(trx);
        }
        good += kept.length;
      }
    }
    if (rejected.length > 0)
      await sql`INSERT INTO contact_upload_rows (upload_id, row_number, values, reason)
        SELECT ${uploadId}, v.row, v.values, v.reason
        FROM jsonb_to_recordset(${JSON.stringify(rejected)}::jsonb) AS v(row int, values jsonb, reason text)
        ON CONFLICT DO NOTHING`.execute(trx);
  });
  return { good, bad: rejected.length };
}

/**
 * One customer by a unique address: a lateral lookup per value, so PostgreSQL probes the unique index of
 * (account, address) for each, whatever its statistics say about the account's other customers.
 */
function pick(accountId: string, match: RawBuilder<boolean>) {
  return sql`SELECT id, lower(email) AS email, phone, email_opted_out_at IS NOT NULL AS email_opted_out,
      sms_opted_out_at IS NOT NULL AS sms_opted_out
    FROM contacts WHERE account_id = ${accountId} AND ${match} LIMIT 1`;
}

async function contactsByAddress(db: Kysely<DB>, accountId: string, emails: string[], phones: string[]) {
  const found = await sql<{
    id: string;
    email: string | null;
    phone: string | null;
    email_opted_out: boolean;
    sms_opted_out: boolean;
  }>`SELECT c.* FROM unnest(${emails}::text[]) AS k(v) CROSS JOIN LATERAL (${pick(accountId, sql`email IS NOT NULL AND lower(email) = k.v`)}) c
    UNION
    SELECT c.* FROM unnest(${phones}::text[]) AS k(v) CROSS JOIN LATERAL (${pick(accountId, sql`phone = k.v`)}) c`.execute(
    db,
  );
  const byEmail = new Map<string, (typeof found.rows)[number]>();
  const byPhone = new Map<string, (typeof found.rows)[number]>();
  for (const r of found.rows) {
    if (r.email) byEmail.set(r.email, r);
    if (r.phone) byPhone.set(r.phone, r);
  }
  return { byEmail, byPhone };
}

/** The channel (email or sms) of each campaign the batch names. */
async function channelsOf(db: Kysely<DB>, candidates: Candidate[]) {
  const ids = [...new Set(candidates.flatMap((c) => (c.campaign_id ? [c.campaign_id] : [])))];
  const map = new Map<string, string>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom("campaigns").select(["id", "request_type"]).where("id", "in", ids).execute();
  for (const r of rows) map.set(r.id, r.request_type);
  return map;
}
