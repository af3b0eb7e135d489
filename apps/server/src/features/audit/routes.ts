import { auditRoutes } from "@starboard/contract/routes/audit";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as audit from "./service.ts";

export function auditHandlers(ctx: AppContext) {
  return [
    handle(auditRoutes.listAuditLog, ({ actor, query, request }) => audit.listAuditLog(ctx, actor, query, request.url)),
  ];
}
