import { exportRoutes } from "@starboard/contract/routes/exports";
import type { AppContext } from "../../platform/context.ts";
import { handle, type RouteHandler } from "../../platform/route.ts";
import * as exports from "./service.ts";

/** Export files (create, poll, download) and the direct CSV downloads: validate → authorize → service. */
export function exportHandlers(ctx: AppContext): RouteHandler[] {
  const r = exportRoutes;
  return [
    handle(r.createExportFile, ({ actor, params, body }) =>
      exports.createExportFile(ctx, actor, params.accountId, body),
    ),
    handle(r.getExportFile, ({ actor, params }) => exports.getExportFile(ctx, actor, params.id)),
    handle(r.downloadExportFile, ({ actor, params, query, reply }) =>
      exports.downloadExportFile(ctx, actor, params.id, query, reply),
    ),
    handle(r.fetchExportFileData, ({ actor, params, reply }) =>
      exports.fetchExportFileData(ctx, actor, params.id, reply),
    ),
    handle(r.reviewsCsv, ({ actor, query, reply }) => exports.streamCsv(ctx, actor, "reviews", query, reply)),
    handle(r.locationMetricsCsv, ({ actor, query, reply }) =>
      exports.streamCsv(ctx, actor, "metric_locations", query, reply),
    ),
    handle(r.groupMetricsCsv, ({ actor, query, reply }) =>
      exports.streamCsv(ctx, actor, "metric_groups", query, reply),
    ),
    handle(r.locationPerformanceCsv, ({ actor, query, reply }) =>
      exports.streamCsv(ctx, actor, "location_performance", query, reply),
    ),
    ...Object.values(r)
      .filter((route) => route.summary.includes("(400 until its feature lands)"))
      .map((route) =>
        handle(route, ({ actor, query }) =>
          exports.unavailableCsv(actor, query as Record<string, unknown>, route.path.replace(/^\/api\//, "")),
        ),
      ),
  ];
}
