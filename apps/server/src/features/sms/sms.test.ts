import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createAccount } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { markSandboxAccounts, twilioSandboxOf } from "../sandboxes/index.ts";
import { startTwilioSandbox, TWILIO_SANDBOX_UNREACHABLE, type TwilioSandbox } from "../sandboxes/twilio.ts";
import { OutboxProvider } from "./outbox.ts";
import { SmsSendError, type SmsToSend, twilioSignature } from "./provider.ts";
import { deliverSms } from "./service.ts";
import { TwilioProvider } from "./twilio.ts";

// SMS through one provider interface (issue 16 "Sending"): the Twilio client against the Twilio sandbox
// (features/sandboxes/twilio.ts, the one the demo and the e2e use), signed webhooks, STOP/START/HELP,
// 21610, and deliverSms exactly once, including an interrupted send found in the provider's list.

const OWN_SID = "AC11111111111111111111111111111111";
const OWN_TOKEN = "own-twilio-auth-token";
const OWN_FROM = "+15005550006";

let t: TestApp;
/** The app's own sandbox (for sandbox accounts). */
let sandbox: TwilioSandbox;
/** A separate fake of Twilio, configured as the real service (TWILIO_BASE_URL) for every other account. */
let twilio: TwilioSandbox;

beforeAll(async () => {
  twilio = await startTwilioSandbox({ accountSid: OWN_SID, authToken: OWN_TOKEN, callbackDelayMs: 10 });
  t = await startTestApp({
    workers: false,
    env: {
      TWILIO_BASE_URL: twilio.url,
      TWILIO_ACCOUNT_SID: OWN_SID,
      TWILIO_AUTH_TOKEN: OWN_TOKEN,
      TWILIO_FROM: OWN_FROM,
    },
  });
  // Callbacks come back to this app: its public address is the one it listens on.
  t.ctx.config.publicUrl = t.baseUrl;
  twilio.state.numbers.push(OWN_FROM);
  sandbox = twilioSandboxOf(t.ctx)!;
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

let phoneSeq = 0;
function newPhone() {
  phoneSeq += 1;
  return `+1415555${String(1000 + phoneSeq).padStart(4, "0")}`;
}

async function newAccount(opts: { sandbox?: boolean } = {}) {
  const account = await createAccount(t.ctx.database, { name: `Bistro ${randomUUID().slice(0, 4)}` });
  if (opts.sandbox) await markSandboxAccounts(t.ctx.database.db, [account.id]);
  return account;
}

async function newRequest(database: Database, accountId: string, phone: string) {
  const db = database.db;
  const contact =
    (await db
      .selectFrom("contacts")
      .select("id")
      .where("account_id", "=", accountId)
      .where("phone", "=", phone)
      .executeTakeFirst()) ??
    (await db
      .insertInto("contacts")
      .values({ account_id: accountId, phone, name: "Pat" })
      .returning("id")
      .executeTakeFirstOrThrow());
  const request = await db
    .insertInto("requests")
    .values({ account_id: accountId, contact_id: contact.id, channel: "sms", token_hash: randomUUID() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { requestId: request.id, contactId: contact.id };
}

const requestRow = (id: string) =>
  t.ctx.database.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sendRow = (id: string) =>
  t.ctx.database.db
    .selectFrom("request_sends")
    .selectAll()
    .where("request_id", "=", id)
    .where("channel", "=", "sms")
    .executeTakeFirstOrThrow();
const contactRow = (id: string) =>
  t.ctx.database.db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sentTo = (fake: TwilioSandbox, phone: string) =>
  fake.state.messages.filter((m) => m.to === phone && m.direction === "outbound-api");

/** The Twilio client that sends without a StatusCallback. */
class WithoutStatusCallback extends TwilioProvider {
  override send(message: SmsToSend) {
    return super.send({ to: message.to, body: message.body });
  }
}

function client(fake: TwilioSandbox, from = fake.from) {
  return new TwilioProvider({ baseUrl: fake.url, accountSid: fake.accountSid, authToken: fake.authToken, from });
}

describe("the Twilio client against the sandbox", () => {
  it("creates a message: form-encoded To, From, Body, StatusCallback with HTTP Basic; answers the Message resource", async () => {
    const phone = newPhone();
    const record = await client(twilio, OWN_FROM).send({
      to: phone,
      body: "Hello ☺",
      statusCallback: "http://x.test/cb",
    });
    expect(record.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(record.status).toBe("queued");
    const request = twilio.state.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${OWN_SID}/Messages.json`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${OWN_SID}:${OWN_TOKEN}`).toString("base64")}`);
    expect(request.body).toEqual({ To: phone, From: OWN_FROM, Body: "Hello ☺", StatusCallback: "http://x.test/cb" });
    expect(sentTo(twilio, phone)).toHaveLength(1);
  });

  it("lists the messages to a number, newest first, following next_page_uri", async () => {
    const phone = newPhone();
    const c = client(twilio, OWN_FROM);
    for (let i = 0; i < 7; i += 1) await c.send({ to: phone, body: `Message ${i}` });
    await c.send({ to: newPhone(), body: "Someone else" });
    twilio.state.requests.length = 0;
    const listed = await c.list({ to: phone, pageSize: 3 });
    expect(listed.map((m) => m.body)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Message ${i}`));
    const pages = twilio.state.requests.filter((r) => r.method === "GET");
    expect(pages).toHaveLength(3);
    expect(pages[0]!.query).toMatchObject({ To: phone, PageSize: "3" });
    expect(pages[1]!.query).toMatchObject({ To: phone, Page: "1" });
    // DateSent>: only messages sent since then (a queued one has no date_sent yet).
    await twilio.idle();
    expect(await c.list({ to: phone, dateSentAfter: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(await c.list({ to: phone, dateSentAfter: new Date(Date.now() - 60_000) })).toHaveLength(7);
  });

  it("reads Twilio's errors: permanent (invalid, unsubscribed) or temporary (429, 5xx, cut off)", async () => {
    const c = client(twilio, OWN_FROM);
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => {
          throw new Error("expected a failure");
        },
        (e: unknown) => e as SmsSendError,
      );
    const invalid = await failure(c.send({ to: "12", body: "x" }));
    expect([invalid.kind, invalid.details.code, invalid.details.reason]).toEqual(["permanent", "21211", "invalid"]);
    const unsubscribed = await failure(c.send({ to: "+15005550004", body: "x" }));
    expect([unsubscribed.kind, unsubscribed.details.code, unsubscribed.details.reason]).toEqual([
      "permanent",
      "21610",
      "opted_out",
    ]);
    twilio.state.failures.push({ status: 503 });
    const busy = await failure(c.send({ to: newPhone(), body: "x" }));
    expect([busy.kind, busy.details.answered]).toEqual(["temporary", true]);
    const badAuth = await failure(
      new TwilioProvider({ baseUrl: twilio.url, accountSid: OWN_SID, authToken: "wrong", from: OWN_FROM }).send({
        to: newPhone(),
        body: "x",
      }),
    );
    expect(badAuth.message).toContain("20003");
    const unreachable = await failure(
      new TwilioProvider({
        baseUrl: "http://127.0.0.1:9",
        accountSid: OWN_SID,
        authToken: OWN_TOKEN,
        from: OWN_FROM,
      }).send({ to: newPhone(), body: "x" }),
    );
    expect([unreachable.kind, unreachable.details.answered]).toEqual(["temporary", false]);
  });
});

describe("signed webhooks", () => {
  it("answers 403 to a status callback without Twilio's signature, 204 with it", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    await deliverSms(t.ctx, { requestId, accountId: account.id, to: phone, body: "Rate us" });
    await twilio.idle();
    const sid = (await sendRow(requestId)).provider_message_id!;
    const url = `${t.baseUrl}/api/webhooks/twilio/status?request=${requestId}`;
    const params = { MessageSid: sid, MessageStatus: "failed", ErrorCode: "30007", To: phone, From: OWN_FROM };
    const post = (signature: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        body: new URLSearchParams(params).toString(),
      });
    expect((await post("bm90IGEgc2lnbmF0dXJl")).status).toBe(403);
    expect((await post(twilioSignature("another-token", url, params))).status).toBe(403);
    // Signed for another URL (a parameter changed after signing).
    expect((await post(twilioSignature(OWN_TOKEN, url, { ...params, ErrorCode: "1" }))).status).toBe(403);
    expect((await requestRow(requestId)).status).toBe("delivered");
    const ok = await post(twilioSignature(OWN_TOKEN, url, params));
    expect(ok.status).toBe(204);
    expect(await sendRow(requestId)).toMatchObject({ provider_status: "failed", error_code: "30007" });
    expect(await requestRow(requestId)).toMatchObject({ status: "failed", failure_reason: "provider_error" });
  });

  it("answers 403 to an unsigned incoming message and changes nothing", async () => {
    const res = await fetch(`${t.baseUrl}/api/webhooks/twilio/incoming`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ From: "+14155550000", Body: "STOP", MessageSid: "SMforged" }).toString(),
    });
    expect(res.status).toBe(403);
    const inbound = await t.ctx.database.db
      .selectFrom("sms_inbound")
      .selectAll()
      .where("provider_message_id", "=", "SMforged")
      .execute();
    expect(inbound).toEqual([]);
  });
});

describe("deliverSms", () => {
  it("sends once through the account's provider; the status callbacks mark it delivered", async () => {
    const account = await newAccount({ sandbox: true });
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const input = { requestId, accountId: account.id, to: phone, body: "How was your visit? https://x.test/r/abc" };
    expect(await deliverSms(t.ctx, input)).toEqual({ skipped: false });
    expect(await deliverSms(t.ctx, input)).toEqual({ skipped: true });
    // A sandbox account's text reached the sandbox, never the configured Twilio.
    expect(sentTo(sandbox, phone)).toHaveLength(1);
    expect(sentTo(twilio, phone)).toHaveLength(0);
    const [message] = sentTo(sandbox, phone);
    expect(message!.status_callback).toBe(`${t.baseUrl}/api/webhooks/twilio/status?request=${requestId}`);
    expect(await sendRow(requestId)).toMatchObject({ state: "sent", provider_message_id: message!.sid });
    expect((await requestRow(requestId)).status).toBe("sent");
    await sandbox.idle();
    expect(await sendRow(requestId)).toMatchObject({ provider_status: "delivered" });
    const request = await requestRow(requestId);
    expect(request.status).toBe("delivered");
    expect(request.delivered_at).not.toBeNull();
  });

  it("fails the request with its reason when the message is undelivered", async () => {
    const account = await newAccount({ sandbox: true });
    const { requestId } = await newRequest(t.ctx.database, account.id, TWILIO_SANDBOX_UNREACHABLE);
    await deliverSms(t.ctx, { requestId, accountId: account.id, to: TWILIO_SANDBOX_UNREACHABLE, body: "Hi" });
    await sandbox.idle();
    expect(await requestRow(requestId)).toMatchObject({ status: "failed", failure_reason: "invalid" });
    expect(await sendRow(requestId)).toMatchObject({ provider_status: "undelivered", error_code: "30003" });
  });

  it("21610: the contact opts out and the request fails opted_out; an invalid number fails invalid", async () => {
    const account = await newAccount();
    const blocked = "+15005550004";
    const { requestId, contactId } = await newRequest(t.ctx.database, account.id, blocked);
    expect(await deliverSms(t.ctx, { requestId, accountId: account.id, to: blocked, body: "Hi" })).toEqual({
      skipped: true,
    });
    expect(await requestRow(requestId)).toMatchObject({ status: "failed", failure_reason: "opted_out" });
    expect(await sendRow(requestId)).toMatchObject({ state: "failed", error_code: "21610" });
    expect((await contactRow(contactId)).sms_opted_out_at).not.toBeNull();

    const invalid = await newRequest(t.ctx.database, account.id, "+15005550001");
    await deliverSms(t.ctx, { requestId: invalid.requestId, accountId: account.id, to: "+15005550001", body: "Hi" });
    expect(await requestRow(invalid.requestId)).toMatchObject({ status: "failed", failure_reason: "invalid" });
  });

  it("throws a temporary refusal for the job's retry, which then sends once", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const input = { requestId, accountId: account.id, to: phone, body: "Hi there" };
    twilio.state.failures.push({ status: 503, method: "POST" });
    await expect(deliverSms(t.ctx, input)).rejects.toBeInstanceOf(SmsSendError);
    expect((await sendRow(requestId)).state).toBe("claimed");
    expect(await deliverSms(t.ctx, input)).toEqual({ skipped: false });
    expect(sentTo(twilio, phone)).toHaveLength(1);
  });

  it("an interrupted send is looked up in the provider's list before any retry: found, it is not sent again", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const body = `Tell us how we did: https://x.test/r/${requestId}`;
    const input = { requestId, accountId: account.id, to: phone, body };
    // The first attempt dies right after the provider took the message, before recording its id. It is sent
    // without a status callback, so that no callback can name it either (the sandbox posts one 10 ms after
    // the create, which a loaded machine lets arrive first): the list lookup is what stands in for it.
    await expect(
      deliverSms(t.ctx, input, {
        provider: new WithoutStatusCallback({
          baseUrl: twilio.url,
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: OWN_FROM,
        }),
        onStep: (step) => {
          if (step === "created") throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(sentTo(twilio, phone).map((m) => m.status_callback)).toEqual([null]);
    expect(await sendRow(requestId)).toMatchObject({ state: "committing", provider_message_id: null });
    expect(sentTo(twilio, phone)).toHaveLength(1);
    // Another message to the same number with another body is not taken for it.
    await client(twilio, OWN_FROM).send({ to: phone, body: "Another business's text" });
    // Too soon after the commit: the first attempt may still be under way; the retry waits.
    await expect(deliverSms(t.ctx, input, { lookupAfterMs: 60_000 })).rejects.toThrow(/under way/);
    twilio.state.requests.length = 0;
    expect(await deliverSms(t.ctx, input, { lookupAfterMs: 0 })).toEqual({ skipped: true });
    expect(twilio.state.requests.map((r) => r.method)).toEqual(["GET"]);
    expect(sentTo(twilio, phone).filter((m) => m.body === body)).toHaveLength(1);
    const sid = sentTo(twilio, phone).find((m) => m.body === body)!.sid;
    expect(await sendRow(requestId)).toMatchObject({ state: "sent", provider_message_id: sid });
    expect((await requestRow(requestId)).status).not.toBe("queued");
  });

  it("an interrupted send whose status callback came first is settled by it, without another call", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const input = { requestId, accountId: account.id, to: phone, body: `Rate us: https://x.test/r/${requestId}` };
    await expect(
      deliverSms(t.ctx, input, {
        onStep: (step) => {
          if (step === "created") throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    await twilio.idle();
    // The callback named the message (the request id in its URL): the send knows its provider id.
    const sid = sentTo(twilio, phone)[0]!.sid;
    expect(await sendRow(requestId)).toMatchObject({ state: "committing", provider_message_id: sid });
    twilio.state.requests.length = 0;
    expect(await deliverSms(t.ctx, input)).toEqual({ skipped: true });
    expect(twilio.state.requests).toEqual([]);
    expect(await sendRow(requestId)).toMatchObject({ state: "sent", provider_message_id: sid });
    expect((await requestRow(requestId)).status).toBe("delivered");
  });

  it("never sends another account's text to the sandbox", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const configured = t.ctx.config.twilioBaseUrl;
    t.ctx.config.twilioBaseUrl = sandbox.url.replace("127.0.0.1", "localhost");
    try {
      await expect(deliverSms(t.ctx, { requestId, accountId: account.id, to: phone, body: "Hi" })).rejects.toThrow(
        /sandbox serves only demo accounts/,
      );
    } finally {
      t.ctx.config.twilioBaseUrl = configured;
    }
    expect(sentTo(sandbox, phone)).toHaveLength(0);
  });

  it("an interrupted send the provider never got is sent, once", async () => {
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const input = { requestId, accountId: account.id, to: phone, body: `Rate us: https://x.test/r/${requestId}` };
    // The first attempt dies after recording "committing", before the provider call.
    await expect(
      deliverSms(t.ctx, input, {
        onStep: (step) => {
          if (step === "committing") throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(sentTo(twilio, phone)).toHaveLength(0);
    expect(await deliverSms(t.ctx, input, { lookupAfterMs: 0 })).toEqual({ skipped: false });
    expect(await deliverSms(t.ctx, input, { lookupAfterMs: 0 })).toEqual({ skipped: true });
    expect(sentTo(twilio, phone)).toHaveLength(1);
    expect((await sendRow(requestId)).state).toBe("sent");
  });

  it("without a provider, writes the message to the outbox, where an interrupted send is found too", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sms-outbox-"));
    const provider = new OutboxProvider(dir);
    const account = await newAccount();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    const input = { requestId, accountId: account.id, to: phone, body: "From the outbox" };
    await expect(
      deliverSms(t.ctx, input, {
        provider,
        onStep: (step) => {
          if (step === "created") throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(await deliverSms(t.ctx, input, { provider, lookupAfterMs: 0 })).toEqual({ skipped: true });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8"))).toMatchObject({
      to: phone,
      body: "From the outbox",
    });
    expect((await sendRow(requestId)).state).toBe("sent");
  });
});

describe("incoming messages", () => {
  it("STOP opts the phone out (recorded), the next request to it is skipped; START opts it back in", async () => {
    const account = await newAccount({ sandbox: true });
    const other = await newAccount({ sandbox: true });
    const phone = newPhone();
    const first = await newRequest(t.ctx.database, account.id, phone);
    // The same person is a customer of another account that never texted them.
    const elsewhere = await newRequest(t.ctx.database, other.id, phone);
    await deliverSms(t.ctx, { requestId: first.requestId, accountId: account.id, to: phone, body: "Rate us" });

    const stop = await sandbox.reply({ From: phone, Body: " stop " });
    expect(stop.status).toBe(200);
    expect(stop.twiml).toContain("<Response></Response>");
    expect((await contactRow(first.contactId)).sms_opted_out_at).not.toBeNull();
    expect((await contactRow(elsewhere.contactId)).sms_opted_out_at).toBeNull();
    const inbound = await t.ctx.database.db
      .selectFrom("sms_inbound")
      .selectAll()
      .where("provider_message_id", "=", stop.message.sid)
      .executeTakeFirstOrThrow();
    expect(inbound).toMatchObject({ account_id: account.id, from_phone: phone, body: " stop ", action: "opt_out" });

    const next = await newRequest(t.ctx.database, account.id, phone);
    expect(
      await deliverSms(t.ctx, { requestId: next.requestId, accountId: account.id, to: phone, body: "Again" }),
    ).toEqual({ skipped: true });
    expect(await requestRow(next.requestId)).toMatchObject({ status: "skipped", skip_reason: "opted_out" });
    expect(sentTo(sandbox, phone)).toHaveLength(1);

    await sandbox.reply({ From: phone, Body: "START" });
    expect((await contactRow(first.contactId)).sms_opted_out_at).toBeNull();
    const third = await newRequest(t.ctx.database, account.id, phone);
    expect(
      await deliverSms(t.ctx, { requestId: third.requestId, accountId: account.id, to: phone, body: "Back" }),
    ).toEqual({ skipped: false });
    expect(sentTo(sandbox, phone)).toHaveLength(2);
  });

  it("each opt-out keyword opts out", async () => {
    for (const word of ["STOPALL", "unsubscribe", "Cancel", "END", "quit"]) {
      const account = await newAccount({ sandbox: true });
      const phone = newPhone();
      const { requestId, contactId } = await newRequest(t.ctx.database, account.id, phone);
      await deliverSms(t.ctx, { requestId, accountId: account.id, to: phone, body: "Rate us" });
      await sandbox.reply({ From: phone, Body: word });
      expect((await contactRow(contactId)).sms_opted_out_at, word).not.toBeNull();
    }
  });

  it("HELP is answered with the business and how to stop", async () => {
    const account = await newAccount({ sandbox: true });
    await t.ctx.database.db
      .insertInto("request_pages")
      .values({ account_id: account.id, contact_number: "(555) 010-2000" })
      .execute();
    const phone = newPhone();
    const { requestId } = await newRequest(t.ctx.database, account.id, phone);
    await deliverSms(t.ctx, { requestId, accountId: account.id, to: phone, body: "Rate us" });
    const help = await sandbox.reply({ From: phone, Body: "HELP" });
    expect(help.twiml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>.*<\/Message><\/Response>$/,
    );
    expect(help.reply?.body).toBe(
      `${account.name}: review requests by text. Contact us at (555) 010-2000. Reply STOP to opt out, START to opt back in.`,
    );
    expect(help.reply?.to).toBe(phone);
  });

  it("the sandbox's control API lets another process (the e2e) text from a phone and read the messages", async () => {
    const account = await newAccount({ sandbox: true });
    const phone = newPhone();
    const { requestId, contactId } = await newRequest(t.ctx.database, account.id, phone);
    await deliverSms(t.ctx, { requestId, accountId: account.id, to: phone, body: "Rate us" });
    const res = await fetch(`${sandbox.url}/__fake/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ From: phone, Body: "Quit" }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { status: number; message: { direction: string; body: string } };
    expect(answer).toMatchObject({ status: 200, message: { direction: "inbound", body: "Quit" } });
    expect((await contactRow(contactId)).sms_opted_out_at).not.toBeNull();
    const listed = (await (await fetch(`${sandbox.url}/__fake/messages`)).json()) as {
      messages: { to: string; from: string; direction: string }[];
    };
    expect(listed.messages.filter((m) => m.to === phone || m.from === phone).map((m) => m.direction)).toEqual([
      "outbound-api",
      "inbound",
    ]);
    // Twilio's own opt-out list follows: a send to the phone from this number is now refused with 21610.
    const optOuts = (await (await fetch(`${sandbox.url}/__fake/opt-outs`)).json()) as {
      optOuts: Record<string, string[]>;
    };
    expect(optOuts.optOuts[sandbox.from]).toContain(phone);
  });

  it("the same incoming message delivered twice is recorded once", async () => {
    const phone = newPhone();
    const params = {
      MessageSid: `SM${randomUUID().replaceAll("-", "")}`,
      From: phone,
      To: sandbox.from,
      Body: "Thanks!",
    };
    const url = `${t.baseUrl}/api/webhooks/twilio/incoming`;
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(sandbox.authToken, url, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/xml");
    }
    const rows = await t.ctx.database.db
      .selectFrom("sms_inbound")
      .selectAll()
      .where("provider_message_id", "=", params.MessageSid)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "message", account_id: null });
  });
});
