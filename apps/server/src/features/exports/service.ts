import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import { computeDateRange, DATE_DESCRIPTORS, type TComputableDateDescriptor } from "@starboard/contract/date-ranges";
import {
  AVAILABLE_EXPORT_RESOURCES,
  EXPORT_LINK_TTL_SECONDS,
  EXPORT_MESSAGES,
  EXPORT_RESOURCES,
  exportNotAvailable,
  type TAvailableExportResource,
  type TExportFile,
  type TExportFileCreate,
} from "@starboard/contract/exports";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { MailMessage } from "../../platform/mail.ts";
import type { GroupFilter } from "../groups/index.ts";
import {
  categoryRankOf,
  checkInsightsOn,
  type KeywordExportQuery,
  keywordListPages,
  keywordReviewPages,
} from "../insights/index.ts";
import type { LocationFilter } from "../locations/index.ts";
import { checkMicrosurveysOn, microsurveyResponsesExport } from "../microsurveys/index.ts";
import { parseReviewFilter, type ReviewFilter } from "../reviews/index.ts";
import type { CsvThreadData, FromCsvThread } from "./csv-thread.ts";
import { exportFilePolicy } from "./policy.ts";
import {
  CATEGORY_COLUMNS,
  type Column,
  GROUP_COLUMNS,
  GROUP_METRIC_COLUMNS,
  KEYWORD_COLUMNS,
  KEYWORD_REVIEW_COLUMNS,
  LOCATION_COLUMNS,
  LOCATION_METRIC_COLUMNS,
  presentExportFile,
} from "./presenter.ts";
import {
  accountFacts,
  type Batched,
  type CompiledBatches,
  claimExportFile,
  type ExportFileRow,
  findExportFile,
  findExportFileById,
  groupMetricRows,
  groupRows,
  insertExportFile,
  locationMetricRows,
  locationRows,
  reviewCsvColumns,
  reviewRows,
  setProgress,
  signingKey,
  updateExportFile,
  userEmail,
} from "./queries.ts";

/** The job that writes an export file (`{ fileId }`). */
export const EXPORT_JOB = "exports.generate";
/** Rows per read: one keyset page of the database, one CSV chunk. */
export const BATCH_ROWS = 5000;
/** An export still writing after this long fails with status_reason timeout. */
export const EXPORT_TIMEOUT_MS = 30 * 60 * 1000;

// ---- What a resource exports ----

/** The filter keys of the pages (the address's camelCase keys) and the list's API keys they stand for. */
const FILTER_ALIASES: Record<string, string> = {
  groupId: "group_id",
  locationId: "location_id",
  sourceId: "source_id",
  savedFilterId: "",
  search_terms: "keywords",
};

/** The filters of a request as a list query: the page's keys renamed, values as strings, a date preset resolved. */
function queryOf(filters: Record<string, unknown>, timeZone: string, now = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = (v: unknown) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v);
  for (const [key, value] of Object.entries(filters)) {
    const name = key in FILTER_ALIASES ? FILTER_ALIASES[key]! : key;
    if (!name || value === null || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map(text) : text(value);
  }
  const descriptor = out.dateDescriptor;
  delete out.dateDescriptor;
  if (descriptor !== undefined && descriptor !== "" && descriptor !== "custom") {
    if (typeof descriptor !== "string" || !(DATE_DESCRIPTORS as readonly string[]).includes(descriptor))
      throw AppError.invalid("dateDescriptor", "Unknown date range");
    if (out.from === undefined && out.published_after === undefined) {
      const range = computeDateRange(descriptor as TComputableDateDescriptor, { now, timeZone });
      if (range.from) out.from = range.from;
      if (out.to === undefined && out.published_before === undefined) out.to = range.to;
    }
  }
  return out;
}

/** A resource's rows, its CSV header and how a batch of rows becomes CSV text. */
export interface ExportPlan {
  resource: TAvailableExportResource;
  rows: Batched<never>;
  headers: string[];
  format: (rows: never[]) => string;
}

const asPlan = <R>(resource: TAvailableExportResource, rows: Batched<R>, columns: Column<R>[]): ExportPlan => ({
  resource,
  rows: rows as unknown as Batched<never>,
  headers: columns.map((c) => c.header),
  format: (batch) => stringify((batch as R[]).map((row) => columns.map((c) => c.cell(row) ?? ""))),
});

/** The rows of a paged read (`limit` rows from `offset`), numbered: the key of a batch is the last row's number. */
function pagedRows<R>(page: (db: Kysely<DB>, limit: number, offset: number) => Promise<R[]>): Batched<Numbered<R>> {
  return {
    read: async (db, after, limit) => {
      const offset = after ? Number(after[0]) : 0;
      return (await page(db, limit, offset)).map((row, i) => ({ n: offset + i + 1, row }));
    },
    keyOf: (r) => [String(r.n)],
  };
}
type Numbered<R> = { n: number; row: R };
const numbered = <R>(columns: Column<R>[]): Column<Numbered<R>>[] =>
  columns.map((c) => ({ header: c.header, cell: (r) => c.cell(r.row) }));

/** The keys of a keyword export that are not review filters (the insights API reads them apart). */
const KEYWORD_KEYS = ["sentiment", "keyword", "resource_id", "sort[by]", "sort[order]"] as const;

/** Insights exports answer 403 when the account's insights (or experience analysis) are off, as the API does. */
async function checkFeatureOn(db: Kysely<DB>, resource: TAvailableExportResource, accountId: string) {
  if (resource === "keywords" || resource === "keyword_details") await checkInsightsOn(db, accountId);
  if (resource === "experience_categories") await checkInsightsOn(db, accountId, true);
  if (resource === "microsurvey_responses") await checkMicrosurveysOn(db, accountId);
}

/** 400 unless the resource is one of §7's and its feature has landed (docs/api.md "Exports"). */
export function checkResource(resource: string | undefined, field = "resource"): TAvailableExportResource {
  if (resource === undefined || resource === "") throw AppError.invalid(field, "Choose what to export");
  if (!(EXPORT_RESOURCES as readonly string[]).includes(resource))
    throw AppError.invalid(field, `Unknown resource. Use one of ${EXPORT_RESOURCES.join(", ")}`);
  if (!(AVAILABLE_EXPORT_RESOURCES as readonly string[]).includes(resource))
    throw AppError.invalid(field, exportNotAvailable(resource));
  return resource as TAvailableExportResource;
}

/** A list filter's error, moved under `prefix` (the body's `filters.rating`). */
function underPrefix<T>(prefix: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (prefix && err instanceof AppError && err.errors) {
      const errors = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [`${prefix}${k}`, v]));
      throw new AppError(err.code, err.message, errors);
    }
    throw err;
  }
}

/**
 * The plan of an export: the list's own filter (parsed by the list's parser: 400 with the field) and the
 * list's own query, read in batches.
 */
export function planExport(
  resource: TAvailableExportResource,
  account: { id: string; time_zone: string },
  filters: Record<string, unknown>,
  prefix = "",
): ExportPlan {
  const query = underPrefix(prefix, () => queryOf(filters, account.time_zone));
  const reviewFilter = (q = query): ReviewFilter =>
    underPrefix(prefix, () => ({ accountId: account.id, timeZone: account.time_zone, ...parseReviewFilter(q) }));
  /** The keyword options apart and the review filter of the rest, as the insights API splits its query. */
  const keywordQuery = (): [ReviewFilter, KeywordExportQuery] => {
    const rest = { ...query };
    const options: Record<string, string | undefined> = {};
    for (const key of KEYWORD_KEYS) {
      options[key] = str(rest[key]);
      delete rest[key];
    }
    return [reviewFilter(rest), { ...options, keyword: options.keyword ?? options.resource_id }];
  };
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  switch (resource) {
    case "reviews": {
      // Each review arrives as its CSV line, built by PostgreSQL from the columns (queries.ts).
      const f = reviewFilter();
      return {
        resource,
        rows: reviewRows(f) as unknown as Batched<never>,
        headers: reviewCsvColumns(f.timeZone).map((c) => c.header),
        format: (batch) => `${(batch as { line: string }[]).map((r) => r.line).join("\n")}\n`,
      };
    }
    case "locations": {
      const f: LocationFilter = {
        accountId: account.id,
        keywords: str(query.keywords),
        searchType: query.search_type === "typeahead" ? "typeahead" : query.search_type === "full" ? "full" : undefined,
      };
      const groups = [query.group_id].flat().filter((v) => v !== undefined && v !== "");
      if (groups.length) f.groupIds = groups.flatMap((v) => String(v).split(",")).filter(isUuid);
      return asPlan(resource, locationRows(f), LOCATION_COLUMNS);
    }
    case "groups": {
      const f: GroupFilter = {
        accountId: account.id,
        keywords: str(query.keywords),
        searchType: query.search_type === "typeahead" ? "typeahead" : query.search_type === "full" ? "full" : undefined,
      };
      const location = str(query.location_id);
      if (location !== undefined) f.locationId = isUuid(location) ? location : null;
      return asPlan(resource, groupRows(f), GROUP_COLUMNS);
    }
    case "metric_locations":
    case "location_performance":
      return asPlan(resource, locationMetricRows(reviewFilter()), LOCATION_METRIC_COLUMNS);
    case "metric_groups":
      return asPlan(resource, groupMetricRows(reviewFilter()), GROUP_METRIC_COLUMNS);
    case "keywords": {
      const [f, options] = keywordQuery();
      const pages = underPrefix(prefix, () => keywordListPages(f, options));
      return asPlan(resource, pagedRows(pages), numbered(KEYWORD_COLUMNS));
    }
    case "keyword_details": {
      const [f, options] = keywordQuery();
      const pages = underPrefix(prefix, () => keywordReviewPages(f, options));
      return asPlan(resource, pagedRows(pages), numbered(KEYWORD_REVIEW_COLUMNS));
    }
    case "experience_categories": {
      // A few rows (the account's categories): read whole, handed out in batches.
      const f = reviewFilter();
      return asPlan(
        resource,
        pagedRows(async (db, limit, offset) => (await categoryRankOf(db, f)).slice(offset, offset + limit)),
        numbered(CATEGORY_COLUMNS),
      );
    }
    case "microsurvey_responses": {
      const plan = underPrefix(prefix, () => microsurveyResponsesExport(account, query));
      return asPlan(resource, plan.rows, plan.columns);
    }
  }
}

/**
 * The CSV of a plan, chunk by chunk: the header, then one chunk per batch of rows read from the
 * database. Never more than one batch in memory. `onBatch` hears the running row count.
 */
export async function* csvChunks(
  db: Kysely<DB>,
  plan: ExportPlan,
  opts: { onBatch?: (rows: number) => Promise<void>; batchRows?: number } = {},
): AsyncGenerator<string> {
  const batchRows = opts.batchRows ?? BATCH_ROWS;
  yield stringify([plan.headers]);
  let after: readonly string[] | null = null;
  let total = 0;
  for (;;) {
    const rows: never[] = await plan.rows.read(db, after, batchRows);
    if (rows.length === 0) break;
    total += rows.length;
    yield plan.format(rows);
    await opts.onBatch?.(total);
    if (rows.length < batchRows) break;
    after = plan.rows.keyOf(rows[rows.length - 1]!);
  }
}

// ---- Signed links ----

/** HMAC-SHA256 of the file, its account and the expiry, with the database's link key (migration 0012). */
function sign(key: string, fileId: number, accountId: string, expires: number) {
  return crypto.createHmac("sha256", key).update(`export_file:${fileId}:${accountId}:${expires}`).digest("base64url");
}

/** `db`: the transaction in progress, if any (the embedded database serves one transaction at a time). */
async function signedQuery(ctx: AppContext, row: ExportFileRow, db: Kysely<DB> = ctx.database.db) {
  if (row.status !== "done" || !row.expires_at) return null;
  const expires = Math.floor(new Date(row.expires_at).getTime() / 1000);
  const signature = sign(await signingKey(db), Number(row.id), row.account_id, expires);
  return `expires=${expires}&signature=${signature}`;
}

/** The API's download link of a done file (`file_url`). */
async function fileUrlOf(ctx: AppContext, row: ExportFileRow) {
  const query = await signedQuery(ctx, row);
  return query ? `${ctx.config.publicUrl}/api/export_files/${row.id}/download?${query}` : null;
}

/** The page an e-mailed link opens (/file-downloads/{fileId}); it downloads through the signed link. */
async function pageUrlOf(ctx: AppContext, row: ExportFileRow, db: Kysely<DB> = ctx.database.db) {
  const query = await signedQuery(ctx, row, db);
  return `${ctx.config.publicUrl}/file-downloads/${row.id}${query ? `?${query}` : ""}`;
}

function timingSafeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

// ---- Requests ----

const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

async function findFile(ctx: AppContext, actor: Actor, id: string) {
  const n = parseId(id);
  const row = n === null ? undefined : await findExportFile(scoped(ctx.database.db, actor), n);
  if (!row) throw AppError.notFound();
  authorize(actor, "read", exportFilePolicy, row);
  return row;
}

/** Trial accounts without the trial_export setting cannot export (§6). */
function checkTrial(actor: Actor) {
  if (actor.account.status === "trial" && actor.settings.trial_export !== true) {
    throw AppError.forbidden(EXPORT_MESSAGES.trialBlocked);
  }
}

/** The filters of a request with its resource_id (the keyword of keyword_details) when they name none. */
function filtersOf(filters: Record<string, unknown>, resourceId: unknown): Record<string, unknown> {
  if (resourceId === undefined || resourceId === null || resourceId === "" || "resource_id" in filters) return filters;
  return { ...filters, resource_id: String(resourceId) };
}

/** POST /api/export_files/{accountId}: the row and its job, in one transaction. */
export async function createExportFile(
  ctx: AppContext,
  actor: Actor,
  accountIdParam: string,
  body: TExportFileCreate,
): Promise<TExportFile> {
  const accountId = accountIdFor(actor, accountIdParam);
  checkTrial(actor);
  const resource = checkResource(body.resource);
  const account = await accountFacts(ctx.database.db, accountId);
  await checkFeatureOn(ctx.database.db, resource, accountId);
  // Bad filters answer 400 now rather than failing the job later.
  planExport(resource, account, filtersOf(body.filters ?? {}, body.resource_id), "filters.");
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const inserted = await insertExportFile(trx, {
      account_id: accountId,
      user_id: actor.user.id,
      resource,
      file_type: body.file_type ?? "csv",
      filters: JSON.stringify(body.filters ?? {}),
      download_options: body.download_options ? JSON.stringify(body.download_options) : null,
      request_type: body.request_type ?? null,
      resource_id: body.resource_id === undefined || body.resource_id === null ? null : String(body.resource_id),
      // Never e-mailed when impersonated (§9).
      send_email: Boolean(body.send_email) && !actor.impersonatedBy,
      impersonated: Boolean(actor.impersonatedBy),
    });
    await ctx.jobs.send(EXPORT_JOB, { fileId: Number(inserted.id) }, { trx });
    return inserted;
  });
  return presentExportFile(row, null);
}

/** GET /api/export_files/{id} */
export async function getExportFile(ctx: AppContext, actor: Actor, id: string): Promise<TExportFile> {
  const row = await findFile(ctx, actor, id);
  return presentExportFile(row, await fileUrlOf(ctx, row));
}

/** A done file's bytes, streamed, with its name; 404 when missing, 410 when expired. */
function streamFile(row: ExportFileRow, reply: FastifyReply): Readable {
  if (row.status !== "done" || !row.file_path) throw AppError.notFound(EXPORT_MESSAGES.missing);
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) throw expired();
  if (!fs.existsSync(row.file_path)) throw AppError.notFound(EXPORT_MESSAGES.missing);
  reply.header("Content-Disposition", `attachment; filename="${fileNameOf(row)}"`);
  reply.header("Cache-Control", "private, no-store");
  return fs.createReadStream(row.file_path);
}

/** 410 Gone: the link (or the file) has expired; the user asks for a new export. */
class LinkExpired extends AppError {
  override readonly status = 410;
}
const expired = () => new LinkExpired("not_found", "This download link has expired.");

/** GET /api/export_files/{id}/download?expires&signature: only the owning account, only with a valid, unexpired link. */
export async function downloadExportFile(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  reply: FastifyReply,
): Promise<Readable> {
  const row = await findFile(ctx, actor, id);
  const expires = Number(query.expires);
  const key = await signingKey(ctx.database.db);
  if (!query.signature || !Number.isInteger(expires)) throw AppError.notFound();
  if (!timingSafeEqual(sign(key, Number(row.id), row.account_id, expires), query.signature)) throw AppError.notFound();
  if (expires * 1000 <= Date.now()) throw expired();
  return streamFile(row, reply);
}

/** GET /api/fetch-export-file/{id}/file-data: the signed-in account's own done file. */
export async function fetchExportFileData(ctx: AppContext, actor: Actor, id: string, reply: FastifyReply) {
  return streamFile(await findFile(ctx, actor, id), reply);
}

function fileNameOf(row: Pick<ExportFileRow, "id" | "resource" | "created_at">) {
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return `${row.resource}-${day}-${row.id}.csv`;
}

/** A direct CSV download (§7): the list's filter and query, streamed as the rows are read. */
export async function streamCsv(
  ctx: AppContext,
  actor: Actor,
  resource: TAvailableExportResource,
  query: Record<string, unknown>,
  reply: FastifyReply,
): Promise<Readable> {
  const accountId = accountIdFor(actor, typeof query.account_id === "string" ? query.account_id : undefined);
  checkTrial(actor);
  const { account_id: _ignored, ...filters } = query;
  const account = await accountFacts(ctx.database.db, accountId);
  const plan = planExport(resource, account, filters);
  const day = new Date().toISOString().slice(0, 10);
  reply.header("Content-Disposition", `attachment; filename="${resource}-${day}.csv"`);
  reply.header("Cache-Control", "private, no-store");
  return Readable.from(csvChunks(ctx.database.db, plan));
}

/** The direct CSV downloads of resources whose feature has not landed: 404 for another account, else 400. */
export async function unavailableCsv(actor: Actor, query: Record<string, unknown>, name: string): Promise<never> {
  accountIdFor(actor, typeof query.account_id === "string" ? query.account_id : undefined);
  throw AppError.invalid("resource", exportNotAvailable(name));
}

// ---- Writing a file (the job, and scheduled exports through generateExport) ----

function storageDir(ctx: AppContext, accountId: string) {
  return path.join(ctx.config.dataDir, "storage", "exports", accountId);
}

class ExportTimeout extends Error {}

/**
 * Writes the file of an export row: reads the rows batch by batch through the list's query, streams
 * them as CSV to a temporary file, keeps the running row count on the row (the progress figure), then
 * renames the file into place and marks the row done, no_results or failed (timeout or other).
 */
export async function writeExportFile(
  ctx: AppContext,
  fileId: number,
  /** Rows per batch (tests: several batches from a few rows). */
  { batchRows = BATCH_ROWS }: { batchRows?: number } = {},
): Promise<ExportFileRow | undefined> {
  const db = ctx.database.db;
  const row = await claimExportFile(db, fileId);
  if (!row) return findExportFileById(db, fileId);
  const started = Date.now();
  const dir = storageDir(ctx, row.account_id);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, fileNameOf(row));
  const temp = `${target}.partial`;
  let rowCount = 0;
  try {
    const account = await accountFacts(db, row.account_id);
    const filters = filtersOf((row.filters ?? {}) as Record<string, unknown>, row.resource_id);
    const plan = planExport(checkResource(row.resource), account, filters);
    let lastProgress = 0;
    const onBatch = async (n: number) => {
      rowCount = n;
      if (Date.now() - started > EXPORT_TIMEOUT_MS) throw new ExportTimeout();
      if (Date.now() - lastProgress > 500) {
        lastProgress = Date.now();
        await setProgress(db, fileId, n);
      }
    };
    if (plan.rows.compiled) {
      await writeInThread(ctx, plan, plan.rows.compiled(db, batchRows), batchRows, temp, onBatch);
    } else {
      await pipeline(Readable.from(csvChunks(db, plan, { onBatch, batchRows })), fs.createWriteStream(temp));
    }
    if (rowCount === 0) {
      fs.rmSync(temp, { force: true });
      return await updateExportFile(db, fileId, { status: "no_results", row_count: 0, completed_at: new Date() });
    }
    fs.renameSync(temp, target);
    const expiresAt = new Date(Date.now() + EXPORT_LINK_TTL_SECONDS * 1000);
    const done = await db.transaction().execute(async (trx) => {
      const updated = await updateExportFile(trx, fileId, {
        status: "done",
        row_count: rowCount,
        file_path: target,
        byte_size: fs.statSync(target).size,
        completed_at: new Date(),
        expires_at: expiresAt,
      });
      if (updated.send_email && !updated.impersonated) await sendReadyEmail(ctx, trx, updated);
      return updated;
    });
    return done;
  } catch (err) {
    fs.rmSync(temp, { force: true });
    const reason = err instanceof ExportTimeout ? "timeout" : "other";
    ctx.log.error({ err, fileId }, "export failed");
    return updateExportFile(db, fileId, {
      status: "failed",
      status_reason: reason,
      row_count: rowCount,
      completed_at: new Date(),
    });
  }
}

/**
 * The export thread's heap, in MB. A small young generation keeps each batch's garbage collected as it
 * goes (measured on 1,000,000 reviews: the process grew 42 MB with 8 MB, 75 MB with 32 MB, 324 MB
 * exporting on the server's own heap, at the same speed); the old generation holds at most a batch or
 * two, and bounds what a runaway export can take (past it the thread, not the server, fails).
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/**
 * Writes a plan whose batches are compiled statements (the reviews) in the export thread
 * (csv-thread.ts), on a connection of its own; `onBatch` hears the running row count on this thread
 * and may stop the export (a timeout), which ends the thread.
 */
export async function writeInThread(
  ctx: AppContext,
  plan: ExportPlan,
  batches: CompiledBatches,
  batchRows: number,
  file: string,
  onBatch: (rows: number) => Promise<void>,
) {
  const workerData: CsvThreadData = {
    connectionString: ctx.database.connectionString,
    path: file,
    header: stringify([plan.headers]),
    ...batches,
    batchRows,
  };
  const worker = new Worker(new URL("./csv-thread.ts", import.meta.url), { workerData, resourceLimits: THREAD_HEAP });
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(String(error)));
      };
      // Progress is handled one message at a time, in order; a failure of onBatch ends the export.
      // The thread may well exit before the last progress is handled (its "done" is then already
      // here): only an exit without "done" is a failure.
      let progress = Promise.resolve();
      let done = false;
      worker.on("message", (message: FromCsvThread) => {
        if (message.type === "progress") progress = progress.then(() => onBatch(message.rows)).catch(settle);
        else if (message.type === "done") {
          done = true;
          void progress.then(() => settle());
        } else settle(new Error(`The export thread failed: ${message.message}`));
      });
      worker.on("error", settle);
      worker.on("exit", (code) => {
        if (!done) settle(new Error(`The export thread stopped (exit code ${code})`));
      });
    });
  } finally {
    await worker.terminate();
  }
}

/** The e-mail with the link, sent by the `email.send` job in the transaction that marks the file done. */
async function sendReadyEmail(ctx: AppContext, trx: Kysely<DB>, row: ExportFileRow) {
  const user = await userEmail(trx, row.user_id);
  if (!user) return;
  const link = await pageUrlOf(ctx, row, trx);
  const message: MailMessage = {
    idempotencyKey: `export-file-ready:${row.id}`,
    to: user.email,
    subject: "Your export is ready",
    text: [
      `Hello ${user.name},`,
      "",
      `Your ${row.resource.replaceAll("_", " ")} export (${row.row_count} rows) is ready. Download it here:`,
      link,
      "",
      `The link works for your account only and expires on ${new Date(row.expires_at!).toUTCString()}.`,
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Your ${escapeHtml(row.resource.replaceAll("_", " "))} export (${row.row_count} rows) is ready.</p><p><a href="${escapeHtml(link)}">Download your file</a></p><p>The link works for your account only and expires on ${escapeHtml(new Date(row.expires_at!).toUTCString())}.</p>`,
  };
  await ctx.jobs.send("email.send", message, { trx });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * For scheduled exports: writes an export file now (no job, no e-mail of its own) and answers its id,
 * path, row count and the absolute signed link of the page that downloads it for the signed-in account.
 * Throws 400 (AppError) for a resource that is not available or bad filters; a failed write throws.
 */
export async function generateExport(
  ctx: AppContext,
  input: {
    accountId: string;
    userId: string | null;
    resource: string;
    filters: Record<string, unknown>;
    fileType?: string;
  },
): Promise<{ fileId: number; path: string; rowCount: number; url: string }> {
  const resource = checkResource(input.resource);
  const account = await accountFacts(ctx.database.db, input.accountId);
  await checkFeatureOn(ctx.database.db, resource, input.accountId);
  planExport(resource, account, input.filters, "filters.");
  const row = await insertExportFile(ctx.database.db, {
    account_id: input.accountId,
    user_id: input.userId,
    resource,
    file_type: input.fileType ?? "csv",
    filters: JSON.stringify(input.filters),
    request_type: "scheduled_export",
  });
  const done = await writeExportFile(ctx, Number(row.id));
  if (!done || done.status === "failed") throw new Error(`export ${row.id} failed (${done?.status_reason ?? "lost"})`);
  if (done.status === "no_results") {
    // An empty file with the header, so that a schedule still has something to send.
    const dir = storageDir(ctx, done.account_id);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, fileNameOf(done));
    const plan = planExport(resource, account, input.filters);
    fs.writeFileSync(file, stringify([plan.headers]));
    const expiresAt = new Date(Date.now() + EXPORT_LINK_TTL_SECONDS * 1000);
    const kept = await updateExportFile(ctx.database.db, done.id, {
      status: "done",
      file_path: file,
      byte_size: fs.statSync(file).size,
      expires_at: expiresAt,
    });
    return { fileId: Number(kept.id), path: file, rowCount: 0, url: await pageUrlOf(ctx, kept) };
  }
  return { fileId: Number(done.id), path: done.file_path!, rowCount: done.row_count, url: await pageUrlOf(ctx, done) };
}
