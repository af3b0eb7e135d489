import { randomUUID } from "node:crypto";
import type { AppContext } from "../../platform/context.ts";
import { type SmsProvider, type SmsRecord, SmsSendError } from "./provider.ts";
import * as q from "./queries.ts";
import { failureReasonOf, TWILIO_UNSUBSCRIBED } from "./twilio.ts";

/** What a delivery needs of the app: the public address (status callbacks) and the database. */
type Ctx = { config: Pick<AppContext["config"], "publicUrl">; database: Pick<AppContext["database"], "db"> };

/** The points of a delivery, in order (observed through `onStep`, e.g. by the crash test); `found`: an interrupted send was found in the provider's list. */
export type SmsStep = "before-claim" | "claimed" | "committing" | "created" | "sent" | "found";

export interface SmsDeliveryOptions {
  /** Milliseconds the provider's create call may take (default 10 s). */
  timeoutMs?: number;
  /**
   * An interrupted send (committing, no provider id) is looked up only once its commit is this old (default
   * 30 s): by then the attempt that made it has had its answer or given up, and a message the provider took
   * shows in its list. Sooner, the retry waits (a temporary failure).
   */
  lookupAfterMs?: number;
  onStep?: (step: SmsStep, input: SmsInput) => void | Promise<void>;
}

export interface SmsInput {
  requestId: string;
  accountId: string;
  /** E.164. */
  to: string;
  body: string;
}

/** The URL the provider posts a message's status changes to; the request id is the callback's marker. */
export function statusCallbackUrl(ctx: Ctx, requestId: string): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, "")}/api/webhooks/twilio/status?request=${requestId}`;
}

/**
 * Sends a request's SMS, exactly once across crashes and retries (docs/api.md "SMS"):
 * 1. the send is claimed in `request_sends` (channel sms, one row per request): a new row, or one still
 *    `claimed` by an attempt that never reached the provider (it died; nothing was sent);
 * 2. a customer who opted out meanwhile is skipped (the request `skipped`, opted_out);
 * 3. the claim becomes `committing` (only while this attempt holds it), then the provider is called;
 * 4. its answer is recorded: `sent` with the provider's id (the request `sent`); refused for good, `failed`
 *    with the reason (21610: the contact opts out, the request fails opted_out); refused for now (429, 5xx),
 *    back to `claimed` and thrown for the job's retry; cut off without an answer, left `committing`.
 * A send found `committing` (its attempt died or was cut off at the provider) is looked up in the provider's
 * message list (to this number, from our number, this very body: the body carries the request's own link)
 * before anything else: found, it is recorded sent; not found, it is sent. Answers `skipped` when this call
 * sent nothing (already sent, failed, taken by another attempt, opted out).
 */
export async function deliverSmsWith(
  ctx: Ctx,
  input: SmsInput,
  options: SmsDeliveryOptions & { provider: () => Promise<SmsProvider> },
): Promise<{ skipped: boolean }> {
  const db = ctx.database.db;
  const request = await q.requestForSms(db, input.requestId, input.accountId);
  if (!request) throw new Error(`No request ${input.requestId} in account ${input.accountId}`);
  await options.onStep?.("before-claim", input);
  let claimId = await q.claimSms(db, input.requestId, input.to, randomUUID());
  const row = await q.smsSendOf(db, input.requestId);
  if (!row) throw new Error(`The SMS claim of request ${input.requestId} vanished`);
  const send = { id: row.id, requestId: input.requestId };
  let provider: SmsProvider | undefined;
  const getProvider = async () => {
    provider ??= await options.provider();
    return provider;
  };

  if (!claimId) {
    if (row.state === "sent" || row.state === "failed" || row.state === "claimed") return { skipped: true };
    // Interrupted: committing (or uncertain), its attempt gone or cut off. Look before sending again.
    const found = await recover(ctx, input, row, options, getProvider);
    if (found.done) return { skipped: true };
    claimId = found.claimId;
  } else {
    await options.onStep?.("claimed", input);
    if (request.sms_opted_out_at) {
      await q.skipOptedOut(db, send, claimId);
      return { skipped: true };
    }
  }

  const p = await getProvider();
  if (!(await q.commitSms(db, row.id, claimId))) return { skipped: true };
  await options.onStep?.("committing", input);
  let record: SmsRecord;
  try {
    record = await p.send({ to: input.to, body: input.body, statusCallback: statusCallbackUrl(ctx, input.requestId) });
  } catch (error) {
    if (error instanceof SmsSendError && error.kind === "permanent") {
      const code = error.details.code ?? null;
      if (code === TWILIO_UNSUBSCRIBED) await q.optOutContactPhone(db, input.accountId, input.to);
      await q.markSmsFailed(db, send, claimId, {
        code,
        message: error.message,
        reason: error.details.reason ?? failureReasonOf(code),
      });
      return { skipped: true };
    }
    // Answered with a refusal for now: not created, the claim goes back for the retry. Cut off (or anything
    // else): it may have been created; the send stays committing and the retry looks it up first.
    if (error instanceof SmsSendError && error.details.answered) await q.releaseSms(db, row.id, claimId);
    throw error;
  }
  await options.onStep?.("created", input);
  await q.markSmsSent(db, send, claimId, record.sid, record.status);
  await options.onStep?.("sent", input);
  return { skipped: false };
}

/**
 * An interrupted send: taken over (so one attempt looks at a time), then looked up in the provider's list.
 * Answers done when it was found (recorded sent) or another attempt has it; else the claim to send under.
 */
async function recover(
  ctx: Ctx,
  input: SmsInput,
  row: q.SmsSendRow,
  options: SmsDeliveryOptions,
  getProvider: () => Promise<SmsProvider>,
): Promise<{ done: true } | { done: false; claimId: string }> {
  const db = ctx.database.db;
  const send = { id: row.id, requestId: input.requestId };
  const claimId = randomUUID();
  if (row.provider_message_id) {
    // A status callback named it already: it went.
    if (await q.takeOverSms(db, row.id, row.claim_id, claimId)) {
      await q.markSmsSent(db, send, claimId, row.provider_message_id, "sent");
    }
    return { done: true };
  }
  const committedAt = row.committing_at ?? row.claimed_at;
  const wait = options.lookupAfterMs ?? 30_000;
  if (Date.now() - new Date(committedAt).getTime() < wait) {
    throw new SmsSendError("temporary", "An earlier attempt of this SMS may still be under way; looking again later", {
      answered: false,
    });
  }
  if (!(await q.takeOverSms(db, row.id, row.claim_id, claimId))) return { done: true };
  const provider = await getProvider();
  const since = new Date(new Date(row.claimed_at).getTime() - 5 * 60_000);
  const listed = await provider.list({ to: row.to_address, from: provider.from, createdAfter: since, pageSize: 50 });
  const candidates = listed.filter(
    (m) =>
      m.direction.startsWith("outbound") &&
      m.to === row.to_address &&
      m.body === input.body &&
      (!m.dateCreated || m.dateCreated >= since),
  );
  const taken = await q.recordedSids(
    db,
    candidates.map((m) => m.sid),
    row.id,
  );
  const mine = candidates.filter((m) => !taken.has(m.sid)).at(-1);
  if (mine) {
    await q.markSmsSent(db, send, claimId, mine.sid, mine.status);
    await options.onStep?.("found", input);
    return { done: true };
  }
  // Not at the provider: it never went. Back to claimed, under this attempt's claim, and sent now.
  await q.releaseSms(db, row.id, claimId);
  return { done: false, claimId };
}
