import { alertRoutes } from "@starboard/contract/routes/alerts";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as alerts from "./service.ts";

/** The signed-in user's alerts, and the alert types and frequencies: validate → authorize → service. */
export function alertHandlers(ctx: AppContext) {
  return [
    handle(alertRoutes.listAlertTypes, ({ request }) => alerts.listAlertTypes(ctx, request.url)),
    handle(alertRoutes.getAlertType, ({ params }) => alerts.getAlertType(ctx, params.id)),
    handle(alertRoutes.listAlertFrequencies, ({ request }) => alerts.listAlertFrequencies(ctx, request.url)),
    handle(alertRoutes.getAlertFrequency, ({ params }) => alerts.getAlertFrequency(ctx, params.id)),
    handle(alertRoutes.listAlerts, ({ actor, query, request }) => alerts.listAlerts(ctx, actor, query, request.url)),
    handle(alertRoutes.getAlert, ({ actor, params }) => alerts.getAlert(ctx, actor, params.id)),
    handle(alertRoutes.createAlert, ({ actor, body }) => alerts.createAlert(ctx, actor, body)),
    handle(alertRoutes.updateAlert, ({ actor, params, body }) => alerts.updateAlert(ctx, actor, params.id, body)),
    handle(alertRoutes.replaceAlert, ({ actor, params, body }) => alerts.updateAlert(ctx, actor, params.id, body)),
    handle(alertRoutes.deleteAlert, ({ actor, params }) => alerts.deleteAlert(ctx, actor, params.id)),
  ];
}
