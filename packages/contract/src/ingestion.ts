/**
 * Review import (a CSV or JSON file, or a JSON body) and the sync of a location's listings. The server
 * validates with these schemas; the web client types its calls with them.
 */
import { z } from "./zod.ts";

const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });

/** Files up to this many rows are imported during the request (201); larger ones by a job (202). */
export const INLINE_IMPORT_ROWS = 1000;
export const MAX_IMPORT_ROWS = 100_000;
/** The largest file a multipart upload may carry. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;

/** `account_id` in the query: the signed-in account, or one of its children. */
export const ZAccountQuerySchema = z.object({ account_id: ZId.optional() });

/**
 * POST /api/reviews/import as JSON. Each review names its location (`location_external_id` or
 * `location_id`), its source (`source` code or `source_id`) and `published_at`; the rest is optional
 * (`source_review_id`, `author`, `rating`, `title`, `content`, `url`, and their aliases).
 */
export const ZReviewImportJsonSchema = z.object({
  account_id: ZId.optional(),
  file_name: z.string().max(255).optional(),
  reviews: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_IMPORT_ROWS),
});
export type TReviewImportJson = z.infer<typeof ZReviewImportJsonSchema>;

/** The fields of a multipart upload besides the `file` (a CSV with a header line, or JSON). */
export const ZReviewImportFieldsSchema = z.object({ account_id: ZId.optional() });

/** A problem with one field of one row; `row` counts data rows from 1 (a CSV header is not counted). */
export const ZImportErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type TImportError = z.infer<typeof ZImportErrorSchema>;

/** An import and its report: counts so far, and the problems row by row (the first thousand). */
export const ZReviewImportSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  file_name: z.string().nullable(),
  /** pending, processing, done or failed. */
  status: z.string(),
  status_reason: z.string().nullable(),
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  error_count: z.number(),
  errors: z.array(ZImportErrorSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  _links: ZLinks,
});
export type TReviewImport = z.infer<typeof ZReviewImportSchema>;

/** POST /api/locations/{id}/sync: all the location's readable sources, or only `source_id`. No body is fine. */
export const ZLocationSyncRequestSchema = z
  .object({
    account_id: ZId.optional(),
    /** Only this source; all the location's connected sources otherwise. */
    source_id: ZId.optional(),
  })
  .nullish();
export type TLocationSyncRequest = z.infer<typeof ZLocationSyncRequestSchema>;

/** The syncs queued: one per source the location can be read at (reference id, credentials, connector). */
export const ZLocationSyncSchema = z.object({
  location_id: z.string(),
  syncs: z.array(z.object({ source_id: z.string(), source_code: z.string() })),
});
export type TLocationSync = z.infer<typeof ZLocationSyncSchema>;
