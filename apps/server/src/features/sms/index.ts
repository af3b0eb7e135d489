import type { Feature } from "../../platform/feature.ts";
import { registerRouteHandler } from "../../platform/route.ts";
import { useSmsDelivery } from "../request-sending/index.ts";
import { smsHandlers } from "./routes.ts";
import { deliverSms } from "./service.ts";

const FORM = "application/x-www-form-urlencoded";

/**
 * SMS review requests: one provider interface (Twilio's Messages API, or the outbox), `deliverSms` (exactly
 * once across crashes; the request-sending feature's "requests.send" job calls it), and the provider's
 * webhooks (status callbacks, incoming STOP/START/HELP). The webhooks arrive form-encoded, as Twilio posts
 * them: they are registered in a scope of their own that reads such bodies (no other route takes them).
 */
export const smsFeature: Feature = {
  name: "sms",
  jobs: () => {
    useSmsDelivery(deliverSms);
  },
  pages: async (app, ctx) => {
    await app.register(async (scope) => {
      if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
      scope.addContentTypeParser(FORM, { parseAs: "string" }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      for (const handler of smsHandlers(ctx)) registerRouteHandler(scope, handler);
    });
  },
};

export type { SmsInput } from "./delivery.ts";
export type { SmsProvider } from "./provider.ts";
export { deliverSms, providerFor } from "./service.ts";
