import { defineRoute } from "../route.ts";
import { ZTwilioIncomingSchema, ZTwilioStatusCallbackSchema, ZTwilioStatusQuerySchema, ZTwimlSchema } from "../sms.ts";
import { z } from "../zod.ts";

/**
 * The SMS provider's webhooks (Twilio): public (no session), form-encoded, each checked by its
 * X-Twilio-Signature (403 when it does not match). docs/api.md "SMS".
 */
export const smsRoutes = {
  twilioStatus: defineRoute({
    method: "POST",
    path: "/api/webhooks/twilio/status",
    summary: "Twilio status callback (signed): records the message's status; delivered or failed with the reason",
    tag: "sms",
    query: ZTwilioStatusQuerySchema,
    body: ZTwilioStatusCallbackSchema,
    status: 204,
    response: z.null(),
    access: "public",
  }),
  twilioIncoming: defineRoute({
    method: "POST",
    path: "/api/webhooks/twilio/incoming",
    summary: "Twilio incoming message (signed): STOP and its synonyms opt out, START opts in, HELP is answered (TwiML)",
    tag: "sms",
    body: ZTwilioIncomingSchema,
    response: ZTwimlSchema,
    produces: "text/xml",
    access: "public",
  }),
};
