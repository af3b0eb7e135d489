import {
  ZAccountQuerySchema,
  ZLocationSyncRequestSchema,
  ZLocationSyncSchema,
  ZReviewImportJsonSchema,
  ZReviewImportSchema,
} from "../ingestion.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "reviews";

/** Review import and location sync. */
export const ingestionRoutes = {
  importReviews: defineRoute({
    method: "POST",
    path: "/api/reviews/import",
    summary:
      "Imports reviews from a file (multipart `file`: CSV with a header line, or JSON; field `account_id`) or a JSON body; up to 1,000 rows at once (201), larger files by a job (202, follow GET /api/imports/{id})",
    tag,
    query: ZAccountQuerySchema,
    body: ZReviewImportJsonSchema,
    multipart: true,
    status: 201,
    alternateStatuses: [202],
    response: ZReviewImportSchema,
    access: { action: "update", resource: "location" },
  }),
  getImport: defineRoute({
    method: "GET",
    path: "/api/imports/:id",
    summary: "An import's progress and its report, row by row",
    tag,
    params: ZIdParams,
    response: ZReviewImportSchema,
    access: { action: "read", resource: "review" },
    idResource: "review_imports",
  }),
  syncLocation: defineRoute({
    method: "POST",
    path: "/api/locations/:id/sync",
    summary: "Queues a sync of the location's reviews at each source it can be read at (or only `source_id`)",
    tag,
    params: ZIdParams,
    query: ZAccountQuerySchema,
    body: ZLocationSyncRequestSchema,
    status: 202,
    response: ZLocationSyncSchema,
    access: { action: "update", resource: "location" },
    idResource: "locations",
  }),
};
