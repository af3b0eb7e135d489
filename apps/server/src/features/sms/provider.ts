import { createHmac, timingSafeEqual } from "node:crypto";

/** A message as the provider holds it (sent by us, or received). */
export interface SmsRecord {
  /** The provider's id (Twilio's MessageSid, `SM...`). */
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  direction: string;
  dateCreated: Date | null;
  dateSent: Date | null;
  errorCode: string | null;
}

export interface SmsToSend {
  to: string;
  body: string;
  /** Where the provider posts the message's status changes (signed). */
  statusCallback?: string;
}

export interface SmsListFilter {
  to?: string;
  from?: string;
  /** Messages sent on or after this time (Twilio's `DateSent>`). */
  dateSentAfter?: Date;
  pageSize?: number;
  /** At most this many pages are read (the newest first). */
  maxPages?: number;
  /** Stop reading pages once messages are created before this time (the list is newest first). */
  createdAfter?: Date;
}

/** A status callback, read. */
export interface SmsStatusUpdate {
  sid: string;
  status: string;
  errorCode: string | null;
}

/** An incoming message, read. */
export interface SmsInbound {
  sid: string | null;
  from: string;
  to: string | null;
  body: string;
}

/**
 * Why a send failed. `temporary`: try again later (the job retries with backoff). `permanent`: the provider
 * refused this message for good (the request fails with `reason`). `answered`: the provider answered, so the
 * message was not created; false when the call was cut off (timeout, connection lost): it may have been.
 */
export class SmsSendError extends Error {
  constructor(
    readonly kind: "temporary" | "permanent",
    message: string,
    readonly details: {
      answered: boolean;
      code?: string | undefined;
      reason?: "invalid" | "opted_out" | "provider_error";
      retryAfterSeconds?: number | undefined;
    },
  ) {
    super(message);
  }
}

/**
 * One SMS provider: send a message, list the messages sent to a number (to find out whether an interrupted
 * send reached it), and read and check its webhooks. Implementations: Twilio's Messages API (./twilio.ts)
 * and the outbox (./outbox.ts).
 */
export interface SmsProvider {
  readonly name: "twilio" | "outbox";
  /** The sending number. */
  readonly from: string;
  send(message: SmsToSend): Promise<SmsRecord>;
  list(filter: SmsListFilter): Promise<SmsRecord[]>;
  /** Whether a webhook's signature is the provider's for this URL and these form parameters. */
  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean;
  parseStatus(params: Record<string, string | undefined>): SmsStatusUpdate | null;
  parseIncoming(params: Record<string, string | undefined>): SmsInbound | null;
}

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the auth token, over the full URL followed by every POST
 * parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
