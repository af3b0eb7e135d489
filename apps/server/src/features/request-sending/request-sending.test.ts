import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher } from "../../cli/smtp-catcher.ts";
import { hashToken } from "../../platform/auth.ts";
import { createAccount, createLocation, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { quietHoursEnd } from "./quiet-hours.ts";
import { SEND_RETRY_LIMIT, sendRequest, startCampaign, TemporarySendFailure } from "./service.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let anon: Client;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ workers: false, env: { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: "http://starboard.test" } });
  anon = new Client(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.ctx.database.db;

interface ContactSeed {
  name?: string;
  email?: string | null;
  phone?: string | null;
  sms_consent?: boolean;
  email_opted_out?: boolean;
  undeliverable?: boolean;
  last_requested_days_ago?: number;
}

/** An account with a location (time zone), a template, contacts and a campaign in `scheduled`. */
async function campaignWith(
  contacts: ContactSeed[],
  opts: { channel?: "email" | "sms"; timeZone?: string; senderEmail?: string; accountId?: string } = {},
) {
  const accountId = opts.accountId ?? (await createAccount(t.ctx.database, { name: "Bella Pasta" })).id;
  const user = await createUser(t.ctx.database, accountId, { type: "manager" });
  const location = await createLocation(t.ctx.database, accountId, { name: "Dallas Uptown" });
  await db()
    .updateTable("locations")
    .set({ time_zone: opts.timeZone ?? "UTC" })
    .where("id", "=", location.id)
    .execute();
  const channel = opts.channel ?? "email";
  const template = await db()
    .insertInto("request_templates")
    .values({
      account_id: accountId,
      request_type: channel,
      name: "Thanks",
      subject: "How was {location_name}, {customer_first_name}?",
      content: "Hi {customer_first_name},\n\nThanks for visiting {business_name}.\n\n{feedback}",
      feedback_type: "stars",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const campaign = await db()
    .insertInto("campaigns")
    .values({
      account_id: accountId,
      location_id: location.id,
      request_type: channel,
      template_id: template.id,
      name: `Campaign ${randomUUID().slice(0, 6)}`,
      status: "scheduled",
      sender_name: "Maria Rossi",
      sender_email: opts.senderEmail ?? `maria-${randomUUID().slice(0, 6)}@bella.test`,
      created_by_user_id: user.id,
      feedback_configuration: JSON.stringify({ selector_type: "stars" }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const c of contacts) {
    const row = await db()
      .insertInto("contacts")
      .values({
        account_id: accountId,
        location_id: location.id,
        name: c.name ?? "Jordan Smith",
        email: c.email === undefined ? `c-${randomUUID().slice(0, 8)}@example.test` : c.email,
        phone: c.phone ?? null,
        sms_consent: c.sms_consent ? JSON.stringify({ how: "form", at: "2026-01-01" }) : null,
        email_opted_out_at: c.email_opted_out ? new Date() : null,
        email_undeliverable_at: c.undeliverable ? new Date() : null,
        last_requested_at:
          c.last_requested_days_ago === undefined
            ? null
            : new Date(Date.now() - c.last_requested_days_ago * 86_400_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    await db().insertInto("campaign_recipients").values({ campaign_id: campaign.id, contact_id: row.id }).execute();
  }
  return { accountId, campaign, contactIds: ids, location, user };
}

async function requestsOf(campaignId: string) {
  return db().selectFrom("requests").selectAll().where("campaign_id", "=", campaignId).execute();
}
async function requestOf(campaignId: string, contactId: string) {
  return db()
    .selectFrom("requests")
    .selectAll()
    .where("campaign_id", "=", campaignId)
    .where("contact_id", "=", contactId)
    .executeTakeFirstOrThrow();
}
async function sendJobs(requestIds: string[]) {
  const { rows } = await sql<{ id: string; start_after: Date; request_id: string }>`
    SELECT id, start_after, data->>'requestId' AS request_id FROM pgboss.job
     WHERE name = 'requests.send' AND data->>'requestId' = ANY(${requestIds})`.execute(db());
  return rows;
}
const inbox = (to: string) => smtp.received.filter((m) => m.to.includes(to));
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im")
    .exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ");
/** The quoted-printable body decoded enough to read links. */
const body = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

describe("quiet hours on fixed clocks", () => {
  it("holds inside 21:00-08:00 of the location's time zone and ends at the next local 08:00", () => {
    // 21:30 in Chicago (CST, UTC-6) on 15 January → held until 08:00 CST = 14:00 UTC on the 16th.
    expect(quietHoursEnd(new Date("2026-01-16T03:30:00Z"), "America/Chicago", "21:00", "08:00")?.toISOString()).toBe(
      "2026-01-16T14:00:00.000Z",
    );
    // 07:59 in Chicago → ends one minute later.
    expect(quietHoursEnd(new Date("2026-01-16T13:59:00Z"), "America/Chicago", "21:00", "08:00")?.toISOString()).toBe(
      "2026-01-16T14:00:00.000Z",
    );
    // 08:00 and 20:59 local are outside.
    expect(quietHoursEnd(new Date("2026-01-16T14:00:00Z"), "America/Chicago", "21:00", "08:00")).toBeNull();
    expect(quietHoursEnd(new Date("2026-01-17T02:59:00Z"), "America/Chicago", "21:00", "08:00")).toBeNull();
    // The same instant is daytime in Tokyo.
    expect(quietHoursEnd(new Date("2026-01-16T03:30:00Z"), "Asia/Tokyo", "21:00", "08:00")).toBeNull();
    // Across the spring-forward night (8 March 2026 in Chicago): 08:00 CDT is 13:00 UTC.
    expect(quietHoursEnd(new Date("2026-03-08T05:00:00Z"), "America/Chicago", "21:00", "08:00")?.toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    // A daytime window (12:00-13:00) and no window (start = end).
    expect(quietHoursEnd(new Date("2026-01-16T12:30:00Z"), "UTC", "12:00", "13:00")?.toISOString()).toBe(
      "2026-01-16T13:00:00.000Z",
    );
    expect(quietHoursEnd(new Date("2026-01-16T12:30:00Z"), "UTC", "12:00", "12:00")).toBeNull();
  });
});

describe("request settings API", () => {
  it("answers the defaults, saves valid settings, refuses bad ones with the field", async () => {
    const { client, account } = await signedIn(t, { type: "manager" });
    const first = await client.get("/api/request_settings");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      account_id: account.id,
      quiet_hours_start: "21:00",
      quiet_hours_end: "08:00",
      min_days_between_requests: 30,
      updated_at: null,
    });
    const saved = await client.put("/api/request_settings", {
      quiet_hours_start: "20:30",
      quiet_hours_end: "09:15",
      min_days_between_requests: 14,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      quiet_hours_start: "20:30",
      quiet_hours_end: "09:15",
      min_days_between_requests: 14,
    });
    expect((await client.get("/api/request_settings")).body).toMatchObject({ min_days_between_requests: 14 });

    const badTime = await client.put<{ errors: Record<string, string> }>("/api/request_settings", {
      quiet_hours_start: "25:00",
      quiet_hours_end: "08:00",
      min_days_between_requests: 30,
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors.quiet_hours_start).toBe("Enter a time as HH:MM (00:00 to 23:59)");
    const badDays = await client.put<{ errors: Record<string, string> }>("/api/request_settings", {
      quiet_hours_start: "21:00",
      quiet_hours_end: "08:00",
      min_days_between_requests: -1,
    });
    expect(badDays.status).toBe(400);
    expect(badDays.body.errors.min_days_between_requests).toBe("Enter a whole number of days from 0 to 365");
  });

  it("401 signed out, 403 for a Read Only user or with the ask tool off, 404 for another account", async () => {
    expect((await anon.get("/api/request_settings")).status).toBe(401);
    const readOnly = await signedIn(t, { type: "read_only" });
    expect((await readOnly.client.get("/api/request_settings")).status).toBe(200);
    const put = await readOnly.client.put("/api/request_settings", {
      quiet_hours_start: "21:00",
      quiet_hours_end: "08:00",
      min_days_between_requests: 30,
    });
    expect(put.status).toBe(403);
    const off = await signedIn(t, { type: "admin", settings: { ask: "false" } });
    expect((await off.client.get("/api/request_settings")).status).toBe(403);
    const other = await createAccount(t.ctx.database);
    expect((await readOnly.client.get(`/api/request_settings?account_id=${other.id}`)).status).toBe(404);
  });
});

describe("requests.campaign.start", () => {
  it("creates one request per recipient with a hashed token, skips with the reason, and is idempotent", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const seeds: ContactSeed[] = [
      {},
      { email_opted_out: true },
      { undeliverable: true },
      { last_requested_days_ago: 10 },
      { last_requested_days_ago: 45 },
      { email: null, phone: "+15125550100" },
      { email: `dnc-${randomUUID().slice(0, 6)}@example.test` },
    ];
    const { campaign, contactIds, accountId } = await campaignWith(seeds);
    const dnc = await db()
      .selectFrom("contacts")
      .select("email")
      .where("id", "=", contactIds[6]!)
      .executeTakeFirstOrThrow();
    await db().insertInto("do_not_contact").values({ account_id: accountId, email: dnc.email }).execute();
    // last_requested_at is relative to the real clock: start on today's date, at 15:00 UTC so the UTC location
    // is outside its quiet hours (21:00-08:00) whenever the test runs.
    const today = new Date();
    today.setUTCHours(15, 0, 0, 0);
    const first = await startCampaign(t.ctx, campaign.id, { now: today });
    expect(first.created).toBe(7);
    const byContact = async (i: number) => requestOf(campaign.id, contactIds[i]!);
    expect((await byContact(0)).status).toBe("queued");
    expect((await byContact(1)).skip_reason).toBe("opted_out");
    expect((await byContact(2)).skip_reason).toBe("undeliverable");
    expect((await byContact(3)).skip_reason).toBe("recently_asked");
    expect((await byContact(4)).status).toBe("queued");
    expect((await byContact(5)).skip_reason).toBe("no_address");
    expect((await byContact(6)).skip_reason).toBe("do_not_contact");
    for (const i of [1, 2, 3, 5, 6]) expect((await byContact(i)).status).toBe("skipped");
    const rows = await requestsOf(campaign.id);
    expect(new Set(rows.map((r) => r.token_hash)).size).toBe(7);
    // One send job per queued request, written with it.
    const queuedIds = rows.filter((r) => r.status === "queued").map((r) => r.id);
    expect((await sendJobs(rows.map((r) => r.id))).map((j) => j.request_id).sort()).toEqual(queuedIds.sort());
    // Again: nothing new (UNIQUE (campaign_id, contact_id)).
    expect((await startCampaign(t.ctx, campaign.id, { now })).created).toBe(0);
    expect(await requestsOf(campaign.id)).toHaveLength(7);
    expect(await sendJobs(rows.map((r) => r.id))).toHaveLength(2);
    expect(
      (await db().selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sending");
  });

  it("skips SMS recipients without consent or opted out", async () => {
    const { campaign, contactIds } = await campaignWith(
      [
        { phone: "+15125550101", sms_consent: true },
        { phone: "+15125550102" },
        { phone: null, email: "only-email@example.test" },
      ],
      { channel: "sms" },
    );
    await startCampaign(t.ctx, campaign.id, { now: new Date("2026-06-10T15:00:00Z") });
    expect((await requestOf(campaign.id, contactIds[0]!)).status).toBe("queued");
    expect((await requestOf(campaign.id, contactIds[1]!)).skip_reason).toBe("no_sms_consent");
    expect((await requestOf(campaign.id, contactIds[2]!)).skip_reason).toBe("no_address");
  });

  it("throttles per sender: slots a fixed interval apart, a second campaign of the sender queued after the first", async () => {
    process.env.REQUEST_EMAIL_PER_MINUTE = "60";
    try {
      const sender = `shared-${randomUUID().slice(0, 6)}@bella.test`;
      const now = new Date("2026-06-10T15:00:00Z");
      const a = await campaignWith([{}, {}, {}], { senderEmail: sender });
      const b = await campaignWith([{}, {}], { senderEmail: sender, accountId: a.accountId });
      await startCampaign(t.ctx, a.campaign.id, { now });
      await startCampaign(t.ctx, b.campaign.id, { now });
      const jobsA = await sendJobs((await requestsOf(a.campaign.id)).map((r) => r.id));
      const jobsB = await sendJobs((await requestsOf(b.campaign.id)).map((r) => r.id));
      const times = [...jobsA, ...jobsB]
        .map((j) => new Date(j.start_after).getTime() - now.getTime())
        .sort((x, y) => x - y);
      expect(times).toEqual([0, 1000, 2000, 3000, 4000]);
      expect(Math.min(...jobsB.map((j) => new Date(j.start_after).getTime()))).toBe(now.getTime() + 3000);
    } finally {
      delete process.env.REQUEST_EMAIL_PER_MINUTE;
    }
  });
});

describe("requests.send (e-mail)", () => {
  it("sends once with Reply-To, visible unsubscribe, RFC 8058 headers and the request's link; delivered, then opened", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const { campaign, contactIds } = await campaignWith([{ name: "Jordan Smith" }, {}]);
    await startCampaign(t.ctx, campaign.id, { now });
    const requests = await requestsOf(campaign.id);
    const first = requests.find((r) => r.contact_id === contactIds[0])!;
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    expect(await sendRequest(t.ctx, first.id, { now })).toBe("delivered");
    // Repeated (a job run twice): nothing more is sent.
    expect(await sendRequest(t.ctx, first.id, { now })).toBe("gone");
    const mails = inbox(contact.email!);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!.raw;
    expect(mails[0]!.subject).toBe("How was Dallas Uptown, Jordan?");
    expect(header(raw, "Reply-To")).toContain("maria-");
    expect(header(raw, "Reply-To")).toContain("Maria Rossi");
    expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<(http:\/\/starboard\.test\/r\/[A-Za-z0-9_-]+\/unsubscribe)>/.exec(
      header(raw, "List-Unsubscribe") ?? "",
    )?.[1];
    expect(oneClick).toBeDefined();
    const text = body(raw);
    expect(text).toMatch(/http:\/\/starboard\.test\/unsubscribe\/requests\/[A-Za-z0-9_-]{40,}/);
    const token = /http:\/\/starboard\.test\/r\/([A-Za-z0-9_-]+)\?score=5/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(hashToken(token!)).toBe(first.token_hash);

    const sent = await requestOf(campaign.id, contactIds[0]!);
    expect(sent.status).toBe("delivered");
    expect(sent.sent_at).not.toBeNull();
    expect(sent.delivered_at).not.toBeNull();
    expect(
      (
        await db()
          .selectFrom("contacts")
          .select("last_requested_at")
          .where("id", "=", contactIds[0]!)
          .executeTakeFirstOrThrow()
      ).last_requested_at,
    ).not.toBeNull();

    // The tracking pixel (outside /api, signed out).
    const pixel = await fetch(`${t.baseUrl}/r/${token}/o.gif`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    expect((await requestOf(campaign.id, contactIds[0]!)).status).toBe("opened");
    expect((await fetch(`${t.baseUrl}/r/${"x".repeat(43)}/o.gif`)).status).toBe(200);

    // Campaign → sent once every request is settled.
    const campaignStatus = async () =>
      (await db().selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow())
        .status;
    expect(await campaignStatus()).toBe("sending");
    const second = requests.find((r) => r.contact_id === contactIds[1])!;
    expect(await sendRequest(t.ctx, second.id, { now })).toBe("delivered");
    expect(await campaignStatus()).toBe("sent");

    // One-click unsubscribe (RFC 8058): a form POST, signed out; the next campaign skips the customer.
    const res = await fetch(oneClick!.replace("http://starboard.test", t.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${t.baseUrl}/r/${"y".repeat(43)}/unsubscribe`, { method: "POST" })).status).toBe(404);
    const again = await db()
      .insertInto("campaigns")
      .values({ account_id: campaign.account_id, request_type: "email", name: "Again", status: "scheduled" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("campaign_recipients")
      .values({ campaign_id: again.id, contact_id: contactIds[0]! })
      .execute();
    await db()
      .insertInto("request_settings")
      .values({ account_id: campaign.account_id, min_days_between_requests: 0 })
      .execute();
    await startCampaign(t.ctx, again.id, { now });
    expect((await requestOf(again.id, contactIds[0]!)).skip_reason).toBe("opted_out");
  });

  it("sends the campaign's own subject and content when it has them, the template's otherwise", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const { campaign, contactIds } = await campaignWith([{ name: "Avery Lee" }]);
    await db()
      .updateTable("campaigns")
      .set({ subject: "A quick word from {business_name}", content: "Hello {customer_first_name}! {feedback}" })
      .where("id", "=", campaign.id)
      .execute();
    await startCampaign(t.ctx, campaign.id, { now });
    const [request] = await requestsOf(campaign.id);
    expect(await sendRequest(t.ctx, request!.id, { now })).toBe("delivered");
    const contact = await db()
      .selectFrom("contacts")
      .select("email")
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    const [mail] = inbox(contact.email!);
    expect(mail!.subject).toBe("A quick word from Bella Pasta");
    expect(body(mail!.raw)).toContain("Hello Avery!");
    expect(body(mail!.raw)).not.toContain("Thanks for visiting");
  });

  it("holds in quiet hours (location time zone) and sends when they end", async () => {
    // 22:00 in New York (EDT, UTC-4) → held until 08:00 EDT = 12:00 UTC.
    const late = new Date("2026-06-11T02:00:00Z");
    const { campaign, contactIds } = await campaignWith([{}], { timeZone: "America/New_York" });
    await startCampaign(t.ctx, campaign.id, { now: late });
    const held = await requestOf(campaign.id, contactIds[0]!);
    expect(held.status).toBe("held");
    expect(new Date(held.hold_until!).toISOString()).toBe("2026-06-11T12:00:00.000Z");
    expect((await sendJobs([held.id])).map((j) => new Date(j.start_after).toISOString())).toEqual([
      "2026-06-11T12:00:00.000Z",
    ]);
    // Still quiet at 07:59: held again.
    expect(await sendRequest(t.ctx, held.id, { now: new Date("2026-06-11T11:59:00Z") })).toBe("held");
    // At 08:00 the held request goes into the throttle, then out.
    const morning = new Date("2026-06-11T12:00:00Z");
    expect(await sendRequest(t.ctx, held.id, { now: morning })).toBe("requeued");
    expect((await requestOf(campaign.id, contactIds[0]!)).status).toBe("queued");
    expect(await sendRequest(t.ctx, held.id, { now: morning })).toBe("delivered");
  });

  it("a permanent SMTP rejection (5xx) fails the request (invalid) and marks the address undeliverable", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const { campaign, contactIds } = await campaignWith([{ email: `reject-${randomUUID().slice(0, 6)}@example.test` }]);
    await startCampaign(t.ctx, campaign.id, { now });
    const r = await requestOf(campaign.id, contactIds[0]!);
    expect(await sendRequest(t.ctx, r.id, { now })).toBe("failed");
    const failed = await requestOf(campaign.id, contactIds[0]!);
    expect(failed).toMatchObject({ status: "failed", failure_reason: "invalid" });
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    expect(contact.email_undeliverable_at).not.toBeNull();
    expect(contact.email_undeliverable_reason).toContain("550");
    expect(
      (await db().selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sent");
  });

  it("a temporary failure (4xx) is retried, and fails (provider_error) after the last try", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const address = `tempfail-${randomUUID().slice(0, 6)}@example.test`;
    const { campaign, contactIds } = await campaignWith([{ email: address }]);
    await startCampaign(t.ctx, campaign.id, { now });
    const r = await requestOf(campaign.id, contactIds[0]!);
    await expect(sendRequest(t.ctx, r.id, { now })).rejects.toBeInstanceOf(TemporarySendFailure);
    expect((await requestOf(campaign.id, contactIds[0]!)).status).toBe("queued");
    expect(await sendRequest(t.ctx, r.id, { now, retryCount: SEND_RETRY_LIMIT })).toBe("failed");
    expect(await requestOf(campaign.id, contactIds[0]!)).toMatchObject({
      status: "failed",
      failure_reason: "provider_error",
    });
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    expect(contact.email_undeliverable_at).toBeNull();
    expect(inbox(address)).toHaveLength(0);
  });
});

describe("requests.send (SMS)", () => {
  it("texts through the SMS feature's deliverSms once, carrying the business name and the opt-out line", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const { campaign, contactIds } = await campaignWith([{ phone: "+15125550123", sms_consent: true, email: null }], {
      channel: "sms",
    });
    await startCampaign(t.ctx, campaign.id, { now });
    const r = await requestOf(campaign.id, contactIds[0]!);
    expect(await sendRequest(t.ctx, r.id, { now })).toBe("sent");
    expect(await sendRequest(t.ctx, r.id, { now })).toBe("gone");
    const sent = await requestOf(campaign.id, contactIds[0]!);
    expect(sent.status).toBe("sent");
    const sends = await db().selectFrom("request_sends").selectAll().where("request_id", "=", r.id).execute();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ channel: "sms", to_address: "+15125550123", state: "sent" });
    // No provider configured: the outbox holds the one message, as rendered by the contract's renderer.
    const dir = path.join(t.ctx.config.dataDir, "sms-outbox");
    const texts = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; body: string })
      .filter((m) => m.to === "+15125550123");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("Bella Pasta");
    expect(texts[0]!.body).toContain("Reply STOP to opt out");
    expect(texts[0]!.body).toMatch(/http:\/\/starboard\.test\/r\/[A-Za-z0-9_-]+/);
    expect(
      (await db().selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sent");
  });
});

describe("POST /api/webhooks/email-bounces", () => {
  function dsn(requestId: string, recipient: string, action = "failed") {
    return [
      "From: MAILER-DAEMON@mx.example.test",
      "To: no-reply@starboard.local",
      "Subject: Undelivered Mail Returned to Sender",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUND"',
      "",
      "--BOUND",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "",
      "--BOUND",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.example.test",
      "",
      `Final-Recipient: rfc822; ${recipient}`,
      `Action: ${action}`,
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 mailbox unavailable",
      "",
      "--BOUND",
      "Content-Type: text/rfc822-headers",
      "",
      "Message-ID: <x@starboard.local>",
      `X-Starboard-Request: ${requestId}`,
      `To: ${recipient}`,
      "",
      "--BOUND--",
      "",
    ].join("\r\n");
  }

  it("marks the request bounced and the address undeliverable; other notices change nothing; not a DSN → 400", async () => {
    const now = new Date("2026-06-10T15:00:00Z");
    const { campaign, contactIds } = await campaignWith([{}]);
    await startCampaign(t.ctx, campaign.id, { now });
    const r = await requestOf(campaign.id, contactIds[0]!);
    await sendRequest(t.ctx, r.id, { now });
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    const post = (text: string, type = "message/rfc822") =>
      fetch(`${t.baseUrl}/api/webhooks/email-bounces`, {
        method: "POST",
        headers: { "content-type": type },
        body: text,
      });
    // Another address for the request, or a delay notice: nothing.
    let res = await post(dsn(r.id, "someone-else@example.test"));
    expect(await res.json()).toEqual({ bounced: 0 });
    res = await post(dsn(r.id, contact.email!, "delayed"));
    expect(await res.json()).toEqual({ bounced: 0 });
    expect((await requestOf(campaign.id, contactIds[0]!)).status).toBe("delivered");
    res = await post(dsn(r.id, contact.email!), "text/plain");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bounced: 1 });
    expect(await requestOf(campaign.id, contactIds[0]!)).toMatchObject({ status: "failed", failure_reason: "bounced" });
    const after = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", contactIds[0]!)
      .executeTakeFirstOrThrow();
    expect(after.email_undeliverable_at).not.toBeNull();
    expect(after.email_undeliverable_reason).toContain("550 5.1.1");
    const bad = await post("Subject: hello\r\n\r\njust a note");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty("body");
  });
});

describe("the jobs, end to end", () => {
  it("a campaign.start job sends every recipient through requests.send and the campaign ends sent", async () => {
    const w = await startTestApp({ workers: true, env: { SMTP_URL: smtp.smtpUrl } });
    try {
      const account = await createAccount(w.ctx.database);
      await w.ctx.database.db
        .insertInto("request_settings")
        .values({ account_id: account.id, quiet_hours_start: "00:00", quiet_hours_end: "00:00" })
        .execute();
      const campaign = await w.ctx.database.db
        .insertInto("campaigns")
        .values({ account_id: account.id, request_type: "email", name: "Jobs", status: "scheduled" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const emails = Array.from({ length: 5 }, (_, i) => `jobs-${i}-${randomUUID().slice(0, 6)}@example.test`);
      for (const email of emails) {
        const c = await w.ctx.database.db
          .insertInto("contacts")
          .values({ account_id: account.id, email, name: "Sam" })
          .returning("id")
          .executeTakeFirstOrThrow();
        await w.ctx.database.db
          .insertInto("campaign_recipients")
          .values({ campaign_id: campaign.id, contact_id: c.id })
          .execute();
      }
      await w.ctx.jobs.send("requests.campaign.start", { campaignId: campaign.id });
      const deadline = Date.now() + 30_000;
      let status = "";
      while (Date.now() < deadline) {
        status = (
          await w.ctx.database.db
            .selectFrom("campaigns")
            .select("status")
            .where("id", "=", campaign.id)
            .executeTakeFirstOrThrow()
        ).status;
        if (status === "sent") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe("sent");
      for (const email of emails) expect(inbox(email)).toHaveLength(1);
    } finally {
      await w.close();
    }
  }, 60_000);
});
