import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EXPORT_MESSAGES } from "@starboard/contract/exports";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, SESSION_TTL_MS } from "../../platform/auth.ts";
import { createGroup, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { generateExport } from "./index.ts";
import { insertExportFile } from "./queries.ts";
import { csvChunks, planExport, writeExportFile, writeInThread } from "./service.ts";

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

  it("writes a long export batch after batch, in the list's order, each review once (reviews on the same instant too)", async () => {
    const third = await signedIn(t);
    const db = t.ctx.database;
    const location = await createLocation(db, third.account.id, { name: "Gamma Grill" });
    const instant = new Date(Date.UTC(2026, 9, 20, 12));
    for (let i = 0; i < 7; i++) {
      const publishedAt = i < 4 ? instant : new Date(Date.UTC(2026, 9, 1 + i, 12));
      await createReview(db, { accountId: third.account.id, locationId: location.id, rating: 4, publishedAt });
    }
    // A row of its own, written here in batches of two (the job would write it in one).
    const row = await insertExportFile(db.db, {
      account_id: third.account.id,
      user_id: third.user.id,
      resource: "reviews",
      filters: JSON.stringify({}),
    });
    const done = await writeExportFile(t.ctx, Number(row.id), { batchRows: 2 });
    expect(done).toMatchObject({ status: "done", row_count: 7 });
    const list = await third.client.get<{ _embedded: { reviews: { id: string }[] } }>("/api/reviews?per_page=100");
    const rows = rowsOf(fs.readFileSync(done!.file_path!, "utf8"));
    expect(rows.map((r) => r["Review ID"])).toEqual(list.body._embedded.reviews.map((r) => r.id));
    expect(new Set(rows.map((r) => r["Review ID"])).size).toBe(7);
    expect(rows.every((r) => r.Location === "Gamma Grill" && r.Rating === "4")).toBe(true);
  });

  it("finishes when the thread is gone before its last progress is kept (a slow progress write)", async () => {
    const fourth = await signedIn(t);
    const location = await createLocation(t.ctx.database, fourth.account.id, { name: "Delta Deli" });
    for (let i = 0; i < 3; i++)
      await createReview(t.ctx.database, { accountId: fourth.account.id, locationId: location.id });
    const account = { id: fourth.account.id, time_zone: fourth.account.time_zone };
    const plan = planExport("reviews", account, {});
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "export-thread-")), "reviews.csv");
    const heard: number[] = [];
    // Progress kept slower than the thread ends (its connection closed, the thread exited).
    const onBatch = async (rows: number) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      heard.push(rows);
    };
    await writeInThread(t.ctx, plan, plan.rows.compiled!(t.ctx.database.db, 2), 2, file, onBatch);
    expect(heard).toEqual([2, 3]);
    expect(rowsOf(fs.readFileSync(file, "utf8"))).toHaveLength(3);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
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
    for (const resource of ["competitors_overview", "competitors_brands", "mta_accounts"]) {
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
    expect((await owner.client.get("/api/export/csv/competitors")).status).toBe(400);
    expect((await other.client.get(`/api/export/csv/reviews?account_id=${owner.account.id}`)).status).toBe(404);
  });
});

describe("insights exports (keywords, keyword_details, experience_categories)", () => {
  type Mention = [keyword: string, category: string, sentiment: "positive" | "negative" | "neutral"];
  let shop: Awaited<ReturnType<typeof signedIn>>;
  let shopLocation: string;

  beforeAll(async () => {
    shop = await signedIn(t, { vertical: "restaurant" });
    const db = t.ctx.database;
    shopLocation = (await createLocation(db, shop.account.id, { name: "Gamma Grill" })).id;
    const other = (await createLocation(db, shop.account.id, { name: "Delta Deli" })).id;
    const seed: [location: string, day: string, rating: number, sentiment: number, text: string, Mention[]][] = [
      [
        shopLocation,
        "2026-09-03",
        5,
        1,
        "The pad thai was amazing, quick service.",
        [
          ["pad thai", "food", "positive"],
          ["service", "service", "positive"],
        ],
      ],
      [
        shopLocation,
        "2026-09-20",
        2,
        -1,
        'Slow service, "cold" pad thai.',
        [
          ["pad thai", "food", "negative"],
          ["service", "service", "negative"],
        ],
      ],
      [other, "2026-10-02", 4, 1, "Pad thai, again, was good.", [["pad thai", "food", "positive"]]],
      [other, "2026-10-09", 1, -1, "Dirty tables.", [["tables", "ambience", "negative"]]],
      [shopLocation, "2026-10-15", 5, 0, "Service was fine.", [["service", "service", "neutral"]]],
    ];
    for (const [locationId, day, rating, sentiment, content, mentions] of seed) {
      const r = await createReview(db, {
        accountId: shop.account.id,
        locationId,
        rating,
        sentiment,
        content,
        publishedAt: `${day}T15:00:00Z`,
        categories: [...new Set(mentions.map((m) => m[1]))].sort(),
      });
      await db.db
        .insertInto("review_mentions")
        .values(
          mentions.map(([keyword, category, s]) => ({
            account_id: shop.account.id,
            review_id: r.id,
            location_id: r.location_id,
            source_id: r.source_id,
            published_at: r.published_at,
            keyword,
            category,
            sentiment: s,
          })),
        )
        .execute();
    }
  });

  /** The CSV of an export file for the shop, written by the job and downloaded through its signed link. */
  const exported = async (resource: string, filters: Record<string, unknown>, resourceId?: string) => {
    const created = await shop.client.post<ExportFile>(`/api/export_files/${shop.account.id}`, {
      resource,
      filters,
      ...(resourceId ? { resource_id: resourceId } : {}),
    });
    expect(created.status).toBe(201);
    const done = await poll(shop.client, created.body.id);
    expect(done.status).toBe("done");
    return rowsOf((await shop.client.get<string>(pathOf(done.file_url!))).body);
  };
  const api = <T>(path: string, query: Record<string, string>) =>
    shop.client.get<T>(`/api/insights/${shop.account.id}/${path}?${new URLSearchParams(query)}`);
  const period = { published_after: "2026-09-01", published_before: "2026-10-31" };

  it("keywords: the keyword list's rows, in its order, for the same filter (with sentiment and location)", async () => {
    type Mentioned = {
      keywords: { short: string; category: string | null; positive_mentions: number; negative_mentions: number }[];
    };
    const filters: Record<string, string>[] = [
      {},
      { sentiment: "negative" },
      { location_id: shopLocation },
      { "sort[by]": "controversy" },
    ];
    for (const extra of filters) {
      const listed = await api<Mentioned>("mentioned", { ...period, ...extra, per_page: "100" });
      expect(listed.status).toBe(200);
      expect(listed.body.keywords.length).toBeGreaterThan(0);
      const rows = await exported("keywords", { ...period, ...extra });
      // Read in batches (here of one row), the file is the same.
      const account = { id: shop.account.id, time_zone: shop.account.time_zone };
      let csv = "";
      for await (const chunk of csvChunks(t.ctx.database.db, planExport("keywords", account, { ...period, ...extra }), {
        batchRows: 1,
      }))
        csv += chunk;
      expect(rowsOf(csv)).toEqual(rows);
      expect(rows).toEqual(
        listed.body.keywords.map((k) => ({
          Keyword: k.short,
          Category: k.category ?? "",
          Mentions: String(k.positive_mentions + k.negative_mentions),
          Positive: String(k.positive_mentions),
          Negative: String(k.negative_mentions),
        })),
      );
    }
  });

  it("keyword_details: the reviews mentioning the keyword (from the filters or resource_id), as the API lists them", async () => {
    type Page = {
      _embedded: {
        reviews: {
          id: string;
          published_at: string;
          location_name: string | null;
          source_name: string | null;
          author_name: string | null;
          rating: number | null;
          sentiment: string;
          title: string | null;
          content: string | null;
        }[];
      };
    };
    const asRows = (page: Page) =>
      page._embedded.reviews.map((r) => ({
        "Review ID": r.id,
        "Published At": r.published_at,
        Location: r.location_name ?? "",
        Source: r.source_name ?? "",
        Author: r.author_name ?? "",
        Rating: r.rating === null ? "" : String(r.rating),
        Sentiment: r.sentiment,
        Title: r.title ?? "",
        Review: r.content ?? "",
      }));
    const all = await api<Page>("keyword_reviews", { ...period, keyword: "pad thai", per_page: "100" });
    expect(all.body._embedded.reviews).toHaveLength(3);
    // What the keyword page's export menu sends: the keyword in the filters and as resource_id.
    expect(await exported("keyword_details", { ...period, keyword: "pad thai", resource_id: "pad thai" })).toEqual(
      asRows(all.body),
    );
    expect(await exported("keyword_details", period, "pad thai")).toEqual(asRows(all.body));
    const positive = await api<Page>("keyword_reviews", {
      ...period,
      keyword: "pad thai",
      sentiment: "positive",
      per_page: "100",
    });
    expect(positive.body._embedded.reviews).toHaveLength(2);
    expect(await exported("keyword_details", { ...period, keyword: "pad thai", sentiment: "positive" })).toEqual(
      asRows(positive.body),
    );
    const missing = await shop.client.post(`/api/export_files/${shop.account.id}`, {
      resource: "keyword_details",
      filters: period,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ "filters.keyword": "Keyword is required" });
  });

  it("experience_categories: the category rank's rows for the same filter", async () => {
    type Rank = {
      items: {
        rank: number;
        label: string;
        positive_percent: number | null;
        total_count: number;
        positive_count: number;
        negative_count: number;
      }[];
    };
    const byLocation: Record<string, string>[] = [{}, { location_id: shopLocation }];
    for (const extra of byLocation) {
      const ranked = await api<Rank>("category_rank", { ...period, ...extra });
      expect(ranked.status).toBe(200);
      expect(ranked.body.items.some((c) => c.total_count > 0)).toBe(true);
      expect(await exported("experience_categories", { ...period, ...extra })).toEqual(
        ranked.body.items.map((c) => ({
          Rank: String(c.rank),
          Category: c.label,
          "Positive %": c.positive_percent === null ? "" : String(c.positive_percent),
          Reviews: String(c.total_count),
          Positive: String(c.positive_count),
          Negative: String(c.negative_count),
        })),
      );
    }
  });

  it("answers 403 as the insights API does when the account's insights are off", async () => {
    await t.ctx.database.db
      .updateTable("account_settings")
      .set({ value: "false" })
      .where("account_id", "=", other.account.id)
      .where("code", "=", "insights")
      .execute();
    const res = await other.client.post(`/api/export_files/${other.account.id}`, { resource: "keywords" });
    expect(res.status).toBe(403);
    expect((await other.client.get(`/api/insights/${other.account.id}/mentioned`)).status).toBe(403);
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
      generateExport(t.ctx, {
        accountId: owner.account.id,
        userId: null,
        resource: "competitors_overview",
        filters: {},
      }),
    ).rejects.toThrow("competitors_overview exports are not available yet");
  });
});
