import type { Feature } from "../../platform/feature.ts";
import { authHandlers } from "./routes.ts";

/** Auth: sign-in and sessions, sign-up, password resets, confirmation, single sign-on and shadowing. */
export const authFeature: Feature = {
  name: "auth",
  routes: authHandlers,
};

export { sendPasswordLink } from "./service.ts";
