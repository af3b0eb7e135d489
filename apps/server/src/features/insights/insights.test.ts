import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createGroup,
  createLocation,
  createReview,
  insertMentions,
  signedIn,
  sourceId,
  type TestMention,
} from "../../test/factories.ts";
import type { Client } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

type Mention = TestMention;
type Keyword = { short: string; category: string | null; positive_mentions: number; negative_mentions: number };
type Mentioned = { keywords: Keyword[]; _total: number; _total_pages: number; _page: number };
type Page = {
  _total: number;
  _embedded: {
    reviews: { id: string; sentiment: string; content: string; highlights: { start: number; end: number }[] }[];
  };
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let api: Client;
let accountId: string;
let groupId: string;
let loc1: string;
let loc2: string;
let yelp: string;
const reviewIds: string[] = [];

const FROM = "2026-05-01";
const TO = "2026-10-31";

async function review(
  values: { location: string; rating?: number; source?: string; at: string; sentiment?: number; text: string },
  mentions: Mention[],
) {
  const categories = [...new Set(mentions.map((m) => m[1]).filter((c): c is string => c !== null))].sort();
  const r = await createReview(t.ctx.database, {
    accountId,
    locationId: values.location,
    rating: values.rating ?? 5,
    source: values.source ?? "google",
    content: values.text,
    publishedAt: `${values.at}T15:00:00Z`,
    sentiment: values.sentiment ?? 0,
    categories,
  });
  await insertMentions(t.ctx.database.db, r.id, mentions);
  reviewIds.push(r.id);
  return r;
}

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries({ account_id: accountId, ...params })
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t, { vertical: "restaurant" });
  other = await signedIn(t);
  api = owner.client;
  accountId = owner.account.id;
  groupId = (await createGroup(t.ctx.database, accountId)).id;
  loc1 = (await createLocation(t.ctx.database, accountId, { groupId })).id;
  loc2 = (await createLocation(t.ctx.database, accountId)).id;
  yelp = await sourceId(t.ctx.database, "yelp");
  await review(
    { location: loc1, at: "2026-06-03", sentiment: 1, text: "The pad thai was amazing and the service was quick." },
    [
      ["pad thai", "food", "positive"],
      ["service", "service", "positive"],
    ],
  );
  await review(
    { location: loc1, at: "2026-06-20", rating: 2, sentiment: -1, text: "Long wait time, but the pad thai was great." },
    [
      ["wait time", "waittime", "negative"],
      ["pad thai", "food", "positive"],
      // A second mention of the same keyword in the same review counts the review once.
      ["pad thai", "food", "positive"],
    ],
  );
  await review(
    {
      location: loc2,
      at: "2026-07-11",
      rating: 1,
      sentiment: -1,
      source: "yelp",
      text: "Service was slow. Waiting times are long.",
    },
    [
      ["service", "service", "negative"],
      ["wait time", "waittime", "negative"],
    ],
  );
  await review(
    { location: loc2, at: "2026-08-02", rating: 4, sentiment: 1, text: "Friendly service, cold pad thai." },
    [
      ["service", "service", "positive"],
      ["pad thai", "food", "negative"],
    ],
  );
  await review(
    { location: loc2, at: "2026-09-15", rating: 5, sentiment: 1, text: "Lovely patio and friendly staff." },
    [
      ["patio", "atmosphere", "positive"],
      ["staff", "staff", "positive"],
    ],
  );
  // Outside the period.
  await review({ location: loc1, at: "2026-01-10", rating: 5, sentiment: 1, text: "Great pad thai." }, [
    ["pad thai", "food", "positive"],
  ]);
});
afterAll(async () => t?.close());

const FILTERS: Record<string, Record<string, string>> = {
  period: { published_after: FROM, published_before: TO },
  "all time": {},
  // Whole months from the monthly roll-up, the partial ends by day.
  "partial months": { published_after: "2026-06-10", published_before: "2026-08-05" },
  "from a day on": { published_after: "2026-06-10" },
  "up to a day": { published_before: "2026-07-15" },
  location: { published_after: FROM, published_before: TO, location_id: "LOC2" },
  group: { published_after: FROM, published_before: TO, group_id: "GROUP" },
  rating: { published_after: FROM, published_before: TO, rating: "5" },
  source: { published_after: FROM, published_before: TO, source_id: "YELP" },
  // Not roll-up dimensions: answered by the bare query over the list's reviews.
  "with text (bare)": { published_after: FROM, published_before: TO, type: "with_text" },
  "words (bare)": { published_after: FROM, published_before: TO, keywords: "pad thai" },
  "date-time (bare)": { published_after: "2026-06-01T00:00:00Z", published_before: "2026-07-01T00:00:00Z" },
};
const fill = (f: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(f).map(([k, v]) => [k, v === "LOC2" ? loc2 : v === "GROUP" ? groupId : v === "YELP" ? yelp : v]),
  );

async function reviewsTotal(filter: Record<string, string>) {
  const res = await api.get<{ _total: number; _embedded: { reviews: { id: string }[] } }>(
    `/api/reviews?${q({ ...filter, per_page: 100 })}`,
  );
  expect(res.status).toBe(200);
  return { total: res.body._total, ids: new Set(res.body._embedded.reviews.map((r) => r.id)) };
}

describe("GET /api/insights/{accountId}/mentioned", () => {
  it("lists the keywords of the period by volume, counting each review once per keyword and sentiment", async () => {
    const res = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q(FILTERS.period!)}`);
    expect(res.status).toBe(200);
    expect(res.body.keywords).toEqual([
      { short: "pad thai", category: "food", positive_mentions: 2, negative_mentions: 1 },
      { short: "service", category: "service", positive_mentions: 2, negative_mentions: 1 },
      { short: "wait time", category: "waittime", positive_mentions: 0, negative_mentions: 2 },
      { short: "patio", category: "atmosphere", positive_mentions: 1, negative_mentions: 0 },
      { short: "staff", category: "staff", positive_mentions: 1, negative_mentions: 0 },
    ]);
    expect(res.body._total).toBe(5);
  });

  for (const [name, filter] of Object.entries(FILTERS)) {
    it(`agrees with /api/reviews for the same filter (${name})`, async () => {
      const f = fill(filter);
      const listed = await reviewsTotal(f);
      const res = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ ...f, per_page: 100 })}`);
      expect(res.status).toBe(200);
      for (const k of res.body.keywords) {
        for (const sentiment of ["positive", "negative"] as const) {
          const page = await api.get<Page>(
            `/api/insights/${accountId}/keyword_reviews?${q({ ...f, keyword: k.short, sentiment, per_page: 100 })}`,
          );
          expect(page.status).toBe(200);
          // The keyword's count is the number of its reviews, and they are reviews the list shows.
          expect(page.body._total).toBe(sentiment === "positive" ? k.positive_mentions : k.negative_mentions);
          for (const r of page.body._embedded.reviews) expect(listed.ids.has(r.id)).toBe(true);
        }
      }
      // Every review of the list with a keyword mention is counted.
      const mentioned = new Set<string>();
      for (const id of listed.ids) {
        const kw = await api.get<{ keywords: { sentiment: string }[] }>(`/api/review/${id}/keywords`);
        expect(kw.status).toBe(200);
        if (kw.body.keywords.some((m) => m.sentiment !== "neutral")) mentioned.add(id);
      }
      const counted = new Set<string>();
      for (const k of res.body.keywords) {
        const page = await api.get<Page>(
          `/api/insights/${accountId}/keyword_reviews?${q({ ...f, keyword: k.short, per_page: 100 })}`,
        );
        for (const r of page.body._embedded.reviews) counted.add(r.id);
      }
      expect([...counted].sort()).toEqual([...mentioned].sort());
    });
  }

  it("counts the same from the roll-ups and from the reviews (type=with_text selects every review here)", async () => {
    const rollups = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ per_page: 100 })}`);
    const bare = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ per_page: 100, type: "with_text" })}`,
    );
    expect(bare.body.keywords).toEqual(rollups.body.keywords);
  });

  it("sorts by controversy, positive ratio and negative ratio, either way", async () => {
    const order = async (by: string, dir?: string) =>
      (
        await api.get<Mentioned>(
          `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, "sort[by]": by, "sort[order]": dir })}`,
        )
      ).body.keywords.map((k) => k.short);
    expect(await order("controversy")).toEqual(["pad thai", "service", "wait time", "patio", "staff"]);
    expect(await order("positive_ratio")).toEqual(["patio", "staff", "pad thai", "service", "wait time"]);
    expect(await order("negative_ratio")).toEqual(["wait time", "pad thai", "service", "patio", "staff"]);
    expect(await order("highest_volume", "asc")).toEqual(["patio", "staff", "wait time", "pad thai", "service"]);
  });

  it("narrows to one sentiment (positive or negative) and to a category", async () => {
    const pos = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, sentiment: "positive" })}`,
    );
    expect(pos.body.keywords.map((k) => [k.short, k.positive_mentions, k.negative_mentions])).toEqual([
      ["pad thai", 2, 0],
      ["service", 2, 0],
      ["patio", 1, 0],
      ["staff", 1, 0],
    ]);
    const neg = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, sentiment: "negative" })}`,
    );
    expect(neg.body.keywords.map((k) => k.short)).toEqual(["wait time", "pad thai", "service"]);
    const food = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, category: "food" })}`,
    );
    expect(food.body.keywords.map((k) => k.short)).toEqual(["pad thai"]);
  });

  it("pages", async () => {
    const p2 = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, per_page: 2, page: 2 })}`,
    );
    expect(p2.body.keywords.map((k) => k.short)).toEqual(["wait time", "patio"]);
    expect(p2.body).toMatchObject({ _page: 2, _total: 5, _total_pages: 3 });
    const past = await api.get<Mentioned>(
      `/api/insights/${accountId}/mentioned?${q({ ...FILTERS.period, per_page: 2, page: 9 })}`,
    );
    expect(past.body).toMatchObject({ keywords: [], _total: 5 });
  });

  it("follows writes: a changed rating and a removed mention move the counts", async () => {
    const before = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ rating: "3" })}`);
    expect(before.body.keywords).toEqual([]);
    const r = await review({ location: loc1, at: "2026-10-01", rating: 5, text: "Nice terrace." }, [
      ["terrace", "atmosphere", "positive"],
    ]);
    const all = async () =>
      (await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ per_page: 100 })}`)).body.keywords;
    expect((await all()).find((k) => k.short === "terrace")).toMatchObject({ positive_mentions: 1 });
    await t.ctx.database.db.updateTable("reviews").set({ rating: 3 }).where("id", "=", r.id).execute();
    const after = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ rating: "3" })}`);
    expect(after.body.keywords).toEqual([
      { short: "terrace", category: "atmosphere", positive_mentions: 1, negative_mentions: 0 },
    ]);
    await t.ctx.database.db.deleteFrom("reviews").where("id", "=", r.id).execute();
    const gone = await api.get<Mentioned>(`/api/insights/${accountId}/mentioned?${q({ rating: "3" })}`);
    expect(gone.body.keywords).toEqual([]);
    // The account's monthly rows follow too.
    expect((await all()).find((k) => k.short === "terrace")).toBeUndefined();
    const months = await t.ctx.database.db
      .selectFrom("keyword_monthly_account_stats")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("keyword", "=", "terrace")
      .execute();
    expect(months).toEqual([]);
  });

  it("answers 400 with the field for bad input, 404 for another account, 403 without insights", async () => {
    const bad = async (params: Record<string, string>, field: string) => {
      const res = await api.get<{ errors: Record<string, string> }>(
        `/api/insights/${accountId}/mentioned?${q(params)}`,
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    };
    await bad({ sentiment: "1" }, "sentiment");
    await bad({ "sort[by]": "loudest" }, "sort[by]");
    await bad({ "sort[order]": "up" }, "sort[order]");
    await bad({ rating: "9" }, "rating");
    await bad({ location_id: "nope" }, "location_id");
    await bad({ published_after: "yesterday" }, "published_after");
    await bad({ category: "weather" }, "category");
    expect((await other.client.get(`/api/insights/${accountId}/mentioned`)).status).toBe(404);
    expect((await other.client.get(`/api/insights/${accountId}/keyword_details?keyword=service`)).status).toBe(404);
    expect((await other.client.get(`/api/insights/${accountId}/categories?${q(FILTERS.period!)}`)).status).toBe(404);
    expect((await other.client.get(`/api/review/${reviewIds[0]}/keywords`)).status).toBe(404);
    expect((await api.get(`/api/review/00000000-0000-0000-0000-000000000000/keywords`)).status).toBe(404);
    const off = await signedIn(t, { settings: { insights: "false" } });
    const res = await off.client.get<{ error: string }>(`/api/insights/${off.account.id}/mentioned`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Insights are not enabled for this account");
  });
});

describe("keyword detail and its reviews", () => {
  it("gives the monthly rows {x, y, y1, y2, dy} of the period", async () => {
    const res = await api.get<Record<string, unknown>>(
      `/api/insights/${accountId}/keyword_details?${q({ ...FILTERS.period, keyword: "Pad Thai" })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ short: "pad thai", category: "food", positive_mentions: 2, negative_mentions: 1 });
    expect(res.body.metrics).toEqual([
      { x: "2026-05-01", y: 0, y1: 0, y2: 0, dy: null },
      { x: "2026-06-01", y: 2, y1: 2, y2: 0, dy: null },
      { x: "2026-07-01", y: 0, y1: 0, y2: 0, dy: -100 },
      { x: "2026-08-01", y: 1, y1: 0, y2: 1, dy: null },
      { x: "2026-09-01", y: 0, y1: 0, y2: 0, dy: -100 },
      { x: "2026-10-01", y: 0, y1: 0, y2: 0, dy: null },
    ]);
    const missing = await api.get<{ errors: Record<string, string> }>(`/api/insights/${accountId}/keyword_details`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ keyword: "Keyword is required" });
  });

  it("lists the reviews that mention it, newest first, with the keyword's place in the text", async () => {
    const res = await api.get<
      Page & { _embedded: { reviews: { content: string; highlights: { start: number; end: number }[] }[] } }
    >(`/api/insights/${accountId}/keyword_reviews?${q({ ...FILTERS.period, keyword: "wait time" })}`);
    expect(res.status).toBe(200);
    expect(res.body._total).toBe(2);
    const [newest, older] = res.body._embedded.reviews;
    expect(newest!.sentiment).toBe("negative");
    expect(newest!.highlights.map((h) => newest!.content.slice(h.start, h.end))).toEqual(["Waiting times"]);
    expect(older!.highlights.map((h) => older!.content.slice(h.start, h.end))).toEqual(["wait time"]);
    const kw = await api.get<{ keywords: { keyword: string; sentiment: string }[] }>(
      `/api/review/${reviewIds[1]}/keywords`,
    );
    expect(kw.body.keywords.map((k) => [k.keyword, k.sentiment])).toEqual([
      ["pad thai", "positive"],
      ["pad thai", "positive"],
      ["wait time", "negative"],
    ]);
  });
});

describe("experience categories", () => {
  for (const [name, filter] of Object.entries(FILTERS).filter(([, f]) => f.published_after && f.published_before)) {
    it(`count the reviews /api/reviews counts per category (${name})`, async () => {
      const f = fill(filter);
      const res = await api.get<{ categories: { category: string; positive_count: number; total_count: number }[] }>(
        `/api/insights/${accountId}/categories?${q(f)}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.categories.map((c) => c.category)).toEqual([
        "food",
        "service",
        "atmosphere",
        "value",
        "location",
        "staff",
        "waittime",
      ]);
      for (const c of res.body.categories) {
        expect(c.total_count).toBe((await reviewsTotal({ ...f, category: c.category })).total);
        expect(c.positive_count).toBe((await reviewsTotal({ ...f, category: c.category, sentiment: "1" })).total);
      }
    });
  }

  it("gives the positive percent, the monthly trend and the rank", async () => {
    const res = await api.get<{ categories: Record<string, unknown>[] }>(
      `/api/insights/${accountId}/categories?${q(FILTERS.period!)}`,
    );
    const service = res.body.categories.find((c) => c.category === "service")!;
    expect(service).toMatchObject({
      label: "Service",
      positive_count: 2,
      negative_count: 1,
      total_count: 3,
      positive_percent: 67,
    });
    expect((service.trend as { x: string; y: number }[]).map((r) => [r.x, r.y])).toEqual([
      ["2026-05-01", 0],
      ["2026-06-01", 1],
      ["2026-07-01", 1],
      ["2026-08-01", 1],
      ["2026-09-01", 0],
      ["2026-10-01", 0],
    ]);
    const rank = await api.get<{ items: { category: string; rank: number }[] }>(
      `/api/insights/${accountId}/category_rank?${q(FILTERS.period!)}`,
    );
    expect(rank.status).toBe(200);
    expect(rank.body.items.slice(0, 3).map((i) => [i.category, i.rank])).toEqual([
      ["food", 1],
      ["service", 2],
      ["waittime", 3],
    ]);
    const list = await api.get<{ _embedded: { insights: { category: string }[] }; _total: number }>(
      `/api/insights?${q({ ...FILTERS.period, per_page: 500, show_zero: "false" })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.insights.map((i) => i.category)).toEqual([
      "food",
      "service",
      "waittime",
      "atmosphere",
      "staff",
    ]);
    const all = await api.get<{ _total: number }>(`/api/insights?${q({ ...FILTERS.period, show_zero: "true" })}`);
    expect(all.body._total).toBe(7);
  });

  it("need both dates (reviews.md §5) and the experience_analysis setting", async () => {
    const res = await api.get<{ errors: Record<string, string> }>(
      `/api/insights/${accountId}/categories?${q({ published_after: FROM })}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      published_before: "Category insights need published_after and published_before",
    });
    const off = await signedIn(t, { settings: { experience_analysis: "false" } });
    const denied = await off.client.get(`/api/insights/${off.account.id}/category_rank`);
    expect(denied.status).toBe(403);
  });
});

describe("re-analysis", () => {
  it("analyses every review of the account again as a job, with its progress", async () => {
    const fresh = await signedIn(t, { vertical: "restaurant" });
    const location = await createLocation(t.ctx.database, fresh.account.id);
    for (let i = 0; i < 5; i++) {
      await createReview(t.ctx.database, {
        accountId: fresh.account.id,
        locationId: location.id,
        content: i % 2 ? "The pad thai was delicious and the waiter was friendly." : "Rude waiter, cold soup.",
        publishedAt: `2026-10-0${i + 1}T12:00:00Z`,
      });
    }
    expect((await fresh.client.get(`/api/insights/${fresh.account.id}/reanalysis`)).status).toBe(404);
    const started = await fresh.client.post<{ id: string; status: string; percent: number }>(
      `/api/insights/${fresh.account.id}/reanalysis`,
      { reason: "model changed" },
    );
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "queued", percent: 0 });
    // A second request while it runs answers the same run.
    const again = await fresh.client.post<{ id: string }>(`/api/insights/${fresh.account.id}/reanalysis`, {});
    expect(again.body.id).toBe(started.body.id);

    let run: { status: string; done: number; total: number; percent: number } | undefined;
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const res = await fresh.client.get<typeof run & object>(`/api/insights/${fresh.account.id}/reanalysis`);
      run = res.body;
      seen.add(run.percent);
      if (run.status === "done" || run.status === "failed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run).toMatchObject({ status: "done", done: 5, total: 5, percent: 100 });
    // The keywords are there now, from the model.
    const kws = await fresh.client.get<Mentioned>(`/api/insights/${fresh.account.id}/mentioned?per_page=100`);
    expect(kws.body._total).toBeGreaterThan(0);
    const total = kws.body.keywords.reduce((s, k) => s + k.positive_mentions + k.negative_mentions, 0);
    expect(total).toBeGreaterThan(0);
    expect((await other.client.get(`/api/insights/${fresh.account.id}/reanalysis`)).status).toBe(404);
    expect((await other.client.post(`/api/insights/${fresh.account.id}/reanalysis`, {})).status).toBe(404);
    const viewer = await signedIn(t, { type: "read_only" });
    expect((await viewer.client.post(`/api/insights/${viewer.account.id}/reanalysis`, {})).status).toBe(403);
  });

  it("moves its progress batch by batch", async () => {
    const { runReanalysis } = await import("./jobs.ts");
    const fresh = await signedIn(t, { vertical: "restaurant" });
    const location = await createLocation(t.ctx.database, fresh.account.id);
    for (let i = 0; i < 5; i++)
      await createReview(t.ctx.database, {
        accountId: fresh.account.id,
        locationId: location.id,
        content: "Great food.",
      });
    const run = await t.ctx.database.db
      .insertInto("analysis_runs")
      .values({ account_id: fresh.account.id, reason: "test", model_version: "x", status: "failed" })
      .returningAll()
      .executeTakeFirstOrThrow();
    await t.ctx.database.db.updateTable("analysis_runs").set({ status: "queued" }).where("id", "=", run.id).execute();
    const progress: number[] = [];
    const origin = t.ctx.database.db;
    const poll = setInterval(() => {
      void origin
        .selectFrom("analysis_runs")
        .select("done")
        .where("id", "=", run.id)
        .executeTakeFirst()
        .then((r) => r && progress.push(r.done));
    }, 1);
    await runReanalysis(t.ctx, run.id, 2);
    clearInterval(poll);
    const res = await fresh.client.get<{ done: number; total: number; status: string }>(
      `/api/insights/${fresh.account.id}/reanalysis`,
    );
    expect(res.body).toMatchObject({ error: null, status: "done", done: 5, total: 5 });
    for (const done of progress) expect([0, 2, 4, 5]).toContain(done);
  });
});
