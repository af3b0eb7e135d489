import path from "node:path";
import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";
import { sandboxBehaviour } from "./service.ts";
import { SandboxStore } from "./store.ts";
import { startTwilioSandbox, type TwilioSandbox, type TwilioSandboxSnapshot } from "./twilio.ts";

const running = new WeakMap<AppContext, TwilioSandbox>();

/** The demo's Twilio sandbox this app runs (none where the demo is not composed). */
export function twilioSandboxOf(ctx: AppContext): TwilioSandbox | undefined {
  return running.get(ctx);
}

/**
 * Starts the demo's SMS provider: the Twilio sandbox (./twilio.ts) on the loopback (SANDBOX_TWILIO_PORT or a
 * free port), its messages and opt-outs saved under DATA_DIR/sandboxes/twilio.json, status changes a moment
 * apart (three times the sandbox delay; 20 ms in tests), incoming texts posted to this app's webhook
 * (PUBLIC_URL/api/webhooks/twilio/incoming). Only sandbox accounts' texts go there (features/sms).
 */
export async function startSmsSandbox(ctx: AppContext): Promise<TwilioSandbox> {
  const { config } = ctx;
  const { delayMs, failureRate } = sandboxBehaviour(config);
  let state: TwilioSandbox["state"] | undefined;
  const store = new SandboxStore<TwilioSandboxSnapshot>(path.join(config.dataDir, "sandboxes"), "twilio", () => ({
    messages: state?.messages ?? [],
    optOuts: state?.optOuts ?? {},
  }));
  const twilio = await startTwilioSandbox({
    saved: store.load(),
    ...(config.sandboxTwilioPort ? { port: config.sandboxTwilioPort } : {}),
    callbackDelayMs: delayMs === 0 ? 20 : delayMs * 3,
    incomingUrl: () => `${config.publicUrl.replace(/\/+$/, "")}/api/webhooks/twilio/incoming`,
    behaviour: { delayMs, failureRate, maxRequests: 1000, changed: () => store.changed() },
  });
  state = twilio.state;
  running.set(ctx, twilio);
  const close = twilio.close;
  twilio.close = async () => {
    if (running.get(ctx) === twilio) running.delete(ctx);
    await close();
    store.flush();
  };
  return twilio;
}

/** The Twilio sandbox, composed with the demo (src/compose.ts). */
export const twilioSandboxFeature: Feature = {
  name: "twilio-sandbox",
  pages: async (app, ctx) => {
    await startSmsSandbox(ctx);
    app.addHook("onClose", async () => twilioSandboxOf(ctx)?.close());
  },
};
