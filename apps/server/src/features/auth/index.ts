import type { Feature } from "../../platform/feature.ts";
import { registerImpersonationRules } from "./impersonation.ts";
import { authHandlers } from "./routes.ts";

/**
 * Auth: sign-in and sessions, sign-up, password resets, confirmation, single sign-on and shadowing;
 * operators' impersonated sessions (their rules apply to every route, so they hook in here).
 */
export const authFeature: Feature = {
  name: "auth",
  routes: authHandlers,
  pages: (app, ctx) => registerImpersonationRules(app, ctx.database),
};

export { endImpersonation, startImpersonation } from "./impersonation.ts";

export { sendPasswordLink } from "./service.ts";
