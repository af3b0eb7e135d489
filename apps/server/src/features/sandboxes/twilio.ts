import { createHmac, randomBytes } from "node:crypto";
import {
  decodeToken,
  encodeToken,
  type FakeListenOptions,
  type FakeReply,
  type FakeServer,
  type FakeState,
  intParam,
  newFakeState,
  type RecordedRequest,
  type SandboxBehaviour,
  startFakeServer,
} from "./sources/http.ts";

/**
 * The Twilio sandbox: a stateful fake of Twilio's Programmable Messaging REST API (Messages resource,
 * 2010-04-01), in Twilio's published shapes, for the demo, the tests and the e2e (the server's SMS feature
 * talks to it exactly as to api.twilio.com):
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded To, From, Body, StatusCallback; HTTP
 *   Basic with the account SID and auth token): 201 with the Message resource (status `queued`); then, each
 *   after `callbackDelayMs`, `sent` and `delivered` (or `undelivered`), each POSTed to StatusCallback, signed
 *   with X-Twilio-Signature as Twilio signs.
 * - `GET /2010-04-01/Accounts/{AccountSid}/Messages.json?To=&From=&DateSent>=&DateSent<=&PageSize=&Page=&PageToken=`:
 *   newest first, `{messages, page, page_size, start, end, uri, first_page_uri, next_page_uri, previous_page_uri}`.
 * - `GET /2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json`.
 * - Errors `{code, message, more_info, status}`: 20003 (401, authentication), 20404 (404), 21604 (To missing),
 *   21211 (To invalid), 21606 (From not this account's), 21602 (Body missing), 21617 (Body over 1,600
 *   characters), 21610 (the number replied STOP to this sender: unsubscribed recipient).
 * - Twilio's test numbers as To: +15005550001 (21211), +15005550002 (21612), +15005550003 (21408),
 *   +15005550004 (21610), +15005550009 (21614); and, the sandbox's own, +15005550010 is accepted but
 *   `undelivered` (30003, unreachable).
 *
 * Control API under `/__fake/` (besides fake-http's requests and failures):
 * - `GET /__fake/messages`: `{messages}`, every message it holds, oldest first, with its `status_callback`;
 *   `DELETE` forgets them.
 * - `POST /__fake/reply` `{From, Body, To?}`: a phone texts the sender (To, default the first number): the
 *   message is recorded (inbound), Twilio's own opt-out list follows STOP/START words as Twilio's Advanced
 *   Opt-Out does, the incoming webhook is called, signed, and a TwiML `<Message>` in its answer is sent back
 *   to the phone (recorded, direction `outbound-reply`). Answers `{message, status, twiml, reply}`.
 * - `GET /__fake/opt-outs`: `{optOuts}` (sender → phones); `POST` `{phone, from?}` unsubscribes a phone as a
 *   STOP would; `DELETE` clears the list.
 */

export const TWILIO_SANDBOX_ACCOUNT_SID = "AC5a0d0b0c0e0f00112233445566778899";
/** Twilio's test "From" number that is always valid. */
export const TWILIO_SANDBOX_FROM = "+15005550006";

const API = "/2010-04-01/Accounts";
const LIST_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const ONE_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/([^/]+)\.json$/;
/** Twilio's default opt-out and opt-in keywords (Advanced Opt-Out). */
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);
const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's test numbers (as To) and the error each answers. */
const MAGIC_TO: Record<string, { code: number; message: string }> = {
  "+15005550001": { code: 21211, message: "The 'To' number +15005550001 is not a valid phone number." },
  "+15005550002": { code: 21612, message: "The 'To' phone number is not currently reachable via SMS." },
  "+15005550003": {
    code: 21408,
    message: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number.",
  },
  "+15005550004": { code: 21610, message: "Attempt to send to unsubscribed recipient" },
  "+15005550009": { code: 21614, message: "'To' number is not a valid mobile number" },
};
/** Accepted, then undelivered (30003: unreachable destination handset). */
export const TWILIO_SANDBOX_UNREACHABLE = "+15005550010";

export interface TwilioSandboxMessage {
  sid: string;
  account_sid: string;
  api_version: string;
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: "outbound-api" | "outbound-reply" | "inbound";
  error_code: number | null;
  error_message: string | null;
  from: string;
  messaging_service_sid: null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  status: string;
  subresource_uris: { media: string };
  to: string;
  uri: string;
  /** Kept by the sandbox, not part of Twilio's resource. */
  status_callback?: string | null;
}

export interface TwilioSandboxState extends FakeState {
  accountSid: string;
  authToken: string;
  /** The account's SMS-capable numbers (valid From). */
  numbers: string[];
  /** Oldest first. */
  messages: TwilioSandboxMessage[];
  /** Sender → phones that replied STOP to it (Twilio then refuses sends with 21610). */
  optOuts: Record<string, string[]>;
  /** Messages kept (the oldest dropped first). */
  maxMessages: number;
}

export type TwilioSandboxSnapshot = Pick<TwilioSandboxState, "messages" | "optOuts">;

export interface TwilioSandboxOptions extends FakeListenOptions {
  accountSid?: string;
  /** Default: a random token, known to this process only. */
  authToken?: string;
  numbers?: string[];
  saved?: TwilioSandboxSnapshot | undefined;
  /** Milliseconds between a message's status changes (queued → sent → delivered); default 500. */
  callbackDelayMs?: number;
  /** Where incoming messages are posted (a Twilio number's messaging webhook). */
  incomingUrl?: () => string | undefined;
  maxMessages?: number;
  behaviour?: SandboxBehaviour;
}

export interface InboundReply {
  message: TwilioSandboxMessage;
  /** The webhook's HTTP status; null when no webhook is set or it could not be reached. */
  status: number | null;
  twiml: string | null;
  reply: TwilioSandboxMessage | null;
}

export interface TwilioSandbox extends FakeServer<TwilioSandboxState> {
  accountSid: string;
  authToken: string;
  from: string;
  /** A phone texts the sandbox's number (as `POST /__fake/reply`). */
  reply(input: { From: string; Body: string; To?: string; url?: string }): Promise<InboundReply>;
  /** Resolves once every status callback under way has been posted. */
  idle(): Promise<void>;
}

function twilioError(status: number, code: number, message: string): FakeReply {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/** RFC 2822, as Twilio writes dates. */
function rfc2822(d: Date): string {
  return d.toUTCString().replace("GMT", "+0000");
}

/** Segments of a body: GSM-7 (160, or 153 each when split) unless a character needs UCS-2 (70, or 67). */
export function segmentsOf(body: string): number {
  const gsm = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/.test(
    body,
  );
  const length = gsm ? [...body].reduce((n, c) => n + ("^{}\\[~]|€".includes(c) ? 2 : 1), 0) : [...body].length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}

function sign(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

function xmlText(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function basicAuth(request: RecordedRequest): [string, string] | null {
  const header = request.headers.authorization;
  if (typeof header !== "string" || !header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const cut = decoded.indexOf(":");
  return cut < 0 ? null : [decoded.slice(0, cut), decoded.slice(cut + 1)];
}

function dateFilter(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export async function startTwilioSandbox(options: TwilioSandboxOptions = {}): Promise<TwilioSandbox> {
  const accountSid = options.accountSid ?? TWILIO_SANDBOX_ACCOUNT_SID;
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const numbers = options.numbers ?? [TWILIO_SANDBOX_FROM];
  const delay = options.callbackDelayMs ?? 500;
  const state: TwilioSandboxState = {
    ...newFakeState(),
    accountSid,
    authToken,
    numbers,
    messages: options.saved?.messages ?? [],
    optOuts: options.saved?.optOuts ?? {},
    maxMessages: options.maxMessages ?? 5000,
  };
  const pending = new Set<Promise<unknown>>();
  /** Once closed, no status change happens and nothing is posted. */
  let closed = false;
  const replies = new WeakMap<RecordedRequest, FakeReply>();
  const changed = () => options.behaviour?.changed?.();

  const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;
  const message = (
    fields: Pick<TwilioSandboxMessage, "to" | "from" | "body" | "direction" | "status"> & {
      statusCallback?: string | null;
    },
  ): TwilioSandboxMessage => {
    // Creation order is the array's order (the list answers it reversed, newest first).
    const now = new Date();
    const sid = newSid("SM");
    const m: TwilioSandboxMessage = {
      sid,
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: fields.body,
      date_created: rfc2822(now),
      date_sent: fields.status === "received" ? rfc2822(now) : null,
      date_updated: rfc2822(now),
      direction: fields.direction,
      error_code: null,
      error_message: null,
      from: fields.from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: String(segmentsOf(fields.body)),
      price: null,
      price_unit: "USD",
      status: fields.status,
      subresource_uris: { media: `${API}/${accountSid}/Messages/${sid}/Media.json` },
      to: fields.to,
      uri: `${API}/${accountSid}/Messages/${sid}.json`,
      status_callback: fields.statusCallback ?? null,
    };
    state.messages.push(m);
    if (state.messages.length > state.maxMessages) state.messages.splice(0, state.messages.length - state.maxMessages);
    return m;
  };
  const served = ({ status_callback: _, ...m }: TwilioSandboxMessage) => m;

  const post = async (
    url: string,
    params: Record<string, string>,
  ): Promise<{ status: number; text: string } | null> => {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": sign(authToken, url, params),
          "user-agent": "TwilioProxy/1.1",
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, text: await response.text() };
    } catch {
      return null;
    }
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** queued → sent → delivered (or undelivered), each change posted to the status callback. */
  const progress = (m: TwilioSandboxMessage) =>
    track(
      (async () => {
        const steps: [string, number | null][] =
          m.to === TWILIO_SANDBOX_UNREACHABLE
            ? [
                ["sent", null],
                ["undelivered", 30003],
              ]
            : [
                ["sent", null],
                ["delivered", null],
              ];
        for (const [status, code] of steps) {
          await wait(delay);
          if (closed) return;
          const now = new Date();
          m.status = status;
          m.date_updated = rfc2822(now);
          if (status === "sent") m.date_sent = rfc2822(now);
          if (code) {
            m.error_code = code;
            m.error_message = "Unreachable destination handset";
          }
          changed();
          if (!m.status_callback) continue;
          const params: Record<string, string> = {
            AccountSid: accountSid,
            ApiVersion: "2010-04-01",
            From: m.from,
            MessageSid: m.sid,
            MessageStatus: status,
            SmsSid: m.sid,
            SmsStatus: status,
            To: m.to,
            ...(code ? { ErrorCode: String(code) } : {}),
          };
          await post(m.status_callback, params);
        }
      })(),
    );

  const optedOut = (from: string, to: string) => state.optOuts[from]?.includes(to) ?? false;
  const optOut = (from: string, phone: string) => {
    const list = state.optOuts[from] ?? [];
    if (!list.includes(phone)) state.optOuts[from] = [...list, phone];
  };
  const optIn = (from: string, phone: string) => {
    state.optOuts[from] = (state.optOuts[from] ?? []).filter((p) => p !== phone);
  };

  const reply: TwilioSandbox["reply"] = async (input) => {
    const to = input.To ?? numbers[0]!;
    const inbound = message({ to, from: input.From, body: input.Body, direction: "inbound", status: "received" });
    const word = input.Body.trim().toUpperCase();
    if (OPT_OUT.has(word)) optOut(to, input.From);
    if (OPT_IN.has(word)) optIn(to, input.From);
    changed();
    const url = input.url ?? options.incomingUrl?.();
    if (!url) return { message: inbound, status: null, twiml: null, reply: null };
    const answer = await post(url, {
      AccountSid: accountSid,
      ApiVersion: "2010-04-01",
      Body: input.Body,
      From: input.From,
      MessageSid: inbound.sid,
      NumMedia: "0",
      NumSegments: inbound.num_segments,
      SmsMessageSid: inbound.sid,
      SmsSid: inbound.sid,
      SmsStatus: "received",
      To: to,
    });
    if (!answer) return { message: inbound, status: null, twiml: null, reply: null };
    const said = answer.status === 200 ? /<Message[^>]*>([\s\S]*?)<\/Message>/.exec(answer.text)?.[1] : undefined;
    const back = said
      ? message({ to: input.From, from: to, body: xmlText(said), direction: "outbound-reply", status: "sent" })
      : null;
    if (back) back.date_sent = back.date_created;
    changed();
    return { message: inbound, status: answer.status, twiml: answer.text, reply: back };
  };

  const create = (body: Record<string, string>): FakeReply => {
    const to = body.To?.trim();
    const from = body.From?.trim();
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from || !numbers.includes(from)) {
      return twilioError(
        400,
        21606,
        `The From phone number ${from ?? ""} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!body.Body) return twilioError(400, 21602, "Message body is required.");
    if (body.Body.length > 1600) {
      return twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    }
    const magic = MAGIC_TO[to];
    if (magic) return twilioError(400, magic.code, magic.message);
    if (optedOut(from, to)) return twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
    const m = message({
      to,
      from,
      body: body.Body,
      direction: "outbound-api",
      status: "queued",
      statusCallback: body.StatusCallback ?? null,
    });
    void progress(m);
    return { status: 201, body: served(m) };
  };

  const list = (request: RecordedRequest, account: string): FakeReply => {
    const q = request.query;
    const after = dateFilter(q["DateSent>"]);
    const before = dateFilter(q["DateSent<"]);
    const on = q.DateSent ? q.DateSent.slice(0, 10) : null;
    const matching = state.messages
      .filter((m) => (!q.To || m.to === q.To) && (!q.From || m.from === q.From))
      .filter((m) => {
        if (!after && !before && !on) return true;
        if (!m.date_sent) return false;
        const sent = new Date(m.date_sent);
        return (
          (!after || sent >= after) && (!before || sent <= before) && (!on || sent.toISOString().slice(0, 10) === on)
        );
      })
      .reverse();
    const size = Math.min(Math.max(intParam(q.PageSize, 50), 1), 1000);
    const page = Math.max(intParam(q.Page, 0), 0);
    const start = q.PageToken ? (decodeToken(q.PageToken) ?? page * size) : page * size;
    const slice = matching.slice(start, start + size);
    const base = new URLSearchParams();
    for (const key of ["To", "From", "DateSent>", "DateSent<", "DateSent"]) if (q[key]) base.set(key, q[key]!);
    base.set("PageSize", String(size));
    const uri = (p: number, token?: string) => {
      const params = new URLSearchParams(base);
      params.set("Page", String(p));
      if (token) params.set("PageToken", token);
      return `${API}/${account}/Messages.json?${params.toString()}`;
    };
    const more = start + size < matching.length;
    return {
      status: 200,
      body: {
        messages: slice.map(served),
        end: start + Math.max(slice.length - 1, 0),
        first_page_uri: uri(0),
        next_page_uri: more ? uri(page + 1, encodeToken(start + size)) : null,
        page,
        page_size: size,
        previous_page_uri: page > 0 ? uri(page - 1, encodeToken(Math.max(start - size, 0))) : null,
        start,
        uri: `${API}/${account}/Messages.json?${request.query ? new URLSearchParams(request.query).toString() : ""}`,
      },
    };
  };

  const server = await startFakeServer(
    state,
    {
      failureBody: (status) => ({
        code: status === 429 ? 20429 : 20500,
        message: status === 429 ? "Too Many Requests" : "Internal Server Error",
        more_info: `https://www.twilio.com/docs/errors/${status === 429 ? 20429 : 20500}`,
        status,
      }),
      handle(request) {
        const listMatch = LIST_PATH.exec(request.path);
        const oneMatch = ONE_PATH.exec(request.path);
        const account = listMatch?.[1] ?? oneMatch?.[1];
        if (!account) return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        const auth = basicAuth(request);
        if (!auth || auth[0] !== accountSid || auth[1] !== authToken) return twilioError(401, 20003, "Authenticate");
        if (account !== accountSid)
          return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        if (listMatch && request.method === "POST") {
          const body = (typeof request.body === "object" && request.body ? request.body : {}) as Record<string, string>;
          return create(body);
        }
        if (listMatch && request.method === "GET") return list(request, account);
        if (oneMatch && request.method === "GET") {
          const m = state.messages.find((x) => x.sid === oneMatch[2]);
          return m
            ? { status: 200, body: served(m) }
            : twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        }
        return twilioError(405, 20004, "Method not allowed");
      },
      control(request, current) {
        const route = `${request.method} ${request.path}`;
        switch (route) {
          case "GET /__fake/messages":
            return { status: 200, body: { messages: current.messages } };
          case "DELETE /__fake/messages":
            current.messages.length = 0;
            return { status: 200, body: { messages: [] } };
          case "POST /__fake/reply":
            return replies.get(request) ?? { status: 400, body: { fakeError: "expected {From, Body, To?}" } };
          case "GET /__fake/opt-outs":
            return { status: 200, body: { optOuts: current.optOuts } };
          case "POST /__fake/opt-outs": {
            const b = (request.body ?? {}) as { phone?: unknown; from?: unknown };
            if (typeof b.phone !== "string") return { status: 400, body: { fakeError: "expected {phone, from?}" } };
            optOut(typeof b.from === "string" ? b.from : numbers[0]!, b.phone);
            return { status: 201, body: { optOuts: current.optOuts } };
          }
          case "DELETE /__fake/opt-outs":
            current.optOuts = {};
            return { status: 200, body: { optOuts: {} } };
        }
        return undefined;
      },
    },
    { ...(options.port ? { port: options.port } : {}), ...(options.host ? { host: options.host } : {}) },
    {
      ...options.behaviour,
      prepare: async (request) => {
        await options.behaviour?.prepare?.(request);
        if (request.method !== "POST" || request.path !== "/__fake/reply") return;
        const b = (request.body ?? {}) as Record<string, unknown>;
        if (typeof b.From !== "string" || typeof b.Body !== "string") return;
        const result = await reply({
          From: b.From,
          Body: b.Body,
          ...(typeof b.To === "string" ? { To: b.To } : {}),
          ...(typeof b.url === "string" ? { url: b.url } : {}),
        });
        replies.set(request, {
          status: 200,
          body: { ...result, message: served(result.message), reply: result.reply ? served(result.reply) : null },
        });
      },
    },
  );
  return {
    ...server,
    close: async () => {
      closed = true;
      await server.close();
    },
    accountSid,
    authToken,
    from: numbers[0]!,
    reply,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
