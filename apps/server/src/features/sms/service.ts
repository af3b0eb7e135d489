import path from "node:path";
import { SMS_HELP_KEYWORDS, SMS_OPT_IN_KEYWORDS, SMS_OPT_OUT_KEYWORDS } from "@starboard/contract/requests";
import {
  SMS_HELP_CONTACT,
  SMS_HELP_REPLY,
  SMS_HELP_REPLY_UNKNOWN,
  type TSmsInboundAction,
} from "@starboard/contract/sms";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { isSandboxAccount, twilioSandboxOf } from "../sandboxes/index.ts";
import { deliverSmsWith, type SmsDeliveryOptions, type SmsInput } from "./delivery.ts";
import { OutboxProvider } from "./outbox.ts";
import type { SmsProvider } from "./provider.ts";
import * as q from "./queries.ts";
import { failureReasonOf, TWILIO_API_BASE, TwilioProvider } from "./twilio.ts";

/** Where a sandbox account's texts go when no sandbox runs: a name that never resolves (RFC 2606). */
const NO_SANDBOX = "http://sandbox.invalid/twilio";

function origin(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname === "localhost" ? "127.0.0.1" : u.hostname}:${u.port}`;
  } catch {
    return url;
  }
}

/**
 * The account's SMS provider. A sandbox account (the demo's) texts through the demo's Twilio sandbox and
 * nothing else (an address that never resolves when none runs). Any other account: Twilio when
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set (TWILIO_BASE_URL, default api.twilio.com;
 * never the sandbox), else the outbox under DATA_DIR/sms-outbox.
 */
export async function providerFor(ctx: AppContext, accountId: string, timeoutMs?: number): Promise<SmsProvider> {
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  if (await isSandboxAccount(ctx.database.db, accountId)) {
    const sandbox = twilioSandboxOf(ctx);
    return new TwilioProvider({
      baseUrl: sandbox?.url ?? NO_SANDBOX,
      accountSid: sandbox?.accountSid ?? "AC00000000000000000000000000000000",
      authToken: sandbox?.authToken ?? "none",
      from: sandbox?.from ?? "+15005550006",
      ...timeout,
    });
  }
  const { twilioAccountSid, twilioAuthToken, twilioFrom } = ctx.config;
  if (twilioAccountSid && twilioAuthToken && twilioFrom) {
    const baseUrl = ctx.config.twilioBaseUrl ?? TWILIO_API_BASE;
    const sandbox = twilioSandboxOf(ctx);
    if (sandbox && origin(sandbox.url) === origin(baseUrl)) {
      throw new Error("The Twilio sandbox serves only demo accounts");
    }
    return new TwilioProvider({
      baseUrl,
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      from: twilioFrom,
      ...timeout,
    });
  }
  return new OutboxProvider(path.join(ctx.config.dataDir, "sms-outbox"));
}

/** Sends a request's SMS exactly once across crashes (`deliverSmsWith`, ./delivery.ts) through the account's provider. */
export async function deliverSms(
  ctx: AppContext,
  input: SmsInput,
  options: SmsDeliveryOptions & { provider?: SmsProvider } = {},
): Promise<{ skipped: boolean }> {
  const { provider, ...rest } = options;
  return deliverSmsWith(ctx, input, {
    ...rest,
    provider: async () => provider ?? providerFor(ctx, input.accountId, options.timeoutMs),
  });
}

// ---- Webhooks ---------------------------------------------------------------------------------------------

/** The providers whose webhooks this app takes, each with whether it is the demo's sandbox. */
function webhookProviders(ctx: AppContext): { provider: SmsProvider; sandbox: boolean }[] {
  const out: { provider: SmsProvider; sandbox: boolean }[] = [];
  const { twilioAccountSid, twilioAuthToken, twilioFrom } = ctx.config;
  if (twilioAccountSid && twilioAuthToken) {
    out.push({
      sandbox: false,
      provider: new TwilioProvider({
        baseUrl: ctx.config.twilioBaseUrl ?? TWILIO_API_BASE,
        accountSid: twilioAccountSid,
        authToken: twilioAuthToken,
        from: twilioFrom ?? "",
      }),
    });
  }
  const sandbox = twilioSandboxOf(ctx);
  if (sandbox) {
    out.push({
      sandbox: true,
      provider: new TwilioProvider({
        baseUrl: sandbox.url,
        accountSid: sandbox.accountSid,
        authToken: sandbox.authToken,
        from: sandbox.from,
      }),
    });
  }
  return out;
}

export interface WebhookRequest {
  /** The path and query the provider called (`/api/webhooks/twilio/status?request=...`). */
  url: string;
  /** The Host header and protocol the request came with (a proxy may change them: PUBLIC_URL is tried first). */
  host: string | undefined;
  protocol: string;
  signature: string | undefined;
  params: Record<string, string>;
}

/**
 * Checks X-Twilio-Signature against the URL as the provider called it: PUBLIC_URL with the path and query,
 * else the Host the request came with. The configured Twilio account's auth token, or the sandbox's (which
 * then only reaches sandbox accounts). 403 when no token signs it.
 */
function verified(ctx: AppContext, hook: WebhookRequest): { provider: SmsProvider; sandbox: boolean } {
  const urls = [`${ctx.config.publicUrl.replace(/\/+$/, "")}${hook.url}`];
  if (hook.host) urls.push(`${hook.protocol}://${hook.host}${hook.url}`);
  for (const candidate of webhookProviders(ctx)) {
    if (urls.some((url) => candidate.provider.verifySignature(url, hook.params, hook.signature))) return candidate;
  }
  throw AppError.forbidden("The request's X-Twilio-Signature does not match.");
}

/** A status callback: the send's provider status, and the request delivered or failed with the reason. */
export async function handleStatusCallback(ctx: AppContext, hook: WebhookRequest, requestId: string | undefined) {
  const { provider, sandbox } = verified(ctx, hook);
  const update = provider.parseStatus(hook.params);
  if (!update) return;
  const db = ctx.database.db;
  const send = await q.sendForCallback(db, update.sid, requestId);
  if (!send) return;
  // The sandbox's callbacks reach only sandbox accounts; Twilio's never reach them.
  if ((await isSandboxAccount(db, send.account_id)) !== sandbox) return;
  const failed = update.status === "failed" || update.status === "undelivered";
  const reason = failed ? failureReasonOf(update.errorCode) : null;
  if (reason === "opted_out") await q.optOutContactPhone(db, send.account_id, send.to_address);
  await q.recordStatus(db, { id: send.id, requestId: send.request_id }, update, {
    delivered: update.status === "delivered" || update.status === "read",
    failedReason: reason,
  });
}

function actionOf(body: string): TSmsInboundAction {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  if ((SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return "opt_out";
  if ((SMS_OPT_IN_KEYWORDS as readonly string[]).includes(word)) return "opt_in";
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return "help";
  return "message";
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * An incoming text. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT: the phone is opted out of texts in every
 * account that has texted it (an SMS request to it) from this provider (the sandbox's texts: sandbox accounts
 * only); START opts it back in there; HELP is answered with who is texting and how to stop (TwiML). Each is
 * recorded once in sms_inbound (a provider's retry of the same MessageSid changes nothing).
 */
export async function handleIncoming(ctx: AppContext, hook: WebhookRequest): Promise<string> {
  const { provider, sandbox } = verified(ctx, hook);
  const inbound = provider.parseIncoming(hook.params);
  if (!inbound) return EMPTY_TWIML;
  const db = ctx.database.db;
  const action = actionOf(inbound.body);
  const accounts = await q.accountsThatTexted(db, inbound.from, sandbox);
  const fresh = await q.recordInbound(db, {
    accountId: accounts[0] ?? null,
    sid: inbound.sid,
    from: inbound.from,
    to: inbound.to,
    body: inbound.body.slice(0, 2000),
    action,
  });
  if (fresh && (action === "opt_out" || action === "opt_in")) {
    await q.setPhoneOptOut(db, accounts, inbound.from, action === "opt_out");
  }
  if (action !== "help") return EMPTY_TWIML;
  const text = await helpText(ctx, accounts[0]);
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${xmlEscape(text)}</Message></Response>`;
}

async function helpText(ctx: AppContext, accountId: string | undefined): Promise<string> {
  if (!accountId) return SMS_HELP_REPLY_UNKNOWN;
  const facts = await q.helpContactOf(ctx.database.db, accountId);
  if (!facts) return SMS_HELP_REPLY_UNKNOWN;
  const contact = facts.contact_number || facts.contact_email;
  return SMS_HELP_REPLY.replace("{business}", facts.name).replace(
    "{contact}",
    contact ? SMS_HELP_CONTACT.replace("{contact}", contact) : "",
  );
}
