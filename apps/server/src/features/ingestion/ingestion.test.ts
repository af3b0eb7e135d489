import { MEDIA_TYPE } from "@starboard/contract/hal";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocation, createSourceCredentials, createUrl, signedIn, sourceId } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import type { SourceReview } from "../reviews/index.ts";
import { type FakeGoogleState, type GoogleApiReview, startFakeGoogle } from "../sandboxes/sources/google.ts";
import type { FakeServer } from "../sandboxes/sources/http.ts";
import { SYNC_JOB } from "./jobs.ts";
import { syncableTargets, syncLocationSource } from "./sync.ts";
import { analyseAhead, analyzeReview, type UpsertTarget, upsertReviews } from "./upsert.ts";

const LOCATION_NAME = "accounts/1001/locations/2002";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

function googleReview(id: string, createTime: string, overrides: Partial<GoogleApiReview> = {}): GoogleApiReview {
  return {
    reviewId: id,
    reviewer: { displayName: `Reviewer ${id}`, isAnonymous: false },
    starRating: "FIVE",
    comment: "The food was delicious and the staff were friendly.",
    createTime,
    updateTime: createTime,
    ...overrides,
  };
}

async function reviewsOf(locationId: string) {
  return t.ctx.database.db
    .selectFrom("reviews")
    .selectAll()
    .where("location_id", "=", locationId)
    .orderBy("source_review_id")
    .execute();
}

describe("ingestion.sync", () => {
  let fake: FakeServer<FakeGoogleState>;
  let account: { id: string };
  let locationId: string;
  let google: string;
  const sync = (now: string) =>
    syncLocationSource(
      t.ctx.database,
      { locationId, sourceId: google },
      { now: new Date(now), connectorOptions: { baseUrls: { google: fake.url }, pageSize: 2 } },
    );

  beforeEach(async () => {
    const s = await signedIn(t);
    account = s.account;
    locationId = (await createLocation(t.ctx.database, account.id)).id;
    google = await sourceId(t.ctx.database, "google");
    await createUrl(t.ctx.database, {
      accountId: account.id,
      locationId,
      source: "google",
      referenceId: LOCATION_NAME,
    });
    await createSourceCredentials(t.ctx.database, { accountId: account.id, source: "google" });
    fake = await startFakeGoogle({
      locationName: LOCATION_NAME,
      reviews: [
        googleReview("r1", "2024-05-01T10:00:00Z"),
        googleReview("r2", "2024-05-02T10:00:00Z", {
          starRating: "ONE",
          comment: "Cold food and a rude waiter. Terrible service.",
          reviewReply: { comment: "We are sorry to hear this.", updateTime: "2024-05-02T14:00:00Z" },
        }),
        googleReview("r3", "2024-05-03T10:00:00Z"),
      ],
    });
  });
  afterEach(() => fake.close());

  it("inserts every review on the first sync, with analysis, owner replies and the roll-up", async () => {
    const result = await sync("2024-06-01T00:00:00Z");
    expect(result).toMatchObject({ status: "ok", inserted: 3, edited: 0, deleted: 0, firstSync: true });
    const rows = await reviewsOf(locationId);
    expect(rows.map((r) => r.source_review_id)).toEqual(["r1", "r2", "r3"]);
    const r2 = rows[1]!;
    expect(r2.published_at).toEqual(new Date("2024-05-02T10:00:00Z"));
    expect(r2.first_seen_at).toEqual(new Date("2024-06-01T00:00:00Z"));
    expect(r2.rating).toBe(1);
    expect(r2.sentiment).toBe(-1);
    expect(r2.respondable).toBe(true);
    expect(r2.categories.length).toBeGreaterThan(0);
    expect(rows[0]!.sentiment).toBe(1);
    const mentions = await t.ctx.database.db
      .selectFrom("review_mentions")
      .selectAll()
      .where("review_id", "=", r2.id)
      .execute();
    expect(mentions.length).toBeGreaterThan(0);
    const responses = await t.ctx.database.db
      .selectFrom("responses")
      .selectAll()
      .where("review_id", "=", r2.id)
      .execute();
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      from_source: true,
      status: "published",
      content: "We are sorry to hear this.",
    });
    expect(responses[0]!.published_at).toEqual(new Date("2024-05-02T14:00:00Z"));
    const stats = await sql<{
      n: number;
    }>`SELECT sum(review_count)::int AS n FROM review_daily_stats WHERE location_id = ${locationId}`.execute(
      t.ctx.database.db,
    );
    expect(stats.rows[0]?.n).toBe(3);
  });

  it("inserts a review published late with its old date and a new first_seen_at", async () => {
    await sync("2024-06-01T00:00:00Z");
    fake.state.reviews.push(googleReview("late", "2024-01-15T09:00:00Z", { comment: "Lovely dinner." }));
    const result = await sync("2024-06-02T00:00:00Z");
    expect(result).toMatchObject({ inserted: 1, unchanged: 3, firstSync: false });
    const late = (await reviewsOf(locationId)).find((r) => r.source_review_id === "late")!;
    expect(late.published_at).toEqual(new Date("2024-01-15T09:00:00Z"));
    expect(late.first_seen_at).toEqual(new Date("2024-06-02T00:00:00Z"));
    expect(result.newReviewIds).toEqual([late.id]);
  });

  it("records an edit at the source with a history row", async () => {
    await sync("2024-06-01T00:00:00Z");
    const r1 = fake.state.reviews.find((r) => r.reviewId === "r1")!;
    r1.starRating = "TWO";
    r1.comment = "Changed my mind: the soup was cold.";
    r1.updateTime = "2024-06-01T12:00:00Z";
    const result = await sync("2024-06-02T00:00:00Z");
    expect(result).toMatchObject({ inserted: 0, edited: 1 });
    const row = (await reviewsOf(locationId)).find((r) => r.source_review_id === "r1")!;
    expect(row.rating).toBe(2);
    expect(row.content).toBe("Changed my mind: the soup was cold.");
    expect(row.updated_at_source).toEqual(new Date("2024-06-01T12:00:00Z"));
    expect(row.first_seen_at).toEqual(new Date("2024-06-01T00:00:00Z"));
    const history = await t.ctx.database.db
      .selectFrom("review_history")
      .selectAll()
      .where("review_id", "=", row.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(["edited_at_source"]);
    expect(history[0]!.details).toMatchObject({ changes: { rating: { from: 5, to: 2 } } });
  });

  it("keeps a title the app holds when the source has none (Google): not an edit, and kept through a real one", async () => {
    await sync("2024-06-01T00:00:00Z");
    // As an import of the same Google reviews with their titles (another tool's export) leaves them.
    await t.ctx.database.db
      .updateTable("reviews")
      .set({ title: "A real gem" })
      .where("location_id", "=", locationId)
      .execute();
    expect(await sync("2024-06-02T00:00:00Z")).toMatchObject({ inserted: 0, edited: 0 });
    const r1 = fake.state.reviews.find((r) => r.reviewId === "r1")!;
    r1.comment = "Changed my mind: the soup was cold.";
    r1.updateTime = "2024-06-02T12:00:00Z";
    expect(await sync("2024-06-03T00:00:00Z")).toMatchObject({ inserted: 0, edited: 1 });
    const rows = await reviewsOf(locationId);
    expect(rows.map((r) => r.title)).toEqual(["A real gem", "A real gem", "A real gem"]);
    const history = await t.ctx.database.db
      .selectFrom("review_history")
      .select(["action", "details"])
      .where(
        "review_id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]!.details).toMatchObject({ changes: { content: { to: "Changed my mind: the soup was cold." } } });
    expect(history[0]!.details).not.toHaveProperty("changes.title");
  });

  it("records a deletion only after two consecutive syncs miss the review, and clears it when it returns", async () => {
    await sync("2024-06-01T00:00:00Z");
    const removed = fake.state.reviews.splice(1, 1)[0]!;
    await sync("2024-06-02T00:00:00Z");
    let r2 = (await reviewsOf(locationId)).find((r) => r.source_review_id === "r2")!;
    expect(r2.deleted_at_source).toBeNull();
    const second = await sync("2024-06-03T00:00:00Z");
    expect(second.deleted).toBe(1);
    r2 = (await reviewsOf(locationId)).find((r) => r.source_review_id === "r2")!;
    expect(r2.deleted_at_source).toEqual(new Date("2024-06-03T00:00:00Z"));
    const stats = await sql<{
      n: number;
    }>`SELECT sum(review_count)::int AS n FROM review_daily_stats WHERE location_id = ${locationId}`.execute(
      t.ctx.database.db,
    );
    expect(stats.rows[0]?.n).toBe(2);

    fake.state.reviews.push(removed);
    const back = await sync("2024-06-04T00:00:00Z");
    expect(back.restored).toBe(1);
    r2 = (await reviewsOf(locationId)).find((r) => r.source_review_id === "r2")!;
    expect(r2.deleted_at_source).toBeNull();
    const history = await t.ctx.database.db
      .selectFrom("review_history")
      .select("action")
      .where("review_id", "=", r2.id)
      .orderBy("created_at")
      .execute();
    expect(history.map((h) => h.action)).toEqual(["deleted_at_source", "restored_at_source"]);
  });

  it("a review missing once, then back, is not deleted", async () => {
    await sync("2024-06-01T00:00:00Z");
    const removed = fake.state.reviews.splice(0, 1)[0]!;
    await sync("2024-06-02T00:00:00Z");
    fake.state.reviews.push(removed);
    await sync("2024-06-03T00:00:00Z");
    fake.state.reviews.splice(fake.state.reviews.indexOf(removed), 1);
    const result = await sync("2024-06-04T00:00:00Z");
    expect(result.deleted).toBe(0);
  });

  it("never stores a review twice: repeated syncs, a review listed twice, an imported reply published again", async () => {
    fake.state.reviews.push({ ...fake.state.reviews[0]! });
    await sync("2024-06-01T00:00:00Z");
    await sync("2024-06-02T00:00:00Z");
    await Promise.all([sync("2024-06-03T00:00:00Z"), sync("2024-06-03T00:00:01Z")]);
    const rows = await reviewsOf(locationId);
    expect(rows).toHaveLength(3);
    const responses = await t.ctx.database.db
      .selectFrom("responses")
      .select("id")
      .where(
        "review_id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    expect(responses).toHaveLength(1);
  });

  it("records a missing_place_id issue when the location has no id at the source", async () => {
    const other = await createLocation(t.ctx.database, account.id);
    await createUrl(t.ctx.database, { accountId: account.id, locationId: other.id, source: "google" });
    const result = await syncLocationSource(t.ctx.database, { locationId: other.id, sourceId: google });
    expect(result.status).toBe("skipped");
    const issues = await t.ctx.database.db
      .selectFrom("issues")
      .selectAll()
      .where("location_id", "=", other.id)
      .execute();
    expect(issues.map((i) => i.status)).toEqual(["missing_place_id"]);
  });

  it("runs as a durable job, and sync-all finds every connected location", async () => {
    expect(await syncableTargets(t.ctx.database)).toContainEqual({ locationId, sourceId: google });
    process.env.GOOGLE_API_BASE = fake.url;
    try {
      await t.ctx.jobs.send(SYNC_JOB, { locationId, sourceId: google });
      const deadline = Date.now() + 20_000;
      while ((await reviewsOf(locationId)).length < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(await reviewsOf(locationId)).toHaveLength(3);
    } finally {
      delete process.env.GOOGLE_API_BASE;
    }
  });
});

describe("the analysis of what a sync or an import writes", () => {
  const review = (id: string, over: Partial<SourceReview> = {}): SourceReview => ({
    sourceReviewId: id,
    rating: 5,
    recommendation: null,
    title: null,
    content: "The pad thai was amazing.",
    authorName: "Sam",
    authorAvatarUrl: null,
    url: null,
    publishedAt: new Date("2024-05-01T10:00:00Z"),
    updatedAt: null,
    images: [],
    ownerResponse: null,
    ...over,
  });

  it("is made before the transaction that writes, and made again for a review changed in between", async () => {
    const { account } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id);
    const target: UpsertTarget = {
      accountId: account.id,
      locationId: location.id,
      sourceId: await sourceId(t.ctx.database, "google"),
      industry: "restaurant",
      respondable: false,
      titled: false,
    };
    const db = t.ctx.database.db;
    const stored = async (id: string) =>
      db
        .selectFrom("reviews")
        .select(["title", "categories"])
        .where("location_id", "=", location.id)
        .where("source_review_id", "=", id)
        .executeTakeFirstOrThrow();

    // Ahead: the new review and the changed one are analysed, the unchanged one is not.
    await upsertReviews(db, target, [review("same"), review("edited", { title: "Brunch" })], { now: new Date() });
    await db.updateTable("reviews").set({ title: "Brunch" }).where("location_id", "=", location.id).execute();
    const incoming = [review("new"), review("same"), review("edited", { content: "The parking was impossible." })];
    const ahead = await analyseAhead(db, target, incoming);
    expect([...ahead.keys()].map((r) => r.sourceReviewId)).toEqual(["new", "edited"]);
    // The source carries no titles: the edited review is analysed with the title held.
    expect(ahead.get(incoming[2]!)?.title).toBe("Brunch");

    // The transaction writes what was analysed ahead (told apart here by a category the text does not give)...
    const marked = new Map(
      [...ahead].map(([r, a]) => [r, { ...a, analysis: { ...a.analysis, categories: ["value"] } }]),
    );
    // ...unless the review changed in between: the edited review's title is not the one it was analysed with now.
    await db
      .updateTable("reviews")
      .set({ title: "Cold soup" })
      .where("location_id", "=", location.id)
      .where("source_review_id", "=", "edited")
      .execute();
    await db
      .transaction()
      .execute((trx) => upsertReviews(trx, target, incoming, { now: new Date(), analysed: marked }));
    expect((await stored("new")).categories).toEqual(["value"]);
    const edited = await stored("edited");
    expect(edited.title).toBe("Cold soup");
    expect(edited.categories).toEqual(analyzeReview({ ...incoming[2]!, title: "Cold soup" }, "restaurant").categories);
    expect(edited.categories).not.toEqual(["value"]);
  });
});

describe("POST /api/reviews/import", () => {
  const CSV = [
    "location_external_id,source,source_review_id,author,rating,title,content,published_at,url",
    'CK-1,google,g-1,Ann,5,,"Great burgers, friendly staff.",2024-03-01,https://g.example/1',
    "CK-1,yelp,y-1,Bob,7,,Too loud,2024-03-02,",
    'CK-1,yelp,y-2,"Cara ""C"" D",2,Meh,"Slow service,\nand cold fries.",2024-03-03T18:30:00Z,',
  ].join("\n");

  async function setup(type: "admin" | "read_only" = "admin") {
    const s = await signedIn(t, { type });
    const location = await createLocation(t.ctx.database, s.account.id);
    await t.ctx.database.db
      .updateTable("locations")
      .set({ external_id: "CK-1" })
      .where("id", "=", location.id)
      .execute();
    return { ...s, location };
  }

  async function upload(credentials: { email: string; token: string }, body: string, name = "reviews.csv") {
    const form = new FormData();
    form.append("file", new Blob([body], { type: "text/csv" }), name);
    const res = await fetch(`${t.baseUrl}/api/reviews/import`, {
      method: "POST",
      headers: {
        Accept: MEDIA_TYPE,
        Authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.token}`).toString("base64")}`,
      },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it("imports the good rows of a CSV file and reports the bad row with its field", async () => {
    const { credentials, location } = await setup();
    const res = await upload(credentials, CSV);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "done", total: 3, processed: 3, imported: 2, updated: 0, skipped: 0 });
    expect(res.body.errors).toEqual([
      { row: 2, field: "rating", message: "Rating must be a whole number from 1 to 5." },
    ]);
    const rows = await reviewsOf(location.id);
    expect(rows.map((r) => r.source_review_id)).toEqual(["g-1", "y-2"]);
    expect(rows[1]).toMatchObject({ author_name: 'Cara "C" D', content: "Slow service,\nand cold fries.", rating: 2 });
    expect(rows[1]!.published_at).toEqual(new Date("2024-03-03T18:30:00Z"));

    // The same file again: nothing new, nothing twice.
    const again = await upload(credentials, CSV);
    expect(again.body).toMatchObject({ imported: 0, updated: 0, skipped: 2 });
    expect(await reviewsOf(location.id)).toHaveLength(2);
  });

  it("takes a JSON body, updates changed reviews and lets GET /api/imports/{id} report", async () => {
    const { client, location } = await setup();
    const first = await client.post<{ id: string; imported: number }>("/api/reviews/import", {
      reviews: [
        {
          location_id: location.id,
          source: "tripadvisor",
          source_review_id: "t-1",
          rating: 4,
          content: "Nice patio.",
          published_at: "2024-04-01",
        },
      ],
    });
    expect(first.status).toBe(201);
    expect(first.body.imported).toBe(1);
    const second = await client.post<{ id: string }>("/api/reviews/import", {
      reviews: [
        {
          location_id: location.id,
          source: "tripadvisor",
          source_review_id: "t-1",
          rating: 2,
          content: "Patio was closed.",
          published_at: "2024-04-01",
        },
        { location_id: location.id, source: "nope", published_at: "2024-04-01", rating: 5 },
      ],
    });
    expect(second.body).toMatchObject({ imported: 0, updated: 1, errors: [{ row: 2, field: "source" }] });
    const report = await client.get(`/api/imports/${second.body.id}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ status: "done", processed: 2, total: 2, updated: 1, error_count: 1 });
    const other = await setup();
    expect((await other.client.get(`/api/imports/${second.body.id}`)).status).toBe(404);
  });

  it("runs a large file as a job with progress", async () => {
    const { client, location } = await setup();
    const reviews = Array.from({ length: 1500 }, (_, i) => ({
      location_id: location.id,
      source: "google",
      source_review_id: `bulk-${i}`,
      rating: (i % 5) + 1,
      content: i % 2 ? "Good food." : "Slow service.",
      published_at: `2024-0${(i % 9) + 1}-1${i % 10}`,
    }));
    const res = await client.post<{ id: string; status: string; total: number }>("/api/reviews/import", { reviews });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "pending", total: 1500 });
    const deadline = Date.now() + 60_000;
    let report = await client.get<{ status: string; processed: number; imported: number }>(
      `/api/imports/${res.body.id}`,
    );
    while (report.body.status !== "done" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      report = await client.get(`/api/imports/${res.body.id}`);
    }
    expect(report.body).toMatchObject({ status: "done", processed: 1500, imported: 1500 });
  }, 90_000);

  it("answers 400 for a file without the needed columns, 403 without permission, 401 signed out", async () => {
    const { credentials } = await setup();
    const bad = await upload(credentials, "author,rating\nAnn,5\n");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ file: expect.stringContaining("published_at") });
    const viewer = await setup("read_only");
    expect((await upload(viewer.credentials, CSV)).status).toBe(403);
    const anon = await fetch(`${t.baseUrl}/api/reviews/import`, { method: "POST" });
    expect(anon.status).toBe(401);
  });

  it("answers 400 on file for a CSV it cannot read, with the line", async () => {
    const { credentials } = await setup();
    const res = await upload(credentials, 'location_external_id,source,published_at\nCK-1,google,"2024-03-01\n');
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ file: expect.stringMatching(/not valid CSV.*line 2/) });
  });

  it("reads the upload's account_id field: another account's answers 404, a bad one 400", async () => {
    const { credentials } = await setup();
    const other = await setup();
    const send = async (accountId: string) => {
      const form = new FormData();
      form.append("account_id", accountId);
      form.append("file", new Blob([CSV], { type: "text/csv" }), "reviews.csv");
      const res = await fetch(`${t.baseUrl}/api/reviews/import`, {
        method: "POST",
        headers: {
          Accept: MEDIA_TYPE,
          Authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.token}`).toString("base64")}`,
        },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { errors?: Record<string, string> } };
    };
    expect((await send(other.account.id)).status).toBe(404);
    const long = await send("x".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors).toHaveProperty("account_id");
  });

  it("takes multipart bodies on the import only: other routes answer 415 as before", async () => {
    const { credentials } = await setup();
    const form = new FormData();
    form.append("name", "Multipart group");
    const res = await fetch(`${t.baseUrl}/api/groups`, {
      method: "POST",
      headers: {
        Accept: MEDIA_TYPE,
        Authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.token}`).toString("base64")}`,
      },
      body: form,
    });
    expect(res.status).toBe(415);
    const missing = await fetch(`${t.baseUrl}/api/no-such-route`, { method: "POST", body: form });
    expect(missing.status).toBe(404);
  });
});
