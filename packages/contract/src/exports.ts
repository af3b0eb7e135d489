import { z } from "./zod.ts";

// Export files (docs/product/platform.md §3 "Export file", §4 "Export request", §7 "Exports", §8, §9;
// docs/api.md "Exports"). A client asks for a file (POST /api/export_files/{accountId}), polls it
// (GET /api/export_files/{id}) until it is done (file_url), has no rows (no_results) or failed
// (status_reason timeout or other), then downloads it through the signed, expiring file_url.

/** Every resource §7 names. */
export const EXPORT_RESOURCES = [
  "reviews",
  "partner_scorecards",
  "locations",
  "groups",
  "metric_locations",
  "metric_groups",
  "location_performance",
  "microsurvey_responses",
  "competitors_overview",
  "competitors_brands",
  "experience_categories",
  "keywords",
  "keyword_details",
  "mta_accounts",
  "mta_integrations",
] as const;
export type TExportResource = (typeof EXPORT_RESOURCES)[number];

/** The resources whose feature has landed; the others answer 400 (EXPORT_NOT_AVAILABLE). */
export const AVAILABLE_EXPORT_RESOURCES = [
  "reviews",
  "locations",
  "groups",
  "metric_locations",
  "metric_groups",
  "location_performance",
  "keywords",
  "keyword_details",
  "experience_categories",
  "microsurvey_responses",
] as const satisfies readonly TExportResource[];
export type TAvailableExportResource = (typeof AVAILABLE_EXPORT_RESOURCES)[number];

export const EXPORT_STATUSES = ["pending", "processing", "done", "no_results", "failed"] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_FILE_TYPES = ["csv"] as const;

/** Client polling limits (§9): 10 s, 60 s when impersonated; the poll interval between two reads. */
export const EXPORT_POLL_TIMEOUT_MS = 10_000;
export const EXPORT_POLL_TIMEOUT_IMPERSONATED_MS = 60_000;
export const EXPORT_POLL_INTERVAL_MS = 1_000;

/** How long a signed download link stays valid. */
export const EXPORT_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The messages of §8 and §6 for exports, word for word. */
export const EXPORT_MESSAGES = {
  error: "There was an error generating your export.",
  noResults: "There was no export data found",
  timeout: "Your download timed out",
  unexpected: "An unexpected error occurred while initiating download",
  downloadFailed: "There was an issue downloading your file.",
  slow: (email: string) =>
    `Your download is taking longer than expected. A download link will be sent to ${email} when it's ready.`,
  success: (email: string) => `Your download has started.  A download link will also be sent to ${email}.`,
  missing: "Export file missing",
  trialBlocked: "Exporting isn't allowed for trial users",
} as const;

/** The 400 of a resource §7 names whose feature has not landed yet (docs/api.md "Exports"). */
export function exportNotAvailable(resource: string): string {
  return `${resource} exports are not available yet`;
}

const ZFilterValue = z.union([
  z.string().max(1000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(1000), z.number()])).max(1000),
]);

/**
 * POST /api/export_files/{accountId}. `resource` is checked by the server after the account (so a
 * foreign account answers 404 first): one of EXPORT_RESOURCES, and one whose feature has landed.
 * `filters` are the list's own query keys (for reviews: published_after/from, location_id, rating, ...).
 */
export const ZExportFileCreateSchema = z.object({
  resource: z.string().max(100).optional(),
  filters: z.record(z.string().max(100), ZFilterValue).default({}),
  file_type: z.enum(EXPORT_FILE_TYPES, { message: "Only csv files can be exported" }).default("csv"),
  download_options: z.record(z.string().max(100), ZFilterValue).optional(),
  request_type: z.string().max(100).optional(),
  resource_id: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional(),
  send_email: z.boolean().default(false),
});
export type TExportFileCreate = z.input<typeof ZExportFileCreateSchema>;

export const ZExportFileSchema = z.object({
  id: z.number(),
  account_id: z.string(),
  resource: z.string(),
  file_type: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** For failed: timeout or other. */
  status_reason: z.enum(["timeout", "other"]).nullable(),
  /** Rows written so far (the progress figure), and in the finished file. */
  row_count: z.number(),
  /** When done: the signed, expiring download link (only the owning account may use it). */
  file_url: z.string().nullable(),
  /** Whether an e-mail with the link goes out when the file is ready. */
  send_email: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** When file_url stops working. */
  expires_at: z.string().nullable(),
});
export type TExportFile = z.infer<typeof ZExportFileSchema>;

export const ZExportDownloadQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/** The direct CSV downloads of §7 that are not lists of reviews: a review filter plus account_id. */
export const ZExportCsvQuerySchema = z.record(
  z.string().max(100),
  z.union([z.string().max(1000), z.array(z.string().max(1000)).max(1000)]),
);

/** The direct CSV downloads of §7 answered 400 until their feature lands (`/api/export/csv/{resource}`). */
export const UNAVAILABLE_CSV_DOWNLOADS = ["competitors"] as const;
