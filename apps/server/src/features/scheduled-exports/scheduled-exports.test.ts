import { SCHEDULED_EXPORT_MESSAGES as M } from "@starboard/contract/scheduled-exports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

interface Item {
  id: string;
  export_type: string;
  display_name: string;
  email_subject: string;
  email_frequency: string;
  scheduled_time: string;
  scheduled_day: string | null;
  scheduled_day_of_month: number | null;
  filters: Record<string, unknown>;
  recipient_user_ids: string[];
  recipient_emails: string[];
  created_by_user_id: string;
  next_run_at: string;
  last_sent_at: string | null;
}
interface Page {
  _embedded: { scheduled_exports: Item[] };
  _total: number;
  _total_pages: number;
}
type ErrorBody = { error: string; errors: Record<string, string> };

function payload(recipients: string[], overrides: Record<string, unknown> = {}) {
  return {
    export_type: "reviews",
    email_subject: "Weekly reviews",
    email_body: "The week's reviews.",
    email_frequency: "weekly",
    scheduled_time: "13:00",
    scheduled_day: "monday",
    date_range_legend: "sevenDays",
    filters: { rating: ["1", "2"], status_enum: ["open"], normalize_star_rating: true, tags: ["vip"] },
    recipient_user_ids: recipients,
    ...overrides,
  };
}

describe("scheduled exports (/api/scheduled_exports)", () => {
  it("creates one with the §3 fields; status_enum kept for reviews, normalize_star_rating only for microsurveys", async () => {
    const { client, user } = await signedIn(t, { type: "manager" });
    const res = await client.post<Item>("/api/scheduled_exports", payload([user.id]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      export_type: "reviews",
      display_name: "Reviews",
      email_subject: "Weekly reviews",
      email_frequency: "weekly",
      scheduled_time: "13:00",
      scheduled_day: "monday",
      scheduled_day_of_month: null,
      recipient_user_ids: [user.id],
      recipient_emails: [user.email],
      created_by_user_id: user.id,
      last_sent_at: null,
      filters: { rating: ["1", "2"], status_enum: ["open"], tags: ["vip"] },
    });
    expect(res.body.filters).not.toHaveProperty("normalize_star_rating");
    expect(new Date(res.body.next_run_at).getTime()).toBeGreaterThan(Date.now());

    const survey = await client.post<Item>(
      "/api/scheduled_exports",
      payload([user.id], { export_type: "microsurvey_responses", resource_id: "survey-1" }),
    );
    expect(survey.status).toBe(201);
    expect(survey.body.filters).toMatchObject({ normalize_star_rating: true });
    expect(survey.body.filters).not.toHaveProperty("status_enum");
    const noResource = await client.post<ErrorBody>(
      "/api/scheduled_exports",
      payload([user.id], { export_type: "keyword_details" }),
    );
    expect(noResource.status).toBe(400);
    expect(noResource.body.errors.resource_id).toBe(M.resourceRequired);
  });

  it("validates with the spec's messages", async () => {
    const { client, user, account } = await signedIn(t, { type: "admin" });
    const stranger = await signedIn(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email_subject: "  " }, "email_subject", M.nameRequired],
      [{ email_subject: "x".repeat(101) }, "email_subject", M.nameTooLong],
      [{ email_body: "x".repeat(2001) }, "email_body", M.bodyTooLong],
      [{ recipient_user_ids: [] }, "recipient_user_ids", M.recipientsRequired],
      [{ recipient_user_ids: [stranger.user.id] }, "recipient_user_ids", M.recipientNotInAccount],
      [{ recipient_user_ids: ["nobody"] }, "recipient_user_ids", M.recipientNotInAccount],
      [{ date_range_legend: "allTime" }, "date_range_legend", "All time date option is not supported"],
      [{ date_range_legend: "custom" }, "date_range_legend", "Select a preset date option"],
      [{ date_range_legend: null }, "date_range_legend", "Select a preset date option"],
      [{ scheduled_time: "25:00" }, "scheduled_time", M.timeInvalid],
      [{ email_frequency: "monthly", scheduled_day_of_month: 32 }, "scheduled_day_of_month", M.dayOfMonthInvalid],
      [{ email_frequency: "monthly", scheduled_day_of_month: 0 }, "scheduled_day_of_month", M.dayOfMonthInvalid],
      [{ filters: { location_id: [stranger.account.id] } }, "filters.location_id", "Unknown location."],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await client.post<ErrorBody>("/api/scheduled_exports", payload([user.id], overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(
      (await client.post<ErrorBody>("/api/scheduled_exports", { ...payload([user.id]), email_frequency: "hourly" }))
        .status,
    ).toBe(400);
    expect(
      (await client.post("/api/scheduled_exports", payload([user.id], { email_subject: "x".repeat(100) }))).status,
    ).toBe(201);
    const location = await createLocation(t.ctx.database, account.id);
    const ok = await client.post<Item>(
      "/api/scheduled_exports",
      payload([user.id, user.id], { filters: { location_id: [location.id] } }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.recipient_user_ids).toEqual([user.id]);
  });

  it("applies the schedule defaults and resets the other schedule fields when the frequency changes", async () => {
    const { client, user } = await signedIn(t, { type: "manager" });
    const weekly = await client.post<Item>("/api/scheduled_exports", payload([user.id], { scheduled_day: undefined }));
    expect(weekly.body.scheduled_day).toBe("sunday");
    const monthly = await client.patch<Item>(`/api/scheduled_exports/${weekly.body.id}`, {
      email_frequency: "monthly",
    });
    expect(monthly.status).toBe(200);
    expect(monthly.body).toMatchObject({ email_frequency: "monthly", scheduled_day: null, scheduled_day_of_month: 1 });
    const day31 = await client.patch<Item>(`/api/scheduled_exports/${weekly.body.id}`, { scheduled_day_of_month: 31 });
    expect(day31.body.scheduled_day_of_month).toBe(31);
    const daily = await client.patch<Item>(`/api/scheduled_exports/${weekly.body.id}`, {
      id: weekly.body.id,
      email_frequency: "daily",
      scheduled_time: "7:30",
    });
    expect(daily.body).toMatchObject({ scheduled_day: null, scheduled_day_of_month: null, scheduled_time: "07:30" });
    const bad = await client.patch<ErrorBody>(`/api/scheduled_exports/${weekly.body.id}`, { email_subject: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email_subject).toBe(M.nameRequired);
  });

  it("shows an Admin everyone's and other users their own; pages, filters by type and sorts", async () => {
    const admin = await signedIn(t, { type: "admin" });
    const manager = await clientFor(t, await createUser(t.ctx.database, admin.account.id, { type: "manager" }));
    const managerSelf = (await manager.get<{ user_id: string }>("/api/auth")).body.user_id;
    const mine = await manager.post<Item>(
      "/api/scheduled_exports",
      payload([admin.user.id], { email_subject: "B manager's" }),
    );
    expect(mine.status).toBe(201);
    await admin.client.post("/api/scheduled_exports", payload([admin.user.id], { email_subject: "A admin's" }));
    await admin.client.post(
      "/api/scheduled_exports",
      payload([admin.user.id], { email_subject: "C keywords", export_type: "keywords" }),
    );

    const all = await admin.client.get<Page>("/api/scheduled_exports?sort=email_subject");
    expect(all.body._embedded.scheduled_exports.map((e) => e.email_subject)).toEqual([
      "A admin's",
      "B manager's",
      "C keywords",
    ]);
    const desc = await admin.client.get<Page>("/api/scheduled_exports?sort=-email_subject");
    expect(desc.body._embedded.scheduled_exports[0]!.email_subject).toBe("C keywords");
    const reviewsOnly = await admin.client.get<Page>(
      `/api/scheduled_exports?account_id=${admin.account.id}&export_type=reviews&export_type=metric_locations`,
    );
    expect(reviewsOnly.body._total).toBe(2);
    const byUser = await admin.client.get<Page>(`/api/scheduled_exports?created_by_user_id=${managerSelf}`);
    expect(byUser.body._embedded.scheduled_exports.map((e) => e.email_subject)).toEqual(["B manager's"]);
    const paged = await admin.client.get<Page>("/api/scheduled_exports?per_page=2&page=2&sort=email_subject");
    expect(paged.body._total_pages).toBe(2);
    expect(paged.body._embedded.scheduled_exports.map((e) => e.email_subject)).toEqual(["C keywords"]);
    expect((await admin.client.get("/api/scheduled_exports?sort=password")).status).toBe(400);

    const own = await manager.get<Page>(`/api/scheduled_exports?created_by_user_id=${admin.user.id}`);
    expect(own.body._embedded.scheduled_exports.map((e) => e.email_subject)).toEqual(["B manager's"]);
    const adminsId = all.body._embedded.scheduled_exports.find((e) => e.email_subject === "A admin's")!.id;
    expect((await manager.get(`/api/scheduled_exports/${adminsId}`)).status).toBe(404);
    expect((await manager.patch(`/api/scheduled_exports/${adminsId}`, { email_subject: "Mine" })).status).toBe(404);
    expect((await manager.delete(`/api/scheduled_exports/${adminsId}`)).status).toBe(404);
    // An Admin edits and deletes anyone's.
    expect(
      (await admin.client.patch(`/api/scheduled_exports/${mine.body.id}`, { email_subject: "Renamed" })).status,
    ).toBe(200);
    expect((await admin.client.delete(`/api/scheduled_exports/${mine.body.id}`)).status).toBe(204);
    expect((await manager.get(`/api/scheduled_exports/${mine.body.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's ids, 403 without the permission, 401 signed out", async () => {
    const a = await signedIn(t, { type: "admin" });
    const created = await a.client.post<Item>("/api/scheduled_exports", payload([a.user.id]));
    const b = await signedIn(t, { type: "admin" });
    expect((await b.client.get(`/api/scheduled_exports/${created.body.id}`)).status).toBe(404);
    expect((await b.client.patch(`/api/scheduled_exports/${created.body.id}`, { email_subject: "x" })).status).toBe(
      404,
    );
    expect((await b.client.delete(`/api/scheduled_exports/${created.body.id}`)).status).toBe(404);
    expect((await b.client.get(`/api/scheduled_exports?account_id=${a.account.id}`)).status).toBe(404);
    expect(
      (await b.client.post("/api/scheduled_exports", { ...payload([a.user.id]), account_id: a.account.id })).status,
    ).toBe(404);
    const viewer = await clientFor(t, await createUser(t.ctx.database, a.account.id, { type: "read_only" }));
    expect((await viewer.post("/api/scheduled_exports", payload([a.user.id]))).status).toBe(403);
    expect((await new Client(t.baseUrl).get("/api/scheduled_exports")).status).toBe(401);
  });
});
