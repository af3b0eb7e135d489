import { ZHalPageSchema } from "./hal.ts";
import { z } from "./zod.ts";

/**
 * An entry of an account's audit log: an operator entering the account (`impersonation.created`,
 * `impersonation.started`, `impersonation.ended`) and each write the impersonated session made
 * (`write`, with `details.method`, `details.route`, `details.status`). `actor` is who did it (the
 * operator's e-mail address).
 */
export const ZAuditEntrySchema = z.object({
  id: z.string(),
  account_id: z.string(),
  impersonation_id: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditLogSchema = ZHalPageSchema("audit_log", ZAuditEntrySchema);
export type TAuditLog = z.infer<typeof ZAuditLogSchema>;
