import { z } from "./zod.ts";

// SMS (issue 16, "Sending"): the webhooks Twilio calls (status callbacks and incoming messages), in
// Twilio's own parameter names (form-encoded POSTs signed with X-Twilio-Signature), and the answers.

/** A form parameter: Twilio sends every value as a string. */
const param = z.string().max(5000);

/**
 * A status callback (Twilio "Track the Message Status of Outbound Messages"): MessageSid, MessageStatus
 * (queued, sending, sent, delivered, undelivered, failed, read...), ErrorCode when it failed, and more.
 */
export const ZTwilioStatusCallbackSchema = z
  .object({
    MessageSid: param.optional(),
    SmsSid: param.optional(),
    MessageStatus: param.optional(),
    SmsStatus: param.optional(),
    ErrorCode: param.optional(),
    AccountSid: param.optional(),
    From: param.optional(),
    To: param.optional(),
  })
  .catchall(param);
export type TTwilioStatusCallback = z.infer<typeof ZTwilioStatusCallbackSchema>;

/** The status callback's query: the request the message was for (the marker set in StatusCallback). */
export const ZTwilioStatusQuerySchema = z.object({ request: z.string().uuid("Must be a valid id").optional() });

/** An incoming message (Twilio's messaging webhook): MessageSid, From, To, Body, and more. */
export const ZTwilioIncomingSchema = z
  .object({
    MessageSid: param.optional(),
    AccountSid: param.optional(),
    From: param.optional(),
    To: param.optional(),
    Body: param.optional(),
  })
  .catchall(param);
export type TTwilioIncoming = z.infer<typeof ZTwilioIncomingSchema>;

/** The TwiML answer to an incoming message: `<Response/>`, or `<Response><Message>…</Message></Response>`. */
export const ZTwimlSchema = z.string();

/** What an incoming message did (sms_inbound.action). */
export const SMS_INBOUND_ACTIONS = ["opt_out", "opt_in", "help", "message"] as const;
export type TSmsInboundAction = (typeof SMS_INBOUND_ACTIONS)[number];

/**
 * The answer to HELP: who is texting, how to stop, how to reach the business. `{business}` is the account's
 * name, `{contact}` the landing page's contact e-mail or number (request_pages) when there is one.
 */
export const SMS_HELP_REPLY =
  "{business}: review requests by text.{contact} Reply STOP to opt out, START to opt back in.";
export const SMS_HELP_CONTACT = " Contact us at {contact}.";
/** HELP from a number no account has texted. */
export const SMS_HELP_REPLY_UNKNOWN = "Review requests by text. Reply STOP to opt out, START to opt back in.";
