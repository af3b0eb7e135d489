import { CONSENT_METHODS, type TContact, type TContactList } from "@starboard/contract/customers";
import type { TMicrosurvey, TMicrosurveySummary } from "@starboard/contract/microsurveys";
import type { TRequestOverview } from "@starboard/contract/request-overview";
import { CAMPAIGN_STATUSES } from "@starboard/contract/requests";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as fixConsentMethods } from "../../db/migrations/0033_demo_consent_method.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { seedAskToolDemo } from "./ask-tool.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "./seed.ts";

/** The demo's ask tool: everything there to look at, quickly built, and nothing ever sent. */
let t: TestApp;
let owner: Client;
let accountId: string;
let seconds: number;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await seedDemoAccounts(t.ctx.database);
  accountId = demo.accounts.restaurant;
  const started = Date.now();
  await seedAskToolDemo(t.ctx.database, demo, () => {});
  seconds = (Date.now() - started) / 1000;
  const signIn = await new Client(t.baseUrl).post<{ email: string; token: string }>("/api/auth", {
    email: "owner@demo.test",
    password: DEMO_PASSWORD,
  });
  owner = new Client(t.baseUrl, signIn.body);
}, 300_000);
afterAll(async () => t?.close());

describe("demo ask tool", () => {
  it("builds in a few seconds", () => {
    expect(seconds).toBeLessThan(60);
  });

  it("has customers (some opted out, some on the do-not-contact list), templates of both channels and the landing page", async () => {
    const db = t.ctx.database.db;
    const contacts = await db
      .selectFrom("contacts")
      .select([
        sql<number>`count(*)::int`.as("all"),
        sql<number>`count(*) FILTER (WHERE email_opted_out_at IS NOT NULL OR sms_opted_out_at IS NOT NULL)::int`.as(
          "opted_out",
        ),
      ])
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(contacts.all).toBeGreaterThanOrEqual(200);
    expect(contacts.opted_out).toBeGreaterThan(0);
    const dnc = await db.selectFrom("do_not_contact").select("id").where("account_id", "=", accountId).execute();
    expect(dnc.length).toBeGreaterThan(0);
    const templates = await db
      .selectFrom("request_templates")
      .select("request_type")
      .where("account_id", "=", accountId)
      .execute();
    expect(new Set(templates.map((r) => r.request_type))).toEqual(new Set(["email", "sms"]));
    const page = await db
      .selectFrom("request_pages")
      .selectAll()
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    expect(page?.contact_email).toMatch(/@/);
  });

  it("answers its customers through the API as the contract describes them (consents included)", async () => {
    // The test app checks every answer against its schema: a demo customer outside the contract answers 500.
    const list = await owner.get<TContactList>(`/api/contacts?account_id=${accountId}&per_page=100`);
    expect(list.status).toBe(200);
    const contacts = list.body._embedded.contacts;
    expect(contacts.some((c) => c.email_consent !== null)).toBe(true);
    expect(contacts.some((c) => c.sms_consent !== null)).toBe(true);
    for (const c of contacts) {
      for (const consent of [c.email_consent, c.sms_consent]) {
        if (consent) expect(CONSENT_METHODS).toContain(consent.method);
      }
    }
    const withEmail = contacts.find((c) => c.email_consent !== null)!;
    const one = await owner.get<TContact>(`/api/contacts/${withEmail.id}`);
    expect(one.status).toBe(200);

    // A demo seeded before the fix ("checkout") is mended by migration 0033.
    await sql`UPDATE contacts SET email_consent = jsonb_set(email_consent, '{method}', '"checkout"') WHERE id = ${withEmail.id}`.execute(
      t.ctx.database.db,
    );
    await fixConsentMethods(t.ctx.database.db as unknown as Kysely<unknown>);
    const mended = await owner.get<TContact>(`/api/contacts/${withEmail.id}`);
    expect(mended.status).toBe(200);
    expect(mended.body.email_consent?.method).toBe("written");
  });

  it("has campaigns in every status with requests over the last months, and never sends", async () => {
    const db = t.ctx.database.db;
    const campaigns = await db
      .selectFrom("campaigns")
      .select(["status", "scheduled_at"])
      .where("account_id", "=", accountId)
      .execute();
    expect(new Set(campaigns.map((c) => c.status))).toEqual(new Set(CAMPAIGN_STATUSES));
    const scheduled = campaigns.find((c) => c.status === "scheduled")!;
    expect(new Date(scheduled.scheduled_at!).getTime()).toBeGreaterThan(Date.now() + 60 * 86_400_000);
    const statuses = await db
      .selectFrom("requests")
      .select(["status", sql<number>`count(*)::int`.as("n"), sql<string>`min(queued_at)`.as("first")])
      .where("account_id", "=", accountId)
      .groupBy("status")
      .execute();
    const seen = new Set(statuses.map((s) => s.status));
    for (const s of ["skipped", "sent", "delivered", "failed", "opened", "clicked", "completed"])
      expect(seen).toContain(s);
    // Nothing waits to be sent, and no send job exists.
    expect(seen.has("queued") || seen.has("held")).toBe(false);
    expect(Math.min(...statuses.map((s) => new Date(s.first).getTime()))).toBeLessThan(Date.now() - 90 * 86_400_000);
    const jobs = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'requests.%'`.execute(db);
    expect(jobs.rows[0]!.n).toBe(0);
    // Every completed request left its feedback review.
    const orphans = await db
      .selectFrom("requests")
      .select("id")
      .where("account_id", "=", accountId)
      .where("status", "=", "completed")
      .where("review_id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it("answers the overview and the microsurvey summaries with its data", async () => {
    const overview = await owner.get<TRequestOverview>("/api/request_overview?dateDescriptor=sixMonths");
    expect(overview.status).toBe(200);
    const counts = overview.body.funnel.map((s) => s.count);
    expect(counts[0]).toBeGreaterThan(100);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThanOrEqual(counts[i - 1]!);
    expect(counts[4]).toBeGreaterThan(0);
    expect(overview.body.by_source.find((s) => s.name === "Starboard Feedback")?.reviews).toBeGreaterThan(0);
    expect(overview.body.by_location.length).toBeGreaterThan(1);

    const list = await owner.get<{ _embedded: { microsurveys: TMicrosurvey[] } }>("/api/microsurveys");
    expect(list.status).toBe(200);
    const survey = list.body._embedded.microsurveys.find((s) => s.name === "Dining experience")!;
    expect(survey.response_count).toBeGreaterThan(10);
    const summary = await owner.get<TMicrosurveySummary>(`/api/microsurveys/${survey.id}/summaries`);
    expect(summary.body.star_average).toBeGreaterThan(1);
    expect(summary.body.nps).not.toBeNull();
  });
});
