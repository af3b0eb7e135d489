import {
  INLINE_IMPORT_ROWS,
  type TLocationSync,
  type TLocationSyncRequest,
  type TReviewImport,
  ZReviewImportFieldsSchema,
  ZReviewImportJsonSchema,
} from "@starboard/contract/ingestion";
import type { z } from "zod";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Upload } from "../../platform/upload.ts";
import { connectorFor } from "../reviews/index.ts";
import { checkImportRows, processImport, readImportFile } from "./import.ts";
import { ASKED_SYNC_PRIORITY, IMPORT_JOB, SYNC_JOB } from "./jobs.ts";
import { importPolicy, locationSyncPolicy } from "./policy.ts";
import { presentImport } from "./presenter.ts";
import { claimSyncRequest, findImport, insertImport, selectSyncTargets } from "./queries.ts";

/** Checks input against a schema; the first problem answers 400 with its field (or `fallback`). */
function parsed<S extends z.ZodType>(schema: S, input: unknown, fallback: string, message: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw AppError.invalid(issue?.path.join(".") || fallback, issue?.message ?? message);
}

/** What POST /api/reviews/import received: a multipart upload, or else the JSON body; and the query. */
export interface ImportRequest {
  upload: Upload | undefined;
  body: unknown;
  query: { account_id?: string | undefined };
}

/**
 * POST /api/reviews/import. The account comes first (another account's id answers 404 whatever else is
 * wrong), then the file or body (400 with the field), then the whole-file checks. Up to
 * INLINE_IMPORT_ROWS rows are imported now (`queued: false`, 201); more by the `reviews.import` job (202).
 */
export async function importReviews(
  ctx: AppContext,
  actor: Actor,
  input: ImportRequest,
): Promise<{ queued: boolean; report: TReviewImport }> {
  const { upload } = input;
  const fields = upload ? parsed(ZReviewImportFieldsSchema, upload.fields, "account_id", "Invalid field.") : undefined;
  const body = (input.body ?? {}) as { account_id?: unknown };
  const requested =
    fields?.account_id ?? (typeof body.account_id === "string" ? body.account_id : undefined) ?? input.query.account_id;
  const accountId = accountIdFor(actor, requested);
  authorize(actor, "update", locationSyncPolicy, { account_id: accountId });
  let file: { fileName: string | null; rows: Record<string, unknown>[] };
  if (upload) {
    if (!upload.file) throw AppError.invalid("file", "Attach a CSV or JSON file.");
    const { content, name, type } = upload.file;
    file = { fileName: name || null, rows: await readImportFile(content, name, type) };
  } else {
    const json = parsed(ZReviewImportJsonSchema, input.body, "reviews", "Expected {reviews: [...]}.");
    file = { fileName: json.file_name ?? null, rows: json.reviews };
  }
  checkImportRows(file.rows);
  const inline = file.rows.length <= INLINE_IMPORT_ROWS;
  // A queued import and its job commit together.
  const created = await ctx.database.db.transaction().execute(async (trx) => {
    const row = await insertImport(trx, { accountId, userId: actor.user.id, fileName: file.fileName, rows: file.rows });
    if (!inline) await ctx.jobs.send(IMPORT_JOB, { importId: row.id }, { singletonKey: row.id, trx });
    return row;
  });
  if (inline) {
    await processImport(ctx.database, created.id);
    const done = await findImport(ctx.database.db, created.id, [accountId]);
    if (!done) throw AppError.notFound();
    return { queued: false, report: presentImport(done) };
  }
  return { queued: true, report: presentImport(created) };
}

/** GET /api/imports/{id}: an import of a reachable account, or 404. */
export async function getImport(ctx: AppContext, actor: Actor, id: string): Promise<TReviewImport> {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findImport(ctx.database.db, id, actor.accountIds);
  if (!row) throw AppError.notFound();
  authorize(actor, "read", importPolicy, row);
  return presentImport(row);
}

/**
 * POST /api/locations/{id}/sync: one `ingestion.sync` job per listing of the location a sync can read
 * (an active URL with a reference id, the account's credentials, a connector), or only `source_id`'s.
 * The location comes first: one outside the account (`account_id`, else every reachable one) answers 404.
 */
export async function syncLocation(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  body: TLocationSyncRequest,
  query: { account_id?: string | undefined },
): Promise<TLocationSync> {
  const requested = body?.account_id ?? query.account_id;
  const accountIds = requested ? [accountIdFor(actor, requested)] : actor.accountIds;
  const location = await scoped(ctx.database.db, { accountIds }).find("locations", locationId);
  const sourceId = body?.source_id;
  const rows = await selectSyncTargets(
    ctx.database.db,
    location.id,
    sourceId !== undefined && isUuid(sourceId) ? sourceId : undefined,
  );
  const targets = rows.filter((r) => connectorFor(r.code) !== undefined);
  authorize(actor, "update", locationSyncPolicy, location);
  if (sourceId !== undefined && (!isUuid(sourceId) || targets.length === 0)) {
    throw AppError.invalid(
      "source_id",
      "The location has no listing at this source that Starboard can read (reference id, credentials, connector).",
    );
  }
  // One manual sync per listing every SYNC_INTERVAL_SECONDS (one queued or run since is enough).
  const now = new Date();
  const queued: typeof targets = [];
  let nextAllowed: Date | undefined;
  // Each claimed sync request and its job commit together.
  await ctx.database.db.transaction().execute(async (trx) => {
    for (const t of targets) {
      const ids = { accountId: location.account_id, locationId, sourceId: t.source_id };
      const next = await claimSyncRequest(trx, ids, now, ctx.config.syncIntervalSeconds);
      if (next === null) {
        queued.push(t);
        await ctx.jobs.send(SYNC_JOB, { locationId, sourceId: t.source_id }, { trx, priority: ASKED_SYNC_PRIORITY });
      } else if (!nextAllowed || next < nextAllowed) nextAllowed = next;
    }
  });
  if (queued.length === 0 && nextAllowed) {
    const seconds = Math.max(1, Math.ceil((nextAllowed.getTime() - now.getTime()) / 1000));
    throw new AppError(
      "rate_limited",
      `This location was synced less than ${intervalWords(ctx.config.syncIntervalSeconds)} ago. The next sync can start at ${nextAllowed.toISOString()}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
  return {
    location_id: locationId,
    syncs: queued.map((t) => ({ source_id: t.source_id, source_code: t.code })),
  };
}

/** "5 minutes", or "30 seconds" for intervals under two minutes. */
function intervalWords(seconds: number): string {
  return seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`;
}
