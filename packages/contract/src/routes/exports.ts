import {
  UNAVAILABLE_CSV_DOWNLOADS,
  ZExportCsvQuerySchema,
  ZExportDownloadQuerySchema,
  ZExportFileCreateSchema,
  ZExportFileSchema,
} from "../exports.ts";
import { ZReviewFilterQuerySchema } from "../review-filter.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const ZAccountParams = z.object({ accountId: z.string().max(100) });
const tag = "exports";
const csv = "text/csv";

/** A direct CSV download of a resource whose feature has not landed: 400 naming it (docs/api.md "Exports"). */
function unavailableCsv(path: string, summary: string): RouteDefinition {
  return defineRoute({
    method: "GET",
    path,
    summary: `${summary} (400 until its feature lands)`,
    tag,
    query: ZExportCsvQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "export_file" },
  });
}

/** Export files (asynchronous, polled) and the direct CSV downloads (streamed), docs/product/platform.md §7. */
export const exportRoutes = {
  createExportFile: defineRoute({
    method: "POST",
    path: "/api/export_files/:accountId",
    summary:
      "Asks for an export file of a resource with the list's filters; a job writes it (poll GET /export_files/{id})",
    tag,
    params: ZAccountParams,
    body: ZExportFileCreateSchema,
    status: 201,
    response: ZExportFileSchema,
    access: { action: "create", resource: "export_file" },
  }),
  getExportFile: defineRoute({
    method: "GET",
    path: "/api/export_files/:id",
    summary: "An export file: pending, processing (row_count so far), done (file_url), no_results or failed",
    tag,
    params: ZIdParams,
    response: ZExportFileSchema,
    access: { action: "read", resource: "export_file" },
    idResource: "export_files",
  }),
  downloadExportFile: defineRoute({
    method: "GET",
    path: "/api/export_files/:id/download",
    summary: "The file of a done export, through its signed link (expires, signature); 410 once the link expired",
    tag,
    params: ZIdParams,
    query: ZExportDownloadQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "export_file" },
    idResource: "export_files",
  }),
  fetchExportFileData: defineRoute({
    method: "GET",
    path: "/api/fetch-export-file/:id/file-data",
    summary: "The file of a done export of the signed-in account (no link needed)",
    tag,
    params: ZIdParams,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "export_file" },
    idResource: "export_files",
  }),
  reviewsCsv: defineRoute({
    method: "GET",
    path: "/api/export/csv/reviews",
    summary: "The reviews the list's filter matches, as CSV, streamed",
    tag,
    query: ZReviewFilterQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "review" },
  }),
  locationMetricsCsv: defineRoute({
    method: "GET",
    path: "/api/export/csv/location_metrics",
    summary: "Review metrics per location for the review filter, as CSV, streamed",
    tag,
    query: ZReviewFilterQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "metrics" },
  }),
  groupMetricsCsv: defineRoute({
    method: "GET",
    path: "/api/export/csv/group_metrics",
    summary: "Review metrics per group for the review filter, as CSV, streamed",
    tag,
    query: ZReviewFilterQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "metrics" },
  }),
  locationPerformanceCsv: defineRoute({
    method: "GET",
    path: "/api/location_performance_overview/csv",
    summary: "Location performance (review metrics per location) for the review filter, as CSV, streamed",
    tag,
    query: ZReviewFilterQuerySchema,
    response: z.string(),
    produces: csv,
    access: { action: "read", resource: "metrics" },
  }),
  ...Object.fromEntries(
    UNAVAILABLE_CSV_DOWNLOADS.map((name) => [
      `${name}Csv`,
      unavailableCsv(`/api/export/csv/${name}`, `The ${name.replaceAll("_", " ")} CSV`),
    ]),
  ),
  intelLocationsCsv: unavailableCsv("/api/export/csv/intel/locations", "The competitor locations CSV"),
  locationScoreGroupsCsv: unavailableCsv("/api/location_score/export/groups/csv", "The group location scores CSV"),
  locationScoreLocationsCsv: unavailableCsv("/api/location_score/export/locations/csv", "The location scores CSV"),
  tagsOverviewCsv: unavailableCsv("/api/intel/locations/tags_overview/export", "The competitor tags overview CSV"),
  billingInvoicesCsv: unavailableCsv("/api/billing/invoices", "The account's invoices CSV"),
} satisfies Record<string, RouteDefinition>;
