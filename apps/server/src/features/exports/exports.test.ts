import fs from "node:fs";
import { EXPORT_MESSAGES } from "@starboard/contract/exports";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, SESSION_TTL_MS } from "../../platform/auth.ts";
import { createGroup, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { generateExport } from "./index.ts";

type ExportFile = {
  id: number;
  status: string;
  status_reason: string | null;
  file_url: string | null;
  row_count: number;
  expires_at: string | null;
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let locationA: { id: string; name: string };
let locationB: { id: string; name: string };
let groupId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: "http://starboard.test" } });
  owner = await signedIn(t);
  other = await signedIn(t);
  const db = t.ctx.database;
  const group = await createGroup(db, owner.account.id, "Downtown");
  groupId = group.id;
  locationA = await createLocation(db, owner.account.id, { name: "Alpha Diner", groupId });
  locationB = await createLocation(db, owner.account.id, { name: "Beta Bistro" });
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 12));
  for (let i = 0; i < 12; i++) {
    await createReview(db, {
      accountId: owner.account.id,
      locationId: i % 3 === 0 ? locationB.id : locationA.id,
      rating: i % 4 === 0 ? 2 : 5,
      content: i === 1 ? 'Said "great", then, a comma\nand a new line' : `Review number ${i}`,
      sentiment: i % 4 === 0 ? -1 : 1,
      publishedAt: day(i),
    });
  }
  // Another account's reviews never show up.
  const foreign = await createLocation(db, other.account.id, { name: "Elsewhere" });
  await createReview(db, { accountId: other.account.id, locationId: foreign.id, rating: 5, publishedAt: day(3) });
});
afterAll(async () => t?.close());

async function poll(
  client: Client,
  id: number,
  until = (f: ExportFile) => f.status !== "pending" && f.status !== "processing",
) {
  for (let i = 0; i < 120; i++) {
    const res = await client.get<ExportFile>(`/api/export_files/${id}`);
    expect(res.status).toBe(200);
    if (until(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`export ${id} did not finish`);
}

/** The API path of an absolute file_url (the test server does not listen on PUBLIC_URL). */
const pathOf = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe("http://starboard.test");
  return `${u.pathname}${u.search}`;
};

const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

describe("export files", () => {
  it("writes the reviews of the list's filter, polled until done, downloaded through the signed link", async () => {
    const filters = { rating: ["5"], location_id: locationA.id };
    const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
      resource: "reviews",
      filters,
      file_type: "csv",
      send_email: true,
    });
    expect(created.status).toBe(201);
    expect(["pending", "processing", "done"]).toContain(created.body.status);
    expect(created.body.file_url).toBeNull();

    const done = await poll(owner.client, created.body.id);
    expect(done.status).toBe("done");
    expect(done.file_url).toMatch(/\/api\/export_files\/\d+\/download\?expires=\d+&signature=/);

    const list = await owner.client.get<{ _embedded: { reviews: { id: string; content: string }[] } }>(
      `/api/reviews?rating=5&location_id=${locationA.id}&per_page=100`,
    );
    const listed = list.body._embedded.reviews;
    expect(listed.length).toBeGreaterThan(3);
    expect(done.row_count).toBe(listed.length);

    const file = await owner.client.get<string>(pathOf(done.file_url!));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(file.headers.get("content-disposition")).toMatch(/attachment; filename="reviews-.*\.csv"/);
    const rows = rowsOf(file.body);
    expect(rows.map((r) => r["Review ID"])).toEqual(listed.map((r) => r.id));
    expect(rows.map((r) => r.Review)).toEqual(listed.map((r) => r.content));
    expect(rows.every((r) => r.Location === "Alpha Diner" && r.Rating === "5" && r.Source)).toBe(true);
    expect(rows.some((r) => r.Review === 'Said "great", then, a comma\nand a new line')).toBe(true);

    // The link is e-mailed (email.send, keyed by the file): a link to the page that downloads it.
    await expect
      .poll(
        async () =>
          t.ctx.database.db
            .selectFrom("sent_emails")
            .selectAll()
            .where("idempotency_key", "=", `export-file-ready:${done.id}`)
            .executeTakeFirst(),
        { timeout: 15_000 },
      )
      .toMatchObject({ to_address: owner.user.email, subject: "Your export is ready" });
    const outbox = `${t.ctx.config.dataDir}/outbox`;
    const findEml = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((f) => fs.readFileSync(`${outbox}/${f}`, "utf8"))
        .find((m) => m.includes(`/file-downloads/${done.id}?expires=`));
    await expect.poll(findEml, { timeout: 15_000 }).toBeDefined();
    const eml = findEml();
    expect(eml).toBeDefined();

    // Through the file-data path as well (the signed-in account's own file).
    const data = await owner.client.get<string>(`/api/fetch-export-file/${done.id}/file-data`);
    expect(data.status).toBe(200);
    expect(data.body).toBe(file.body);
  });

  it("answers no_results when the filter matches nothing", async () => {
    const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
      resource: "reviews",
      filters: { rating: "1" },
    });
    expect(created.status).toBe(201);
    const done = await poll(owner.client, created.body.id);
    expect(done).toMatchObject({ status: "no_results", file_url: null, row_count: 0 });
    expect((await owner.client.get(`/api/fetch-export-file/${done.id}/file-data`)).status).toBe(404);
  });

  it("exports locations, groups and the metrics per location and per group through their lists", async () => {
    const make = async (resource: string, filters: Record<string, unknown> = {}) => {
      const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
        resource,
        filters,
      });
      expect(created.status).toBe(201);
      const done = await poll(owner.client, created.body.id);
      expect(done.status).toBe("done");
      return rowsOf((await owner.client.get<string>(pathOf(done.file_url!))).body);
    };
    const locations = await make("locations");
    const listed = await owner.client.get<{ _embedded: { locations: { id: string; name: string }[] } }>(
      "/api/locations?per_page=25",
    );
    expect(locations.map((r) => r.Name)).toEqual(listed.body._embedded.locations.map((l) => l.name));
    expect(locations.find((r) => r.Name === "Alpha Diner")?.Groups).toBe("Downtown");

    const groups = await make("groups");
    expect(groups).toEqual([
      expect.objectContaining({ Name: "Downtown", Locations: "1", "Location Names": "Alpha Diner" }),
    ]);

    const metrics = await make("metric_locations", { from: "2026-10-01", to: "2026-10-31" });
    const alpha = metrics.find((r) => r.Location === "Alpha Diner")!;
    const beta = metrics.find((r) => r.Location === "Beta Bistro")!;
    expect(Number(alpha.Reviews) + Number(beta.Reviews)).toBe(12);
    expect(beta.Reviews).toBe("4");
    const performance = await make("location_performance", { groupId });
    expect(performance.map((r) => r.Location)).toEqual(["Alpha Diner"]);
    const byGroup = await make("metric_groups");
    expect(byGroup).toEqual([expect.objectContaining({ Group: "Downtown", Reviews: alpha.Reviews })]);
  });

  it("answers 400 with the field for resources not available yet and bad input", async () => {
    const post = (body: unknown) => owner.client.post(`/api/export_files/${owner.account.id}`, body);
    for (const resource of ["keywords", "competitors_brands", "microsurvey_responses", "mta_accounts"]) {
      const res = await post({ resource });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ resource: `${resource} exports are not available yet` });
    }
    expect((await post({ resource: "nonsense" })).body.errors).toHaveProperty("resource");
    expect((await post({})).body.errors).toEqual({ resource: "Choose what to export" });
    const rating = await post({ resource: "reviews", filters: { rating: "9" } });
    expect(rating.status).toBe(400);
    expect(rating.body.errors).toEqual({ "filters.rating": "Ratings are 0 (no stars) to 5" });
    const type = await post({ resource: "reviews", file_type: "xlsx" });
    expect(type.status).toBe(400);
    expect(type.body.errors).toHaveProperty("file_type", "Only csv files can be exported");
  });

  it("keeps files to their account: another account gets 404 for the file, its link and the account", async () => {
    const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
      resource: "reviews",
    });
    const done = await poll(owner.client, created.body.id);
    expect(done.status).toBe("done");
    expect((await other.client.get(`/api/export_files/${done.id}`)).status).toBe(404);
    expect((await other.client.get(pathOf(done.file_url!))).status).toBe(404);
    expect((await other.client.get(`/api/fetch-export-file/${done.id}/file-data`)).status).toBe(404);
    expect((await other.client.post(`/api/export_files/${owner.account.id}`, { resource: "reviews" })).status).toBe(
      404,
    );
    expect((await owner.client.get("/api/export_files/999999999")).status).toBe(404);
    expect((await owner.client.get("/api/export_files/not-a-number")).status).toBe(404);
    // Signed out: 401.
    expect((await new Client(t.baseUrl).get(pathOf(done.file_url!))).status).toBe(401);
    // A forged signature or changed expiry: 404.
    expect((await owner.client.get(pathOf(done.file_url!).replace(/signature=.{4}/, "signature=AAAA"))).status).toBe(
      404,
    );
    expect((await owner.client.get(pathOf(done.file_url!).replace(/expires=\d+/, "expires=9999999999"))).status).toBe(
      404,
    );
    expect((await owner.client.get(`/api/export_files/${done.id}/download`)).status).toBe(404);
  });

  it("refuses an expired link with 410", async () => {
    const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
      resource: "groups",
    });
    const done = await poll(owner.client, created.body.id);
    await t.ctx.database.db
      .updateTable("export_files")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", done.id)
      .execute();
    const stale = await owner.client.get<ExportFile>(`/api/export_files/${done.id}`);
    const res = await owner.client.get(pathOf(stale.body.file_url!));
    expect(res.status).toBe(410);
    expect(res.body.error).toBe("This download link has expired.");
    expect((await owner.client.get(`/api/fetch-export-file/${done.id}/file-data`)).status).toBe(410);
  });

  it("blocks trial accounts without trial_export with the spec's message", async () => {
    const trial = await signedIn(t);
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ status: "trial" })
      .where("id", "=", trial.account.id)
      .execute();
    const res = await trial.client.post(`/api/export_files/${trial.account.id}`, { resource: "reviews" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(EXPORT_MESSAGES.trialBlocked);
    expect((await trial.client.get("/api/export/csv/reviews")).status).toBe(403);
    const allowed = await signedIn(t, { settings: { trial_export: "true" } });
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ status: "trial" })
      .where("id", "=", allowed.account.id)
      .execute();
    expect((await allowed.client.post(`/api/export_files/${allowed.account.id}`, { resource: "reviews" })).status).toBe(
      201,
    );
  });

  it("sends no e-mail for an impersonated session even when asked", async () => {
    const admin = await createUser(t.ctx.database, owner.account.id, { type: "admin" });
    const { token, hash } = newToken();
    await t.ctx.database.db
      .insertInto("sessions")
      .values({
        user_id: owner.user.id,
        account_id: owner.account.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + SESSION_TTL_MS),
        impersonated_by: admin.id,
      })
      .execute();
    const client = new Client(t.baseUrl, { email: owner.user.email, token });
    const created = await client.post<ExportFile & { send_email: boolean }>(`/api/export_files/${owner.account.id}`, {
      resource: "groups",
      send_email: true,
    });
    expect(created.body.send_email).toBe(false);
    const done = await poll(client, created.body.id);
    expect(done.status).toBe("done");
    const sent = await t.ctx.database.db
      .selectFrom("sent_emails")
      .select("idempotency_key")
      .where("idempotency_key", "=", `export-file-ready:${done.id}`)
      .executeTakeFirst();
    expect(sent).toBeUndefined();
  });
});

describe("direct CSV downloads", () => {
  it("streams the reviews of the list's filter as CSV", async () => {
    const res = await owner.client.get<string>("/api/export/csv/reviews?rating=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const list = await owner.client.get<{ _embedded: { reviews: { id: string }[] } }>(
      "/api/reviews?rating=2&per_page=100",
    );
    expect(rowsOf(res.body).map((r) => r["Review ID"])).toEqual(list.body._embedded.reviews.map((r) => r.id));
    expect(rowsOf(res.body).length).toBe(3);
  });

  it("streams the metrics per location and per group", async () => {
    const locations = rowsOf((await owner.client.get<string>("/api/export/csv/location_metrics")).body);
    expect(locations.map((r) => r.Location)).toEqual(["Alpha Diner", "Beta Bistro"]);
    const groups = rowsOf((await owner.client.get<string>("/api/export/csv/group_metrics")).body);
    expect(groups.map((r) => r.Group)).toEqual(["Downtown"]);
    const performance = await owner.client.get<string>("/api/location_performance_overview/csv");
    expect(rowsOf(performance.body)).toEqual(locations);
  });

  it("answers 400 for bad filters and downloads not available yet, 404 for another account", async () => {
    const bad = await owner.client.get("/api/export/csv/reviews?sentiment=7");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ sentiment: "Sentiment is 1 (positive) or -1 (negative)" });
    const invoices = await owner.client.get("/api/billing/invoices");
    expect(invoices.status).toBe(400);
    expect(invoices.body.errors).toEqual({ resource: "billing/invoices exports are not available yet" });
    expect((await owner.client.get("/api/export/csv/campaigns")).status).toBe(400);
    expect((await other.client.get(`/api/export/csv/reviews?account_id=${owner.account.id}`)).status).toBe(404);
  });
});

describe("generateExport (for scheduled exports)", () => {
  it("writes the file now and answers its id, path, row count and signed link", async () => {
    const out = await generateExport(t.ctx, {
      accountId: owner.account.id,
      userId: owner.user.id,
      resource: "reviews",
      filters: { rating: ["2"] },
      fileType: "csv",
    });
    expect(out.rowCount).toBe(3);
    expect(typeof out.fileId).toBe("number");
    expect(rowsOf(fs.readFileSync(out.path, "utf8")).length).toBe(3);
    expect(out.url).toMatch(
      new RegExp(`^http://starboard.test/file-downloads/${out.fileId}\\?expires=\\d+&signature=`),
    );
    const file = await owner.client.get<ExportFile>(`/api/export_files/${out.fileId}`);
    expect(file.body.status).toBe("done");
    await expect(
      generateExport(t.ctx, { accountId: owner.account.id, userId: null, resource: "keywords", filters: {} }),
    ).rejects.toThrow("keywords exports are not available yet");
  });
});
