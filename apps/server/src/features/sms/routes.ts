import { smsRoutes } from "@starboard/contract/routes/sms";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { handleIncoming, handleStatusCallback, type WebhookRequest } from "./service.ts";

function webhookOf(request: FastifyRequest, params: Record<string, string | undefined>): WebhookRequest {
  const signature = request.headers["x-twilio-signature"];
  return {
    url: request.url,
    host: request.headers.host,
    protocol: request.protocol,
    signature: typeof signature === "string" ? signature : undefined,
    params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string")),
  };
}

/** The provider's webhooks (public, signed). Registered in a scope that reads form-encoded bodies (./index.ts). */
export function smsHandlers(ctx: AppContext) {
  return [
    handle(smsRoutes.twilioStatus, async ({ request, query, body }) => {
      await handleStatusCallback(ctx, webhookOf(request, body), query.request);
      return null;
    }),
    handle(smsRoutes.twilioIncoming, ({ request, body }) => handleIncoming(ctx, webhookOf(request, body))),
  ];
}
