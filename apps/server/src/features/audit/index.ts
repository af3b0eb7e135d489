import type { Feature } from "../../platform/feature.ts";
import { auditHandlers } from "./routes.ts";

/** The account's audit log, for its Admins (entries are written by the auth feature's impersonation rules). */
export const auditFeature: Feature = {
  name: "audit",
  routes: auditHandlers,
};
