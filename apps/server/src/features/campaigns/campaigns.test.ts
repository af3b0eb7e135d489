import type {
  TCampaign,
  TCampaignList,
  TCampaignOverview,
  TCampaignRecipientList,
} from "@starboard/contract/campaigns";
import { CAMPAIGN_MESSAGES } from "@starboard/contract/campaigns";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createUrl, createUser, signedIn } from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let viewer: Client;
let limited: Client;
let locationId: string;
let location2Id: string;
let templateId: string;
let smsTemplateId: string;
let contacts: string[];
type Errors = { errors: Record<string, string>; error: string; status: number };

const START_JOB = "requests.campaign.start";

async function startJobs(campaignId: string) {
  return t.ctx.jobs.boss.findJobs<{ campaignId: string }>(START_JOB, { data: { campaignId } });
}

async function newContacts(accountId: string, n: number) {
  const rows = await t.ctx.database.db
    .insertInto("contacts")
    .values(
      Array.from({ length: n }, (_, i) => ({
        account_id: accountId,
        name: `Customer ${String.fromCharCode(65 + i)}`,
        email: `c${i}-${Math.random().toString(36).slice(2, 8)}@example.test`,
        custom_attributes: "{}",
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

async function draft(extra: Record<string, unknown> = {}) {
  const res = await owner.client.post<TCampaign>("/api/campaigns", {
    name: "Spring asks",
    request_type: "email",
    location_id: locationId,
    template_id: templateId,
    recipients: contacts.slice(0, 2),
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  // No workers: the start job stays queued, where the test can see it.
  t = await startTestApp({ workers: false });
  owner = await signedIn(t, { settings: { sms_requests: "false" } });
  other = await signedIn(t);
  locationId = (await createLocation(t.ctx.database, owner.account.id)).id;
  location2Id = (await createLocation(t.ctx.database, owner.account.id)).id;
  viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
  limited = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "limited_user" }));
  const template = await owner.client.post<{ id: string }>("/api/templates", {
    name: "Thanks",
    request_type: "email",
    subject: "How did we do, {customer_first_name}?",
    content: "Hi {customer_first_name},\n\n{feedback}",
  });
  expect(template.status).toBe(201);
  templateId = template.body.id;
  smsTemplateId = (
    await t.ctx.database.db
      .insertInto("request_templates")
      .values({
        account_id: owner.account.id,
        request_type: "sms",
        name: "Text",
        content: "Hi {review_link}",
        metadata: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  contacts = await newContacts(owner.account.id, 4);
});
afterAll(async () => t?.close());

describe("campaigns", () => {
  it("creates a draft by default, with auto-selected sources and nps feedback, and lists it with counts", async () => {
    const c = await draft();
    expect(c).toMatchObject({
      status: "draft",
      auto_select_sources: true,
      is_multi: false,
      location_ids: [locationId],
      request_type_id: 1,
      feedback_configuration: { selector_type: "nps", microsurvey_id: null },
    });
    expect(c.counts.recipients).toBe(2);
    const list = await owner.client.get<TCampaignList>("/api/campaigns?status=draft");
    expect(list.status).toBe(200);
    expect(list.body._embedded.campaigns.map((x) => x.id)).toContain(c.id);
    const readOnly = await viewer.get<TCampaignList>("/api/campaigns");
    expect(readOnly.status).toBe(200);
  });

  it("makes a multiCampaign of several locations; an unknown feedback type falls back to nps", async () => {
    const c = await draft({
      location_id: undefined,
      location_ids: [locationId, location2Id],
      feedback_configuration: { selector_type: "emoji-wheel" },
    });
    expect(c.is_multi).toBe(true);
    expect(c.location_ids).toEqual([locationId, location2Id]);
    expect(c.feedback_configuration.selector_type).toBe("nps");
    const stars = await draft({ feedback_configuration: { selector_type: "stars" } });
    expect(stars.feedback_configuration.selector_type).toBe("stars");
  });

  it("answers 400 with the field for missing or bad input", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ request_type: "email", location_id: locationId }, "name"],
      [{ name: "x", location_id: locationId }, "request_type"],
      [{ name: "x", request_type: "email" }, "location_id"],
      [{ name: "x".repeat(121), request_type: "email", location_id: locationId }, "name"],
      [{ name: "x", request_type: "email", location_id: "nope" }, "location_id"],
      [{ name: "x", request_type: "email", location_id: locationId, status: "sent" }, "status"],
      [{ name: "x", request_type: "email", location_id: locationId, template_id: smsTemplateId }, "template_id"],
      [{ name: "x", request_type: "email", location_id: locationId, sender_email: "not-an-address" }, "sender_email"],
      [{ name: "x", request_type: "email", location_id: locationId, content: "Hi {nickname}" }, "content"],
      [{ name: "x", request_type: "email", location_id: locationId, recipients: [crypto.randomUUID()] }, "recipients"],
      [
        {
          name: "x",
          request_type: "email",
          location_id: locationId,
          feedback_configuration: { selector_type: "microsurvey" },
        },
        "feedback_configuration.microsurvey_id",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post<Errors>("/api/campaigns", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(res.body)).toHaveProperty(field);
    }
  });

  it("never offers a site that forbids asking (Yelp): 400 on url_ids; allowed sites are kept", async () => {
    const yelp = await createUrl(t.ctx.database, { accountId: owner.account.id, locationId, source: "yelp" });
    const google = await createUrl(t.ctx.database, { accountId: owner.account.id, locationId, source: "google" });
    const refused = await owner.client.post<Errors>("/api/campaigns", {
      name: "Yelp",
      request_type: "email",
      location_id: locationId,
      url_ids: [google.id, yelp.id],
      auto_select_sources: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.url_ids).toBe(CAMPAIGN_MESSAGES.forbiddenSite);
    const ok = await draft({ url_ids: [google.id], auto_select_sources: false });
    expect(ok).toMatchObject({ url_ids: [google.id], auto_select_sources: false });
    const foreign = await createUrl(t.ctx.database, {
      accountId: other.account.id,
      locationId: (await createLocation(t.ctx.database, other.account.id)).id,
      source: "google",
    });
    const res = await owner.client.post<Errors>("/api/campaigns", {
      name: "x",
      request_type: "email",
      location_id: locationId,
      url_ids: [foreign.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.url_ids).toBe(CAMPAIGN_MESSAGES.unknownSite);
  });

  it("sends: status sending and the start job, enqueued with the change; recipients then change no more", async () => {
    const c = await draft();
    expect(await startJobs(c.id)).toHaveLength(0);
    const sent = await owner.client.post<TCampaign>(`/api/campaigns/${c.id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("sending");
    expect(sent.body.started_at).not.toBeNull();
    const jobs = await startJobs(c.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toEqual({ campaignId: c.id });

    const add = await owner.client.patch<Errors>(`/api/campaigns/${c.id}`, { recipients: [contacts[3]] });
    expect(add.status).toBe(409);
    expect(add.body.error).toBe(CAMPAIGN_MESSAGES.notDraft);
    const again = await owner.client.post<Errors>(`/api/campaigns/${c.id}/send`, {});
    expect(again.status).toBe(409);
    expect(await startJobs(c.id)).toHaveLength(1);
    const recipients = await owner.client.get<TCampaignRecipientList>(`/api/campaigns/${c.id}/requests`);
    expect(recipients.body._embedded.requests).toHaveLength(2);
  });

  it("changes recipients while a draft (add, remove), and refuses to send without any", async () => {
    const c = await draft({ recipients: [] });
    const empty = await owner.client.post<Errors>(`/api/campaigns/${c.id}/send`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.recipients).toBe(CAMPAIGN_MESSAGES.noRecipients);
    const added = await owner.client.patch<TCampaign>(`/api/campaigns/${c.id}`, { recipients: contacts });
    expect(added.body.counts.recipients).toBe(4);
    const removed = await owner.client.patch<TCampaign>(`/api/campaigns/${c.id}`, { remove_recipients: [contacts[0]] });
    expect(removed.body.counts.recipients).toBe(3);
    const list = await owner.client.get<TCampaignRecipientList>(`/api/campaigns/${c.id}/requests?per_page=2`);
    expect(list.body._total).toBe(3);
    expect(list.body._embedded.requests).toHaveLength(2);
    expect(list.body._embedded.requests[0]).toMatchObject({ status: null, request_id: null, channel: "email" });
  });

  it("schedules for later (the start job waits until then), and cancels", async () => {
    const c = await draft();
    const past = await owner.client.post<Errors>(`/api/campaigns/${c.id}/schedule`, {
      scheduled_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.scheduled_at).toBe(CAMPAIGN_MESSAGES.scheduleInPast);
    const at = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await owner.client.post<TCampaign>(`/api/campaigns/${c.id}/schedule`, {
      scheduled_at: at.toISOString(),
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: "scheduled", scheduled_at: at.toISOString() });
    const [job] = await startJobs(c.id);
    expect(new Date(job?.startAfter as Date).getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    const cancelled = await owner.client.post<TCampaign>(`/api/campaigns/${c.id}/cancel`, {});
    expect(cancelled.body.status).toBe("cancelled");
    const resend = await owner.client.post<Errors>(`/api/campaigns/${c.id}/send`, {});
    expect(resend.status).toBe(409);
    expect((await owner.client.request("DELETE", `/api/campaigns/${c.id}`)).status).toBe(204);
  });

  it("enqueues no job when the status change rolls back", async () => {
    const c = await draft({ name: "Rollback" });
    // A failure after the job was written, inside the same transaction (a trigger on the change).
    await sql`CREATE OR REPLACE FUNCTION h2_fail_rollback() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'Rollback' AND NEW.status = 'sending' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$
      LANGUAGE plpgsql`.execute(t.ctx.database.db);
    await sql`CREATE TRIGGER h2_fail_rollback AFTER UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION h2_fail_rollback()`.execute(
      t.ctx.database.db,
    );
    try {
      const res = await owner.client.post(`/api/campaigns/${c.id}/send`, {});
      expect(res.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER h2_fail_rollback ON campaigns`.execute(t.ctx.database.db);
    }
    expect(await startJobs(c.id)).toHaveLength(0);
    expect((await owner.client.get<TCampaign>(`/api/campaigns/${c.id}`)).body.status).toBe("draft");
  });

  it("answers the overview with per campaign counts from the requests", async () => {
    const c = await draft({ name: "Counted" });
    await owner.client.post(`/api/campaigns/${c.id}/send`, {});
    const db = t.ctx.database.db;
    await db
      .insertInto("requests")
      .values([
        {
          account_id: owner.account.id,
          campaign_id: c.id,
          contact_id: contacts[0] as string,
          channel: "email",
          token_hash: crypto.randomUUID(),
          status: "completed",
          sent_at: new Date(),
        },
        {
          account_id: owner.account.id,
          campaign_id: c.id,
          contact_id: contacts[1] as string,
          channel: "email",
          token_hash: crypto.randomUUID(),
          status: "skipped",
          skip_reason: "opted_out",
        },
      ])
      .execute();
    const overview = await owner.client.get<TCampaignOverview>("/api/campaign/overview");
    expect(overview.status).toBe(200);
    const row = overview.body.campaigns.find((x) => x.campaign_id === c.id);
    expect(row?.counts).toMatchObject({ recipients: 2, requests: 2, completed: 1, skipped: 1, sent: 1 });
    expect(overview.body.totals.completed).toBeGreaterThanOrEqual(1);
    const recipients = await owner.client.get<TCampaignRecipientList>(`/api/campaigns/${c.id}/requests`);
    expect(recipients.body._embedded.requests.map((r) => [r.name, r.status, r.skip_reason])).toEqual([
      ["Customer A", "completed", null],
      ["Customer B", "skipped", "opted_out"],
    ]);
    const csv = await owner.client.request("GET", "/api/export/csv/campaigns");
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("Counted");
    expect(String(csv.body).split("\n")[0]).toContain("id,name,status,request_type");
  });

  it("lets Read Only users read but not send; limited users may send (campaign create)", async () => {
    const c = await draft();
    expect((await viewer.get(`/api/campaigns/${c.id}`)).status).toBe(200);
    expect((await viewer.post(`/api/campaigns/${c.id}/send`, {})).status).toBe(403);
    expect(
      (await viewer.post("/api/campaigns", { name: "x", request_type: "email", location_id: locationId })).status,
    ).toBe(403);
    expect((await limited.post(`/api/campaigns/${c.id}/send`, {})).status).toBe(200);
  });

  it("answers 404 for another account's campaign, and 403 when ask or SMS requests are off", async () => {
    const c = await draft();
    for (const [method, path] of [
      ["GET", `/api/campaigns/${c.id}`],
      ["PATCH", `/api/campaigns/${c.id}`],
      ["POST", `/api/campaigns/${c.id}/send`],
      ["POST", `/api/campaigns/${c.id}/cancel`],
      ["GET", `/api/campaigns/${c.id}/requests`],
      ["DELETE", `/api/campaigns/${c.id}`],
    ] as const) {
      expect(
        (await other.client.request(method, path, method === "GET" || method === "DELETE" ? undefined : {})).status,
      ).toBe(404);
    }
    const sms = await owner.client.post<Errors>("/api/campaigns", {
      name: "x",
      request_type: "sms",
      location_id: locationId,
    });
    expect(sms.status).toBe(403);
    expect(sms.body.error).toBe(CAMPAIGN_MESSAGES.smsOff);
    const off = await signedIn(t, { settings: { ask: "false" } });
    const loc = await createLocation(t.ctx.database, off.account.id);
    const res = await off.client.post<Errors>("/api/campaigns", {
      name: "x",
      request_type: "email",
      location_id: loc.id,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(CAMPAIGN_MESSAGES.askOff);
  });
});
