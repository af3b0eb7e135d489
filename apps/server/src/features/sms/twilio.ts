import {
  type SmsInbound,
  type SmsListFilter,
  type SmsProvider,
  type SmsRecord,
  SmsSendError,
  type SmsStatusUpdate,
  type SmsToSend,
  signatureMatches,
  twilioSignature,
} from "./provider.ts";

export const TWILIO_API_BASE = "https://api.twilio.com";
const API_VERSION = "2010-04-01";

/** Twilio's Message resource (Messages API, version 2010-04-01), as far as we read it. */
export interface TwilioMessage {
  sid: string;
  account_sid?: string;
  to: string;
  from: string;
  body: string;
  status: string;
  direction?: string;
  date_created?: string | null;
  date_sent?: string | null;
  date_updated?: string | null;
  error_code?: number | string | null;
  error_message?: string | null;
  num_segments?: string;
}

/** A page of the Messages list. */
export interface TwilioMessagePage {
  messages: TwilioMessage[];
  next_page_uri?: string | null;
  page?: number;
  page_size?: number;
}

/** Twilio's error body: `{code, message, more_info, status}`. */
export interface TwilioError {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/** Attempt to send to unsubscribed recipient (the number replied STOP to this sender). */
export const TWILIO_UNSUBSCRIBED = "21610";
/** Error codes meaning the number cannot get this message: invalid, not a mobile, unreachable, blocked region. */
const TWILIO_INVALID = new Set(["21211", "21612", "21614", "21408", "21604", "30003", "30005", "30006"]);

export interface TwilioSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Milliseconds a call may take before it is given up (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Why a failed message failed, from its error code (status callbacks and refused sends). */
export function failureReasonOf(code: string | null | undefined): "invalid" | "opted_out" | "provider_error" {
  if (code === TWILIO_UNSUBSCRIBED) return "opted_out";
  if (code && TWILIO_INVALID.has(code)) return "invalid";
  return "provider_error";
}

/**
 * Twilio's Programmable Messaging REST API (Messages resource, 2010-04-01): create a message
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From, Body, StatusCallback,
 * HTTP Basic with the account SID and auth token), list messages (`GET .../Messages.json?To=&From=&DateSent>=`,
 * newest first, paged by `next_page_uri`), and read its webhooks (X-Twilio-Signature).
 */
export class TwilioProvider implements SmsProvider {
  readonly name = "twilio" as const;
  readonly from: string;
  private readonly base: string;
  private readonly auth: string;

  constructor(private readonly settings: TwilioSettings) {
    this.from = settings.from;
    this.base = settings.baseUrl.replace(/\/+$/, "");
    this.auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  }

  private get messagesPath() {
    return `/${API_VERSION}/Accounts/${encodeURIComponent(this.settings.accountSid)}/Messages.json`;
  }

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const doFetch = this.settings.fetch ?? fetch;
    return doFetch(`${this.base}${path}`, {
      ...init,
      headers: { authorization: this.auth, accept: "application/json", ...init.headers },
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
  }

  async send(message: SmsToSend): Promise<SmsRecord> {
    const form = new URLSearchParams({ To: message.to, From: this.from, Body: message.body });
    if (message.statusCallback) form.set("StatusCallback", message.statusCallback);
    let response: Response;
    let text: string;
    try {
      response = await this.call(this.messagesPath, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      text = await response.text();
    } catch (error) {
      // Cut off before an answer: the message may or may not exist.
      throw new SmsSendError("temporary", `Twilio did not answer: ${(error as Error).message}`, { answered: false });
    }
    if (response.ok) return recordOf(JSON.parse(text) as TwilioMessage);
    const error = parseError(text);
    const code = error.code === undefined ? undefined : String(error.code);
    const what = `Twilio ${response.status}${code ? ` ${code}` : ""}: ${error.message ?? text.slice(0, 200)}`;
    if (response.status === 429 || response.status >= 500 || response.status === 401 || response.status === 403) {
      const retryAfter = Number(response.headers.get("retry-after"));
      throw new SmsSendError("temporary", what, {
        answered: true,
        code,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
    }
    throw new SmsSendError("permanent", what, { answered: true, code, reason: failureReasonOf(code) });
  }

  async list(filter: SmsListFilter): Promise<SmsRecord[]> {
    const query = new URLSearchParams();
    if (filter.to) query.set("To", filter.to);
    if (filter.from) query.set("From", filter.from);
    if (filter.dateSentAfter) query.set("DateSent>", `${filter.dateSentAfter.toISOString().slice(0, 19)}Z`);
    query.set("PageSize", String(filter.pageSize ?? 50));
    const out: SmsRecord[] = [];
    let next: string | null | undefined = `${this.messagesPath}?${query.toString()}`;
    for (let page = 0; next && page < (filter.maxPages ?? 20); page += 1) {
      const response = await this.call(next);
      const text = await response.text();
      if (!response.ok) {
        const error = parseError(text);
        throw new Error(`Twilio ${response.status} listing messages: ${error.message ?? text.slice(0, 200)}`);
      }
      const body = JSON.parse(text) as TwilioMessagePage;
      const records = (body.messages ?? []).map(recordOf);
      out.push(...records);
      const last = records.at(-1);
      if (filter.createdAfter && last?.dateCreated && last.dateCreated < filter.createdAfter) break;
      next = body.next_page_uri;
    }
    return out;
  }

  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    return signatureMatches(twilioSignature(this.settings.authToken, url, params), signature);
  }

  parseStatus(params: Record<string, string | undefined>): SmsStatusUpdate | null {
    const sid = params.MessageSid ?? params.SmsSid;
    const status = params.MessageStatus ?? params.SmsStatus;
    if (!sid || !status) return null;
    return { sid, status: status.toLowerCase(), errorCode: params.ErrorCode || null };
  }

  parseIncoming(params: Record<string, string | undefined>): SmsInbound | null {
    if (!params.From) return null;
    return {
      sid: params.MessageSid ?? params.SmsSid ?? null,
      from: params.From,
      to: params.To ?? null,
      body: params.Body ?? "",
    };
  }
}

function parseError(text: string): TwilioError {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as TwilioError) : {};
  } catch {
    return {};
  }
}

function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function recordOf(m: TwilioMessage): SmsRecord {
  return {
    sid: m.sid,
    to: m.to,
    from: m.from,
    body: m.body ?? "",
    status: m.status,
    direction: m.direction ?? "outbound-api",
    dateCreated: dateOf(m.date_created),
    dateSent: dateOf(m.date_sent),
    errorCode: m.error_code === null || m.error_code === undefined ? null : String(m.error_code),
  };
}
