import { defineRoute } from "../route.ts";
import {
  ZScheduledExportCreateSchema,
  ZScheduledExportListQuerySchema,
  ZScheduledExportListSchema,
  ZScheduledExportPatchSchema,
  ZScheduledExportSchema,
} from "../scheduled-exports.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "scheduled exports";

/** Scheduled exports: a report's CSV e-mailed to account users on a schedule. */
export const scheduledExportRoutes = {
  listScheduledExports: defineRoute({
    method: "GET",
    path: "/api/scheduled_exports",
    summary: "The account's scheduled exports: an Admin's list has everyone's, other users' their own",
    tag,
    query: ZScheduledExportListQuerySchema,
    response: ZScheduledExportListSchema,
    access: { action: "read", resource: "scheduled_export" },
  }),
  getScheduledExport: defineRoute({
    method: "GET",
    path: "/api/scheduled_exports/:id",
    summary: "One scheduled export (another user's answers 404 unless the caller is an Admin)",
    tag,
    params: ZIdParams,
    response: ZScheduledExportSchema,
    access: { action: "read", resource: "scheduled_export" },
    idResource: "scheduled_exports",
  }),
  createScheduledExport: defineRoute({
    method: "POST",
    path: "/api/scheduled_exports",
    summary: "Schedules an export e-mailed to account users daily, weekly or monthly",
    tag,
    body: ZScheduledExportCreateSchema,
    status: 201,
    response: ZScheduledExportSchema,
    access: { action: "create", resource: "scheduled_export" },
  }),
  updateScheduledExport: defineRoute({
    method: "PATCH",
    path: "/api/scheduled_exports/:id",
    summary: "Changes the fields sent; a new frequency resets the other schedule fields",
    tag,
    params: ZIdParams,
    body: ZScheduledExportPatchSchema,
    response: ZScheduledExportSchema,
    access: { action: "update", resource: "scheduled_export" },
    idResource: "scheduled_exports",
  }),
  deleteScheduledExport: defineRoute({
    method: "DELETE",
    path: "/api/scheduled_exports/:id",
    summary: "Deletes a scheduled export",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "scheduled_export" },
    idResource: "scheduled_exports",
  }),
};
