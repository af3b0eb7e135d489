// Re-analysis after a model change (issue 13; docs/api.md "Re-analysis"), through the real app on a real
// database: reviews recorded as analysed by an "old" model version, then app instances started on that
// database (as a deploy of a new model starts its processes) re-analyse them once, and the insights answer
// from the new analysis (their roll-ups kept by the triggers).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, createReview, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { modelVersion } from "../analysis/index.ts";
import { analyzeReview } from "../ingestion/index.ts";

type Keyword = { short: string; category: string | null; positive_mentions: number; negative_mentions: number };
type Mentioned = { keywords: Keyword[]; _total: number };
type Categories = { categories: { category: string; total_count: number; positive_count: number }[] };
type Run = { id: string; status: string; reason: string; model_version: string; total: number; done: number };

const OLD = "0ld0ld0ld0ld";
const TEXTS = [
  "The pad thai was amazing and the service was quick.",
  "Long wait time and the soup was cold. The waiter was rude.",
  "Great pizza, friendly staff, but the prices are too high.",
  "The burger was dry and the fries were soggy.",
  "Lovely atmosphere, delicious desserts and excellent coffee.",
  "Terrible service, we waited an hour for our food.",
  "The sushi was fresh and the staff were very friendly.",
  "Parking was hard to find but the steak was cooked perfectly.",
];
const FROM = "2026-01-01";
const TO = "2026-06-30";

let a: TestApp;
const others: TestApp[] = [];
let owner: Awaited<ReturnType<typeof signedIn>>;
let current: Awaited<ReturnType<typeof signedIn>>;
const reviews: { id: string; text: string; rating: number }[] = [];

async function seed(account: string, location: string, n: number, version: string | null) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const text = TEXTS[i % TEXTS.length] as string;
    const rating = 1 + (i % 5);
    const r = await createReview(a.ctx.database, {
      accountId: account,
      locationId: location,
      rating,
      content: text,
      publishedAt: `2026-0${1 + (i % 6)}-${String(1 + (i % 27)).padStart(2, "0")}T15:00:00Z`,
      sentiment: 0,
      categories: ["stale"],
    });
    // What the old model said: one keyword nobody's text has, in a category no vertical has.
    await a.ctx.database.db
      .insertInto("review_mentions")
      .values({
        account_id: account,
        review_id: r.id,
        location_id: r.location_id,
        source_id: r.source_id,
        published_at: r.published_at,
        keyword: "stale keyword",
        category: "stale",
        sentiment: "positive",
      })
      .execute();
    await a.ctx.database.db.updateTable("reviews").set({ analysis_version: version }).where("id", "=", r.id).execute();
    made.push({ id: r.id, text, rating });
  }
  return made;
}

/** The keyword list as the new model's analysis of the seeded texts says it must be, counted here. */
function expectedKeywords() {
  const byKeyword = new Map<string, { category: string; p: number; n: number }>();
  for (const r of reviews) {
    const analysis = analyzeReview(
      { title: null, content: r.text, rating: r.rating, recommendation: null },
      "restaurant",
    );
    const seen = new Map<string, { category: string; p: boolean; n: boolean }>();
    for (const m of analysis.mentions) {
      const k = seen.get(m.keyword) ?? { category: m.category ?? "", p: false, n: false };
      if ((m.category ?? "") < k.category) k.category = m.category ?? "";
      k.p ||= m.sentiment === "positive";
      k.n ||= m.sentiment === "negative";
      seen.set(m.keyword, k);
    }
    for (const [keyword, k] of seen) {
      const e = byKeyword.get(keyword) ?? { category: k.category, p: 0, n: 0 };
      e.p += k.p ? 1 : 0;
      e.n += k.n ? 1 : 0;
      byKeyword.set(keyword, e);
    }
  }
  return [...byKeyword]
    .filter(([, e]) => e.p + e.n > 0)
    .map(([short, e]) => ({ short, category: e.category || null, positive_mentions: e.p, negative_mentions: e.n }))
    .sort((x, y) => x.short.localeCompare(y.short));
}

async function runsOf(accountId: string) {
  return a.ctx.database.db.selectFrom("analysis_runs").selectAll().where("account_id", "=", accountId).execute();
}

async function jobsOf(runIds: string[]) {
  if (!runIds.length) return 0;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'insights.reanalyze' AND data->>'runId' = ANY(${runIds})`.execute(
    a.ctx.database.db,
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  a = await startTestApp();
  owner = await signedIn(a, { vertical: "restaurant" });
  current = await signedIn(a, { vertical: "restaurant" });
  const location = await createLocation(a.ctx.database, owner.account.id);
  reviews.push(...(await seed(owner.account.id, location.id, 20, OLD)));
  reviews.push(...(await seed(owner.account.id, location.id, 3, null)));
  const other = await createLocation(a.ctx.database, current.account.id);
  await seed(current.account.id, other.id, 4, modelVersion());
}, 180_000);

afterAll(async () => {
  for (const o of others) await o.close();
  await a?.close();
});

describe("a model change re-analyses each account's reviews once, at start", () => {
  const period = `published_after=${FROM}&published_before=${TO}&per_page=100&sort[by]=highest_volume`;

  it("answers the old model's keywords and categories before", async () => {
    const before = await owner.client.get<Mentioned>(`/api/insights/${owner.account.id}/mentioned?${period}`);
    expect(before.status).toBe(200);
    expect(before.body.keywords).toEqual([
      { short: "stale keyword", category: "stale", positive_mentions: 23, negative_mentions: 0 },
    ]);
    expect((await runsOf(owner.account.id)).length).toBe(0);
  });

  it("two instances started together on the database queue one run; it re-analyses every review", async () => {
    const shared = a.ctx.database.connectionString;
    others.push(
      ...(await Promise.all([startTestApp({ sharedDatabase: shared }), startTestApp({ sharedDatabase: shared })])),
    );

    let run: Run | undefined;
    for (let i = 0; i < 300; i++) {
      const res = await owner.client.get<Run>(`/api/insights/${owner.account.id}/reanalysis`);
      if (res.status === 200 && (res.body.status === "done" || res.body.status === "failed")) {
        run = res.body;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run).toMatchObject({
      status: "done",
      reason: `model changed to ${modelVersion()}`,
      model_version: modelVersion(),
      total: 23,
      done: 23,
      percent: 100,
    });
    const runs = await runsOf(owner.account.id);
    expect(runs.length).toBe(1);
    expect(await jobsOf(runs.map((r) => r.id))).toBe(1);
    // The account whose reviews are the current model's is left alone.
    expect((await runsOf(current.account.id)).length).toBe(0);

    const stored = await a.ctx.database.db
      .selectFrom("reviews")
      .select(["id", "analysis_version", "sentiment", "categories"])
      .where("account_id", "=", owner.account.id)
      .execute();
    expect(stored.every((r) => r.analysis_version === modelVersion())).toBe(true);
    for (const r of reviews) {
      const analysis = analyzeReview(
        { title: null, content: r.text, rating: r.rating, recommendation: null },
        "restaurant",
      );
      expect(stored.find((s) => s.id === r.id)).toMatchObject({
        sentiment: analysis.sentiment,
        categories: analysis.categories,
      });
    }
  }, 120_000);

  it("the insights answer the new analysis: keywords and categories from the roll-ups agree with it", async () => {
    const after = await owner.client.get<Mentioned>(`/api/insights/${owner.account.id}/mentioned?${period}`);
    expect(after.status).toBe(200);
    const expected = expectedKeywords();
    expect(expected.length).toBeGreaterThan(3);
    expect([...after.body.keywords].sort((x, y) => x.short.localeCompare(y.short))).toEqual(expected);
    expect(after.body._total).toBe(expected.length);
    expect(after.body.keywords.some((k) => k.short === "stale keyword")).toBe(false);

    const categories = await owner.client.get<Categories>(
      `/api/insights/${owner.account.id}/categories?published_after=${FROM}&published_before=${TO}`,
    );
    expect(categories.status).toBe(200);
    const counted = new Map<string, number>();
    for (const r of reviews) {
      const analysis = analyzeReview(
        { title: null, content: r.text, rating: r.rating, recommendation: null },
        "restaurant",
      );
      for (const c of analysis.categories) counted.set(c, (counted.get(c) ?? 0) + 1);
    }
    expect(categories.body.categories.some((c) => c.category === "stale")).toBe(false);
    for (const c of categories.body.categories) expect(c.total_count).toBe(counted.get(c.category) ?? 0);
    // The metrics roll-ups (the review list's category counts) moved too.
    const [category] = [...counted].sort((x, y) => y[1] - x[1])[0] ?? [];
    const list = await owner.client.get<{ _total: number }>(
      `/api/reviews?account_id=${owner.account.id}&category=${category}&published_after=${FROM}&published_before=${TO}`,
    );
    expect(list.body._total).toBe(counted.get(category as string));
  });

  it("a further start with the same model queues nothing", async () => {
    others.push(await startTestApp({ sharedDatabase: a.ctx.database.connectionString }));
    expect((await runsOf(owner.account.id)).length).toBe(1);
    expect((await runsOf(current.account.id)).length).toBe(0);
  });
});
