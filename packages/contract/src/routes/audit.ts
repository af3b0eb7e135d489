import { ZAuditLogSchema } from "../audit.ts";
import { ZListQuerySchema } from "../hal.ts";
import { defineRoute } from "../route.ts";

/** The account's audit log (operators entering the account, and what they changed). */
export const auditRoutes = {
  listAuditLog: defineRoute({
    method: "GET",
    path: "/api/audit_log",
    summary: "The account's audit log, newest first: impersonations (who, whom, why, when) and their writes (Admins)",
    tag: "audit",
    query: ZListQuerySchema,
    response: ZAuditLogSchema,
    access: { action: "read", resource: "account_setting" },
  }),
};
