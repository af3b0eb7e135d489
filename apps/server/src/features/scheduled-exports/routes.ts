import { scheduledExportRoutes } from "@starboard/contract/routes/scheduled-exports";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as scheduled from "./service.ts";

/** Scheduled exports: validate → authorize → service. */
export function scheduledExportHandlers(ctx: AppContext) {
  return [
    handle(scheduledExportRoutes.listScheduledExports, ({ actor, query, request }) =>
      scheduled.listScheduledExports(ctx, actor, query, request.url),
    ),
    handle(scheduledExportRoutes.getScheduledExport, ({ actor, params }) =>
      scheduled.getScheduledExport(ctx, actor, params.id),
    ),
    handle(scheduledExportRoutes.createScheduledExport, ({ actor, body }) =>
      scheduled.createScheduledExport(ctx, actor, body),
    ),
    handle(scheduledExportRoutes.updateScheduledExport, ({ actor, params, body }) =>
      scheduled.updateScheduledExport(ctx, actor, params.id, body),
    ),
    handle(scheduledExportRoutes.deleteScheduledExport, ({ actor, params }) =>
      scheduled.deleteScheduledExport(ctx, actor, params.id),
    ),
  ];
}
