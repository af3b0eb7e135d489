import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";
import type { ConnectorOptions } from "../reviews/index.ts";
import { sandboxesOf, startSandboxes } from "./service.ts";

/**
 * The demo's review sources: built-in sandbox servers on the loopback that speak each source's API, hold
 * their state under DATA_DIR, take a moment to answer and now and then fail as the real ones do. Composed
 * only where the demo exists; only sandbox accounts (the demo's) reach them (reviews/connectors/registry.ts).
 */
export const sandboxesFeature: Feature = {
  name: "sandboxes",
  pages: async (app, ctx) => {
    await startSandboxes(ctx);
    // The ones running when the app closes (a test may have restarted them).
    app.addHook("onClose", async () => sandboxesOf(ctx)?.close());
  },
};

/**
 * The connector options for an account: a sandbox account's connectors reach this app's sandboxes and
 * nothing else; any other account's never reach one.
 */
export function sandboxConnectorOptions(ctx: AppContext, sandbox: boolean): ConnectorOptions {
  return sandbox ? { sandbox: true, sandboxBaseUrls: sandboxesOf(ctx)?.baseUrls ?? {} } : { sandbox: false };
}

export { isSandboxAccount, markSandboxAccounts } from "./queries.ts";
export { DEMO_GOOGLE_TOKEN, type Sandboxes, sandboxesOf } from "./service.ts";
export { DEMO_TRUSTPILOT_API_KEY, DEMO_TRUSTPILOT_TOKEN } from "./trustpilot.ts";
export { startSmsSandbox, twilioSandboxFeature, twilioSandboxOf } from "./twilio-sandbox.ts";
export { DEMO_YELP_API_KEY } from "./yelp.ts";
