import { ANSWERED_RESPONSE_STATUSES } from "@starboard/contract/review-answered";
import fc from "fast-check";
import { Kysely, PostgresDialect, type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as categoryRollupsUp } from "../../db/migrations/0008_category_rollups.ts";
import type { DB } from "../../db/schema.ts";
import {
  createAccount,
  createGroup,
  createLocation,
  createReview,
  createReviewResponse,
  signedIn,
  sourceId,
} from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { upsertReviews } from "../ingestion/upsert.ts";
import type { SourceReview } from "../reviews/connectors/connector.ts";
import { granularityOf, overviewSpans, parseMetricsFilters, previousPeriod } from "./filters.ts";
import { canUseRollup, kindRowsOf, overviewQuery } from "./queries.ts";
import { rebuildAllDailyStats, refreshDailyStats } from "./rollup.ts";
import { summarize } from "./service.ts";

// The category roll-ups (migration 0008) and the group filter, checked against the reviews table.
// The account is in America/Chicago so that the day of a review is its local day (a7 is published on
// March 2 UTC, March 1 in Chicago).

const TZ = "America/Chicago";
const MARCH = "published_after=2024-03-01&published_before=2024-03-31";

let t: TestApp;
let client: Client;
let accountId: string;
let groupId: string;
let otherGroupId: string;
let locA: string;
let locB: string;
let locC: string;
let googleId: string;

/** Locations A and B are in the group, C is not. Response delays in hours. */
const DATA = [
  {
    key: "a1",
    loc: "A",
    source: "google",
    rating: 5,
    sentiment: 1,
    at: "2024-03-01T18:00:00Z",
    cats: ["food"],
    respondable: true,
    reply: 2,
  },
  {
    key: "a2",
    loc: "A",
    source: "yelp",
    rating: 4,
    sentiment: 1,
    at: "2024-03-05T18:00:00Z",
    cats: ["food", "service"],
    respondable: true,
  },
  // The same category twice in the array counts once.
  {
    key: "a3",
    loc: "B",
    source: "facebook",
    rating: 1,
    sentiment: -1,
    at: "2024-03-10T18:00:00Z",
    cats: ["service", "food", "food"],
    respondable: true,
    reply: 10,
  },
  {
    key: "a4",
    loc: "B",
    source: "google",
    rating: null,
    sentiment: 0,
    at: "2024-03-12T18:00:00Z",
    cats: ["food"],
    respondable: false,
  },
  {
    key: "a5",
    loc: "C",
    source: "google",
    rating: 3,
    sentiment: 0,
    at: "2024-03-15T18:00:00Z",
    cats: ["food"],
    respondable: true,
    reply: 5,
  },
  {
    key: "a6",
    loc: "A",
    source: "google",
    rating: 2,
    sentiment: -1,
    at: "2024-03-20T18:00:00Z",
    cats: ["food"],
    respondable: true,
    deleted: true,
  },
  {
    key: "a7",
    loc: "C",
    source: "tripadvisor",
    rating: 5,
    sentiment: 1,
    at: "2024-03-02T03:00:00Z",
    cats: ["service"],
    respondable: true,
  },
  {
    key: "a8",
    loc: "A",
    source: "google",
    rating: 4,
    sentiment: 1,
    at: "2024-03-22T18:00:00Z",
    cats: [],
    respondable: true,
  },
  // The previous period (January 30 to February 29).
  {
    key: "p1",
    loc: "A",
    source: "google",
    rating: 3,
    sentiment: 0,
    at: "2024-02-15T18:00:00Z",
    cats: ["food"],
    respondable: true,
  },
  {
    key: "p2",
    loc: "B",
    source: "yelp",
    rating: null,
    sentiment: 0,
    at: "2024-02-20T18:00:00Z",
    cats: ["food", "value"],
    respondable: false,
  },
  {
    key: "p3",
    loc: "C",
    source: "google",
    rating: 4,
    sentiment: 1,
    at: "2024-02-10T18:00:00Z",
    cats: ["service"],
    respondable: true,
  },
] as const;

beforeAll(async () => {
  t = await startTestApp();
  const s = await signedIn(t);
  client = s.client;
  accountId = s.account.id;
  const database = t.ctx.database;
  await database.db.updateTable("accounts").set({ time_zone: TZ }).where("id", "=", accountId).execute();
  groupId = (await createGroup(database, accountId)).id;
  locA = (await createLocation(database, accountId, { groupId })).id;
  locB = (await createLocation(database, accountId, { groupId })).id;
  locC = (await createLocation(database, accountId)).id;
  googleId = await sourceId(database, "google");
  const loc = { A: locA, B: locB, C: locC };
  for (const d of DATA) {
    const review = await createReview(database, {
      accountId,
      locationId: loc[d.loc],
      source: d.source,
      rating: d.rating,
      sentiment: d.sentiment,
      publishedAt: d.at,
      categories: [...d.cats],
      responseStatus: "reply" in d ? "published" : null,
    });
    await database.db
      .updateTable("reviews")
      .set({ respondable: d.respondable, deleted_at_source: "deleted" in d ? new Date() : null })
      .where("id", "=", review.id)
      .execute();
    if ("reply" in d) {
      await createReviewResponse(database, review, {
        publishedAt: new Date(Date.parse(d.at) + d.reply * 3_600_000),
      });
    }
  }

  // Another account, with a group and a food review of its own.
  const other = await signedIn(t);
  const otherGroup = await createGroup(database, other.account.id);
  otherGroupId = otherGroup.id;
  const otherLocation = await createLocation(database, other.account.id, { groupId: otherGroupId });
  await createReview(database, {
    accountId: other.account.id,
    locationId: otherLocation.id,
    publishedAt: "2024-03-03T18:00:00Z",
    categories: ["food"],
  });
});
afterAll(async () => t?.close());

type Overview = Record<string, unknown>;

/** The overview through the API (day bounds: the roll-ups answer when at most one category is asked). */
async function overview(query: string): Promise<Overview> {
  const res = await client.get<Overview>(`/api/metrics/${accountId}/overview?${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The same overview computed from the reviews table (the date-time and several-categories path). */
async function fromReviews(query: string): Promise<Overview> {
  const db = t.ctx.database.db;
  const filters = { ...parseMetricsFilters(Object.fromEntries(new URLSearchParams(query)), TZ), dayAligned: false };
  expect(canUseRollup(filters)).toBe(false);
  const granularity = granularityOf(filters);
  const { rows } = await overviewQuery(accountId, TZ, filters, granularity).execute(db);
  return JSON.parse(JSON.stringify(summarize(filters, granularity, rows)));
}

const readsRollup = (query: string) =>
  canUseRollup(parseMetricsFilters(Object.fromEntries(new URLSearchParams(query)), TZ));

describe("category roll-ups", () => {
  it("answer one category with the hand-computed numbers: two categories, deleted, no stars, previous period", async () => {
    const query = `${MARCH}&category=food`;
    expect(readsRollup(query)).toBe(true);
    const food = await overview(query);
    // a1..a5: a6 is deleted at the source, a3 names food twice, a4 has no stars.
    expect(food).toMatchObject({
      total_reviews: 5,
      avg_rating: 3.25,
      ratings: { "1": 1, "2": 0, "3": 1, "4": 1, "5": 1 },
      response_rate: 75,
      avg_response_time: 5.67,
      sentiment: { positive: 2, negative: 1, neutral: 2 },
      previous_period: { total_reviews: 2, avg_rating: 3, published_after: "2024-01-30" },
    });
    const series = food.timeseries as { date: string; total_reviews: number }[];
    expect(series.find((b) => b.date === "2024-03-01")).toEqual({
      date: "2024-03-01",
      total_reviews: 1,
      avg_rating: 5,
      partial: false,
      days: 1,
    });
    expect(await overview(`${MARCH}&category=service`)).toMatchObject({
      total_reviews: 3, // a2, a3, a7 (on March 1 in Chicago)
      avg_rating: 3.33,
      previous_period: { total_reviews: 1 },
    });
  });

  it("give the same overview as the reviews table for every single-category filter", async () => {
    const queries = [
      `${MARCH}&category=food`,
      `${MARCH}&category=FOOD`,
      `${MARCH}&category=service`,
      `${MARCH}&category=value`,
      `${MARCH}&category=nothing`,
      `${MARCH}&category=food&group_id=${groupId}`,
      `${MARCH}&category=food&location_id=${locA},${locC}`,
      `${MARCH}&category=food&rating=0`,
      `${MARCH}&category=food&rating=1,5&sentiment=-1`,
      `${MARCH}&category=food&source_id=${googleId}`,
      `published_after=2024-01-01&published_before=2024-03-31&category=food`,
      `published_after=2023-07-01&published_before=2024-03-31&category=food&group_id=${groupId}`,
      `${MARCH}&group_id=${groupId}`,
      MARCH,
    ];
    for (const query of queries) {
      expect(readsRollup(query), query).toBe(true);
      expect(await overview(query), query).toEqual(await fromReviews(query));
    }
  });

  it("leave several categories to the reviews table, which counts a review in two of them once", async () => {
    const query = `${MARCH}&category=food,service`;
    expect(readsRollup(query)).toBe(false);
    const both = await overview(query);
    // a1..a5 and a7; a2 and a3 are in both and count once (the sum of the two roll-ups would be 8).
    expect(both).toMatchObject({ total_reviews: 6, previous_period: { total_reviews: 3 } });
    const food = await overview(`${MARCH}&category=food`);
    const service = await overview(`${MARCH}&category=service`);
    expect(Number(food.total_reviews) + Number(service.total_reviews)).toBe(8);
  });

  it("follow a review written straight to the table, and its deletion, with no refresh", async () => {
    const query = `${MARCH}&category=value`;
    const before = await overview(query);
    // Written straight to the table: the triggers of migration 0009 count it at commit.
    const review = await t.ctx.database.db
      .insertInto("reviews")
      .values({
        account_id: accountId,
        location_id: locB,
        source_id: googleId,
        source_review_id: "unrefreshed-1",
        rating: 2,
        sentiment: -1,
        published_at: new Date("2024-03-25T18:00:00Z"),
        categories: ["value"],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await overview(query)).toMatchObject({ total_reviews: Number(before.total_reviews) + 1 });
    expect((await fromReviews(query)).total_reviews).toBe(Number(before.total_reviews) + 1);
    expect(await overview(query)).toEqual(await fromReviews(query));
    await t.ctx.database.db.deleteFrom("reviews").where("id", "=", review.id).execute();
    expect(await overview(query)).toEqual(before);
  });

  it("follow a new review, a change of its categories and its deletion through the ingestion path", async () => {
    const db = t.ctx.database.db;
    const target = {
      accountId,
      locationId: locA,
      sourceId: googleId,
      industry: "restaurant",
      timeZone: TZ,
      respondable: true,
    };
    const incoming = (content: string): SourceReview => ({
      sourceReviewId: "ingested-1",
      authorName: "Sam",
      authorAvatarUrl: null,
      rating: 4,
      recommendation: null,
      title: null,
      content,
      publishedAt: new Date("2024-03-08T18:00:00Z"),
      updatedAt: null,
      url: null,
      images: [],
      ownerResponse: null,
    });
    // As ingestion's sync does: upsert in a transaction (the roll-ups follow at its commit).
    const ingest = (content: string) =>
      db.transaction().execute(async (trx) => {
        await upsertReviews(trx, target, [incoming(content)], { now: new Date(), only: true });
      });
    const total = async (query: string) => Number((await overview(query)).total_reviews);
    const foodQ = `${MARCH}&category=food`;
    const serviceQ = `${MARCH}&category=service&group_id=${groupId}`;
    const food = await total(foodQ);
    const service = await total(serviceQ);

    await ingest("Great food but slow service.");
    expect(await total(foodQ)).toBe(food + 1);
    expect(await total(serviceQ)).toBe(service + 1);

    await ingest("Friendly staff, quick service."); // edited at the source: no longer about food
    expect(await total(foodQ)).toBe(food);
    expect(await total(serviceQ)).toBe(service + 1);
    for (const query of [foodQ, serviceQ]) expect(await overview(query)).toEqual(await fromReviews(query));

    // Deleted at the source (what a sync records after two full listings without it).
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("reviews")
        .set({ deleted_at_source: new Date() })
        .where("source_review_id", "=", "ingested-1")
        .execute();
    });
    expect(await total(serviceQ)).toBe(service);
    for (const query of [foodQ, serviceQ]) expect(await overview(query)).toEqual(await fromReviews(query));
  });

  it("are filled for existing reviews by the migration", async () => {
    const db = t.ctx.database.db;
    const queries = [`${MARCH}&category=food`, `${MARCH}&category=service&location_id=${locC}`];
    const expected = await Promise.all(queries.map(fromReviews));
    await sql`DROP TABLE review_daily_account_category_stats, review_daily_category_stats`.execute(db);
    await categoryRollupsUp(db as Kysely<unknown>);
    // Migration 0016 recounts every account under the one definition of answered (review-answered.ts).
    await sql`SELECT review_rollups_recount(a.id) FROM accounts a`.execute(db);
    for (const [i, query] of queries.entries()) expect(await overview(query)).toEqual(expected[i]);
  });
});

describe("overview by one dimension", () => {
  it("is planned with its values on every call, not kept prepared, and names its sources itself", async () => {
    // A prepared statement's generic plan took a year of an account's rows for 43 and summed them by sorting: twice
    // the time of the plan made with the dates (docs/decisions/005-throughput.md, stop 28).
    const filters = { ...parseMetricsFilters(Object.fromEntries(new URLSearchParams(MARCH)), TZ), dayAligned: true };
    expect(kindRowsOf(filters)).toBe("account");
    await t.ctx.database.db.connection().execute(async (conn) => {
      const statement = overviewQuery(accountId, TZ, filters, granularityOf(filters));
      for (let i = 0; i < 7; i++) {
        const { rows } = await statement.execute(conn);
        expect(rows.find((c) => c.source_id === googleId)?.source_name).toBe("Google");
      }
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements
        WHERE statement LIKE '%review_daily_account_overview_stats%'`.execute(conn);
      expect(rows).toEqual([{ n: 0 }]);
    });
  });
});

describe("overview by one dimension from whole weeks", () => {
  it("gives the numbers of the reviews table for ranges that cut weeks and months anywhere, by day, week and month", async () => {
    const ranges = [
      ["2024-03-01", "2024-03-31"], // by day; the previous period's whole weeks from the week rows
      ["2024-02-12", "2024-02-18"], // one week, by day
      ["2024-02-07", "2024-03-22"], // by week, from a Wednesday to a Friday
      ["2024-02-05", "2024-03-24"], // by week, Monday to Sunday
      ["2024-01-29", "2024-03-03"], // by week, the weeks crossing into February and March
      ["2023-11-15", "2024-03-20"], // by week, the previous period over the new year
      ["2023-06-10", "2024-03-13"], // by month: the weeks that cross a month are read by day
      ["2023-04-01", "2024-03-31"], // by month, whole months
    ];
    let weeksRead = 0;
    let daysRead = 0;
    for (const [from, to] of ranges) {
      const query = `published_after=${from}&published_before=${to}`;
      const filters = parseMetricsFilters(Object.fromEntries(new URLSearchParams(query)), TZ);
      expect(kindRowsOf(filters), query).toBe("account");
      const previous = previousPeriod(filters);
      const spans = overviewSpans((previous.from as { day: string }).day, from!, to!, granularityOf(filters));
      weeksRead += spans.weeks.length;
      if (from === "2024-02-05") daysRead = spans.days.length;
      const answer = await overview(query);
      expect(answer, query).toEqual(await fromReviews(query));
      expect(answer.total_reviews, query).toBeGreaterThan(0);
    }
    expect(weeksRead).toBeGreaterThan(50);
    // Monday 2024-02-05 to Sunday 2024-03-24 and the seven weeks before: every review counted from week rows.
    expect(daysRead).toBe(0);
  });
});

describe("group filter", () => {
  it("gives the same numbers as the list of its locations, on the roll-ups and on the reviews table", async () => {
    for (const extra of ["", "&category=food", "&category=food,service", "&rating=0"]) {
      const byGroup = await overview(`${MARCH}&group_id=${groupId}${extra}`);
      expect(byGroup, extra).toEqual(await overview(`${MARCH}&location_id=${locA},${locB}${extra}`));
      expect(await fromReviews(`${MARCH}&group_id=${groupId}${extra}`), extra).toEqual(byGroup);
    }
    const byGroup = await overview(`${MARCH}&group_id=${groupId}`);
    expect(byGroup).toMatchObject({ total_reviews: 5, previous_period: { total_reviews: 2 } }); // a1-a4, a8
    // Date-time bounds read the reviews table.
    const instants = `published_after=2024-03-01T06:00:00Z&published_before=2024-04-01T05:00:00Z`;
    const raw = await overview(`${instants}&group_id=${groupId}`);
    expect(raw.total_reviews).toBe(5);
    expect(raw).toMatchObject({ ratings: byGroup.ratings, sentiment: byGroup.sentiment, sources: byGroup.sources });
  });

  it("gives no data for a group of another account, even one that lists this account's location", async () => {
    // A group_locations row tying the other account's group to one of ours: the group is not ours.
    await t.ctx.database.db
      .insertInto("group_locations")
      .values({ group_id: otherGroupId, location_id: locA })
      .execute();
    for (const extra of ["", "&category=food", "&category=food,service"]) {
      const query = `${MARCH}&group_id=${otherGroupId}${extra}`;
      const res = await overview(query);
      expect(res, extra).toMatchObject({ total_reviews: 0, previous_period: { total_reviews: 0 } });
      expect(await fromReviews(query)).toMatchObject({ total_reviews: 0 });
    }
    // Ours and theirs together: only ours.
    expect(await overview(`${MARCH}&group_id=${groupId},${otherGroupId}`)).toEqual(
      await overview(`${MARCH}&group_id=${groupId}`),
    );
    await t.ctx.database.db
      .deleteFrom("group_locations")
      .where("group_id", "=", otherGroupId)
      .where("location_id", "=", locA)
      .execute();
  });
});

/**
 * Every roll-up row of an account, computed from scratch from its reviews and responses (written apart
 * from review_rollups_recount: each review with its first published response, its distinct categories;
 * the account rows straight from the reviews, not from the location rows).
 */
async function recomputed(db: Kysely<DB>, account: string) {
  const reviews = sql`(
    SELECT r.*, (r.published_at AT TIME ZONE a.time_zone)::date AS day, coalesce(r.rating, 0) AS stars,
      (SELECT min(p.published_at) FROM responses p
        WHERE p.review_id = r.id AND p.status = 'published' AND p.deleted_at IS NULL) AS first_at
    FROM reviews r JOIN accounts a ON a.id = r.account_id
    WHERE r.account_id = ${account} AND r.deleted_at_source IS NULL)`;
  const counts = sql`count(*)::int AS review_count,
    (count(*) FILTER (WHERE respondable))::int AS respondable_count,
    (count(*) FILTER (WHERE respondable AND response_status = ANY(${[...ANSWERED_RESPONSE_STATUSES]}::text[])))::int
      AS responded_count,
    count(first_at)::int AS response_count,
    round(coalesce(sum(greatest(0, extract(epoch FROM first_at - published_at) / 3600.0)), 0)::numeric, 6)::float8
      AS response_hours_sum`;
  const categories = sql`(SELECT rv.*, c.category FROM ${reviews} rv
    CROSS JOIN LATERAL (SELECT DISTINCT x AS category FROM unnest(rv.categories) x WHERE x IS NOT NULL) c)`;
  const run = async (query: RawBuilder<Record<string, unknown>>) => (await query.execute(db)).rows;
  return {
    review_daily_stats: await run(sql`SELECT location_id, day::text, source_id, stars AS rating, sentiment, ${counts}
      FROM ${reviews} rv GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`),
    review_daily_account_stats: await run(sql`SELECT day::text, source_id, stars AS rating, sentiment, ${counts}
      FROM ${reviews} rv GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    review_daily_category_stats: await run(sql`SELECT location_id, category, day::text, source_id, stars AS rating,
      sentiment, ${counts} FROM ${categories} rc GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`),
    review_daily_account_category_stats: await run(sql`SELECT category, day::text, source_id, stars AS rating,
      sentiment, ${counts} FROM ${categories} rc GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`),
    review_daily_group_stats: await run(sql`SELECT gl.group_id, rv.day::text AS day,
      CASE GROUPING(rv.stars, rv.source_id, rv.sentiment) WHEN 3 THEN 0 WHEN 5 THEN 1 ELSE 2 END AS kind,
      rv.stars AS rating, rv.source_id, rv.sentiment, ${counts}
      FROM ${reviews} rv JOIN group_locations gl ON gl.location_id = rv.location_id
      JOIN groups g ON g.id = gl.group_id AND g.account_id = ${account}
      GROUP BY GROUPING SETS ((gl.group_id, rv.day, rv.stars), (gl.group_id, rv.day, rv.source_id),
        (gl.group_id, rv.day, rv.sentiment))
      ORDER BY 1, 2, 3, 4, 5, 6`),
    review_daily_account_overview_stats: await run(sql`SELECT rv.day::text AS day,
      CASE GROUPING(rv.stars, rv.source_id, rv.sentiment) WHEN 3 THEN 0 WHEN 5 THEN 1 ELSE 2 END AS kind,
      rv.stars AS rating, rv.source_id, rv.sentiment, ${counts}
      FROM ${reviews} rv
      GROUP BY GROUPING SETS ((rv.day, rv.stars), (rv.day, rv.source_id), (rv.day, rv.sentiment))
      ORDER BY 1, 2, 3, 4, 5`),
    review_weekly_account_overview_stats:
      await run(sql`SELECT date_trunc('week', rv.day::timestamp)::date::text AS week,
      CASE GROUPING(rv.stars, rv.source_id, rv.sentiment) WHEN 3 THEN 0 WHEN 5 THEN 1 ELSE 2 END AS kind,
      rv.stars AS rating, rv.source_id, rv.sentiment, ${counts}
      FROM ${reviews} rv
      GROUP BY GROUPING SETS ((date_trunc('week', rv.day::timestamp), rv.stars),
        (date_trunc('week', rv.day::timestamp), rv.source_id), (date_trunc('week', rv.day::timestamp), rv.sentiment))
      ORDER BY 1, 2, 3, 4, 5`),
    review_daily_search_stats: await run(sql`SELECT l.lexeme, rv.day::text AS day, count(DISTINCT rv.id)::int AS n
      FROM ${reviews} rv CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english',
        concat_ws(' ', coalesce(rv.title, ''), coalesce(rv.content, ''), coalesce(rv.author_name, ''))))) AS l(lexeme)
      GROUP BY 1, 2 ORDER BY 1, 2`),
  };
}

/** The roll-up rows the database holds for an account, in the shape of `recomputed`. */
async function stored(db: Kysely<DB>, account: string) {
  const counts = sql`review_count, respondable_count, responded_count, response_count,
    round(response_hours_sum::numeric, 6)::float8 AS response_hours_sum`;
  const run = async (query: RawBuilder<Record<string, unknown>>) => (await query.execute(db)).rows;
  return {
    review_daily_stats: await run(sql`SELECT location_id, day::text, source_id, rating, sentiment, ${counts}
      FROM review_daily_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5`),
    review_daily_account_stats: await run(sql`SELECT day::text, source_id, rating, sentiment, ${counts}
      FROM review_daily_account_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4`),
    review_daily_category_stats: await run(sql`SELECT location_id, category, day::text, source_id, rating, sentiment,
      ${counts} FROM review_daily_category_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5, 6`),
    review_daily_account_category_stats: await run(sql`SELECT category, day::text, source_id, rating, sentiment,
      ${counts} FROM review_daily_account_category_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5`),
    review_daily_group_stats: await run(sql`SELECT group_id, day::text, kind, rating, source_id, sentiment, ${counts}
      FROM review_daily_group_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5, 6`),
    review_daily_account_overview_stats: await run(sql`SELECT day::text, kind, rating, source_id, sentiment, ${counts}
      FROM review_daily_account_overview_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5`),
    review_weekly_account_overview_stats: await run(sql`SELECT week::text, kind, rating, source_id, sentiment, ${counts}
      FROM review_weekly_account_overview_stats WHERE account_id = ${account} ORDER BY 1, 2, 3, 4, 5`),
    review_daily_search_stats: await run(sql`SELECT lexeme, day::text, review_count AS n
      FROM review_daily_search_stats WHERE account_id = ${account} ORDER BY 1, 2`),
  };
}

// Instants around midnight in Chicago from March 8 to 11, 2024 (CST until March 10, CDT after: midnight is
// 06:00 UTC, then 05:00 UTC), so that edits move reviews across day boundaries.
const INSTANTS = [3, 4, 5, 6, 7, 18].flatMap((hour) =>
  [8, 9, 10, 11].map((day) => new Date(Date.UTC(2024, 2, day, hour, 30)).toISOString()),
);
const STATUSES = ["published", "pending", "error_published", "pending_delete", "deleted"] as const;

type Review = typeof reviewValues extends fc.Arbitrary<infer T> ? T : never;
const reviewValues = fc.record({
  location: fc.nat(2),
  source: fc.constantFrom("google", "yelp"),
  rating: fc.option(fc.integer({ min: 1, max: 5 })),
  sentiment: fc.integer({ min: -1, max: 1 }),
  categories: fc.array(fc.constantFrom("food", "service", "value"), { maxLength: 3 }),
  at: fc.constantFrom(...INSTANTS),
  respondable: fc.boolean(),
  deleted: fc.constantFrom(false, false, false, true),
  text: fc.constantFrom(null, "Cold food.", "Great food and friendly staff.", "The coffee was cold, the room colder."),
  title: fc.option(fc.constantFrom("Cold", "Lovely")),
  author: fc.constantFrom(null, "Sam Cold", "Pat"),
});
/** What the search roll-up (migration 0036) counts: the words of the title, the text and the author's name. */
const textEdit = fc.record(
  {
    content: fc.constantFrom(null, "Cold food.", "Lovely staff, cold room.", "cold cold COLD"),
    title: fc.option(fc.constantFrom("Cold", "Great")),
    author_name: fc.constantFrom(null, "Sam Cold", "Lee"),
  },
  { requiredKeys: [] },
);
const reviewFields = {
  location: fc.nat(2),
  source: fc.constantFrom("google", "yelp"),
  rating: fc.option(fc.integer({ min: 1, max: 5 })),
  sentiment: fc.integer({ min: -1, max: 1 }),
  categories: fc.array(fc.constantFrom("food", "service", "value"), { maxLength: 3 }),
  at: fc.constantFrom(...INSTANTS),
  respondable: fc.boolean(),
};
/** One counted column changed (each of them alone is enough to move a review), or several. */
const reviewEdit = fc.oneof(
  ...Object.entries(reviewFields).map(([key, value]) => fc.record({ [key]: value }) as fc.Arbitrary<Partial<Fields>>),
  fc.record(reviewFields, { requiredKeys: [] }),
);
type Fields = { [K in keyof typeof reviewFields]: (typeof reviewFields)[K] extends fc.Arbitrary<infer V> ? V : never };
const write = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), rows: fc.array(reviewValues, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), change: reviewEdit }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), change: reviewEdit }),
  fc.record({ kind: fc.constant("edit-location" as const), location: fc.nat(2), change: reviewEdit }),
  fc.record({ kind: fc.constant("untouched" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("text" as const), pick: fc.nat(), change: textEdit }),
  fc.record({ kind: fc.constant("deleted-at-source" as const), pick: fc.nat(), deleted: fc.boolean() }),
  fc.record({ kind: fc.constant("delete-review" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("respond" as const),
    pick: fc.nat(),
    hours: fc.option(fc.integer({ min: -2, max: 60 })),
    status: fc.oneof(fc.constant("published" as const), fc.constantFrom(...STATUSES)),
  }),
  fc.record({ kind: fc.constant("response-status" as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({
    kind: fc.constant("response-published-at" as const),
    pick: fc.nat(),
    hours: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    kind: fc.constant("delete-response" as const),
    pick: fc.nat(),
    how: fc.constantFrom("row" as const, "status" as const, "deleted_at" as const),
  }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;
/** A write alone, or several in one transaction, committed or rolled back. */
const step = fc.oneof(
  { weight: 4, arbitrary: write.map((w) => ({ writes: [w], rollback: false })) },
  {
    weight: 1,
    arbitrary: fc.record({ writes: fc.array(write, { minLength: 2, maxLength: 4 }), rollback: fc.boolean() }),
  },
);

class RolledBack extends Error {}

describe("roll-ups kept by the database", () => {
  let account: string;
  let locations: string[];
  let sources: Record<string, string>;

  beforeAll(async () => {
    const database = t.ctx.database;
    account = (await createAccount(database)).id;
    await database.db.updateTable("accounts").set({ time_zone: TZ }).where("id", "=", account).execute();
    locations = [];
    for (let i = 0; i < 3; i++) locations.push((await createLocation(database, account)).id);
    sources = { google: await sourceId(database, "google"), yelp: await sourceId(database, "yelp") };
    // Two groups sharing a location, so the group roll-ups (migration 0035) follow every write too.
    const [first, second] = await database.db
      .insertInto("groups")
      .values([
        { account_id: account, name: "First two" },
        { account_id: account, name: "Last two" },
      ])
      .returning("id")
      .execute();
    await database.db
      .insertInto("group_locations")
      .values([
        { group_id: first!.id, location_id: locations[0]! },
        { group_id: first!.id, location_id: locations[1]! },
        { group_id: second!.id, location_id: locations[1]! },
        { group_id: second!.id, location_id: locations[2]! },
      ])
      .execute();
  });

  const pickOf = async <T>(rows: Promise<T[]>, pick: number) => {
    const all = await rows;
    return all.length ? all[pick % all.length] : undefined;
  };
  const reviewOf = (db: Kysely<DB>, pick: number) =>
    pickOf(
      db
        .selectFrom("reviews")
        .select(["id", "published_at", "source_id"])
        .where("account_id", "=", account)
        .orderBy("source_review_id")
        .execute(),
      pick,
    );
  const responseOf = (db: Kysely<DB>, pick: number) =>
    pickOf(
      db.selectFrom("responses").select(["id", "review_id"]).where("account_id", "=", account).orderBy("id").execute(),
      pick,
    );
  const changeOf = (change: Partial<Fields>) => ({
    ...(change.location !== undefined ? { location_id: locations[change.location]! } : {}),
    ...(change.source !== undefined ? { source_id: sources[change.source]! } : {}),
    ...(change.rating !== undefined ? { rating: change.rating } : {}),
    ...(change.sentiment !== undefined ? { sentiment: change.sentiment } : {}),
    ...(change.categories !== undefined ? { categories: change.categories } : {}),
    ...(change.at !== undefined ? { published_at: new Date(change.at) } : {}),
    ...(change.respondable !== undefined ? { respondable: change.respondable } : {}),
  });

  let serial = 0;
  async function apply(db: Kysely<DB>, w: Write) {
    switch (w.kind) {
      case "insert":
        await db
          .insertInto("reviews")
          .values(
            w.rows.map((r) => ({
              account_id: account,
              location_id: locations[r.location]!,
              source_id: sources[r.source]!,
              source_review_id: `prop-${String(++serial).padStart(6, "0")}`,
              rating: r.rating,
              sentiment: r.sentiment,
              categories: r.categories,
              published_at: new Date(r.at),
              respondable: r.respondable,
              deleted_at_source: r.deleted ? new Date() : null,
              content: r.text,
              title: r.title,
              author_name: r.author,
            })),
          )
          .execute();
        return;
      case "edit": {
        const review = await reviewOf(db, w.pick);
        const values = changeOf(w.change);
        if (review && Object.keys(values).length) {
          await db.updateTable("reviews").set(values).where("id", "=", review.id).execute();
        }
        return;
      }
      case "edit-location": {
        // One statement changing every review of a location.
        const values = changeOf(w.change);
        if (Object.keys(values).length) {
          await db
            .updateTable("reviews")
            .set(values)
            .where("location_id", "=", locations[w.location]!)
            .where("account_id", "=", account)
            .execute();
        }
        return;
      }
      case "untouched": {
        // Columns no roll-up counts, with one the overview counts (the response status).
        const review = await reviewOf(db, w.pick);
        if (review) {
          await db
            .updateTable("reviews")
            .set({ response_status: "published", updated_at: new Date(), first_seen_at: new Date() })
            .where("id", "=", review.id)
            .execute();
        }
        return;
      }
      case "text": {
        const review = await reviewOf(db, w.pick);
        if (review && Object.keys(w.change).length) {
          await db.updateTable("reviews").set(w.change).where("id", "=", review.id).execute();
        }
        return;
      }
      case "deleted-at-source": {
        const review = await reviewOf(db, w.pick);
        if (review) {
          await db
            .updateTable("reviews")
            .set({ deleted_at_source: w.deleted ? new Date() : null })
            .where("id", "=", review.id)
            .execute();
        }
        return;
      }
      case "delete-review": {
        const review = await reviewOf(db, w.pick);
        if (review) await db.deleteFrom("reviews").where("id", "=", review.id).execute();
        return;
      }
      case "respond": {
        const review = await reviewOf(db, w.pick);
        if (review) {
          await db
            .insertInto("responses")
            .values({
              account_id: account,
              review_id: review.id,
              source_id: review.source_id,
              content: "Thank you!",
              status: w.status,
              published_at:
                w.hours === null ? null : new Date(new Date(review.published_at).getTime() + w.hours * 3_600_000),
            })
            .execute();
        }
        return;
      }
      case "response-status": {
        const response = await responseOf(db, w.pick);
        if (response)
          await db.updateTable("responses").set({ status: w.status }).where("id", "=", response.id).execute();
        return;
      }
      case "response-published-at": {
        const response = await responseOf(db, w.pick);
        if (response) {
          await db
            .updateTable("responses")
            .set({ published_at: new Date(Date.UTC(2024, 2, 11, w.hours)) })
            .where("id", "=", response.id)
            .execute();
        }
        return;
      }
      case "delete-response": {
        const response = await responseOf(db, w.pick);
        if (!response) return;
        if (w.how === "row") await db.deleteFrom("responses").where("id", "=", response.id).execute();
        else {
          await db
            .updateTable("responses")
            .set(w.how === "status" ? { status: "deleted", deleted_at: new Date() } : { deleted_at: new Date() })
            .where("id", "=", response.id)
            .execute();
        }
        return;
      }
    }
  }

  it("equal a from-scratch recount after any sequence of writes to reviews and responses", {
    timeout: 300_000,
  }, async () => {
    const db = t.ctx.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(reviewValues, { minLength: 2, maxLength: 8 }),
        fc.array(step, { maxLength: 12 }),
        async (initial, steps) => {
          // Each run on its own: no reviews, and roll-ups recounted (a failed run may have left them wrong).
          await db.deleteFrom("reviews").where("account_id", "=", account).execute();
          await refreshDailyStats(t.ctx.database, { accountId: account });
          await apply(db, { kind: "insert", rows: initial });
          expect(await stored(db, account)).toEqual(await recomputed(db, account));
          // Checked after every step, so that a later write to the same day cannot hide a missed one.
          for (const s of steps) {
            if (s.writes.length === 1 && !s.rollback) await apply(db, s.writes[0]!);
            else {
              await db
                .transaction()
                .execute(async (trx) => {
                  for (const w of s.writes) await apply(trx, w);
                  if (s.rollback) throw new RolledBack();
                })
                .catch((error) => {
                  if (!(error instanceof RolledBack)) throw error;
                });
            }
            expect(await stored(db, account), JSON.stringify(s)).toEqual(await recomputed(db, account));
          }
          const expected = await recomputed(db, account);
          // No key is left waiting, and a full rebuild finds nothing to change.
          expect(
            (
              await sql`SELECT (SELECT count(*) FROM review_rollup_pending)::int AS n,
                (SELECT count(*) FROM review_search_pending)::int AS search`.execute(db)
            ).rows,
          ).toEqual([{ n: 0, search: 0 }]);
          await refreshDailyStats(t.ctx.database, { accountId: account });
          expect(await stored(db, account)).toEqual(expected);
        },
      ),
      { numRuns: Number(process.env.ROLLUP_RUNS ?? 60) },
    );
  });

  it("show a transaction's writes once it commits", async () => {
    const db = t.ctx.database.db;
    await db.deleteFrom("reviews").where("account_id", "=", account).execute();
    await db.transaction().execute(async (trx) => {
      await apply(trx, {
        kind: "insert",
        rows: [
          {
            location: 0,
            source: "google",
            rating: 4,
            sentiment: 1,
            categories: ["food"],
            at: INSTANTS[0]!,
            respondable: true,
            deleted: false,
            text: "Cold food.",
            title: null,
            author: null,
          },
        ],
      });
      expect((await stored(trx, account)).review_daily_stats).toEqual([]);
      expect((await stored(trx, account)).review_daily_search_stats).toEqual([]);
    });
    const after = await stored(db, account);
    expect(after.review_daily_stats).toHaveLength(1);
    expect(after.review_daily_search_stats.map((row) => row.lexeme)).toEqual(["cold", "food"]);
    expect(after).toEqual(await recomputed(db, account));
  });

  it("follow a new time zone once the account is recounted (what the refresh job does)", async () => {
    const db = t.ctx.database.db;
    await db.updateTable("accounts").set({ time_zone: "Asia/Tokyo" }).where("id", "=", account).execute();
    const before = await stored(db, account);
    const expected = await recomputed(db, account);
    expect(before).not.toEqual(expected);
    await refreshDailyStats(t.ctx.database, { accountId: account });
    expect(await stored(db, account)).toEqual(expected);
    await db.updateTable("accounts").set({ time_zone: TZ }).where("id", "=", account).execute();
    await refreshDailyStats(t.ctx.database, { accountId: account });
  });

  it("are rebuilt by the nightly job in short statements, mending any row gone wrong, and statistics gathered", async () => {
    const database = t.ctx.database;
    const db = database.db;
    await db.deleteFrom("reviews").where("account_id", "=", account).execute();
    // Reviews on three days at every location, and a fourth day at one.
    const rows: Review[] = [0, 1, 2].flatMap((location) =>
      [8, 9, 10].map((day) => ({
        location,
        source: day === 9 ? "yelp" : "google",
        rating: ((location + day) % 5) + 1,
        sentiment: 1,
        categories: ["food"],
        at: new Date(Date.UTC(2024, 2, day, 18)).toISOString(),
        respondable: true,
        deleted: false,
        text: "Great food and friendly staff.",
        title: null,
        author: "Pat",
      })),
    );
    rows.push({ ...rows[0]!, location: 1, rating: 2, sentiment: -1, at: "2024-03-11T18:00:00Z", text: "Cold food." });
    await apply(db, { kind: "insert", rows });
    const expected = await recomputed(db, account);
    const [group] = await db
      .selectFrom("groups")
      .select("id")
      .where("account_id", "=", account)
      .orderBy("id")
      .execute();
    // Rows gone wrong in every roll-up: counts changed, rows missing, and rows on a day without any review.
    await sql`UPDATE review_daily_stats SET review_count = review_count + 5 WHERE account_id = ${account}
      AND day = '2024-03-09'`.execute(db);
    await sql`UPDATE review_daily_account_category_stats SET review_count = 40 WHERE account_id = ${account}`.execute(
      db,
    );
    await sql`DELETE FROM review_daily_account_overview_stats WHERE account_id = ${account} AND day = '2024-03-10'`.execute(
      db,
    );
    await sql`DELETE FROM review_daily_group_stats WHERE account_id = ${account} AND kind = 1`.execute(db);
    const stale = { account, location: locations[0]!, source: sources.google!, group: group!.id };
    await sql`INSERT INTO review_daily_stats (account_id, location_id, day, source_id, rating, sentiment, review_count,
      respondable_count, responded_count, response_count, response_hours_sum)
      VALUES (${stale.account}, ${stale.location}, '2020-01-01', ${stale.source}, 3, 0, 1, 0, 0, 0, 0)`.execute(db);
    await sql`INSERT INTO review_daily_account_stats (account_id, source_id, day, rating, sentiment, review_count,
      respondable_count, responded_count, response_count, response_hours_sum)
      VALUES (${stale.account}, ${stale.source}, '2020-01-02', 3, 0, 1, 0, 0, 0, 0)`.execute(db);
    await sql`INSERT INTO review_daily_account_overview_stats (account_id, day, kind, rating, review_count,
      respondable_count, responded_count, response_count, response_hours_sum)
      VALUES (${stale.account}, '2020-01-03', 0, 3, 1, 0, 0, 0, 0)`.execute(db);
    await sql`INSERT INTO review_daily_group_stats (group_id, account_id, day, kind, rating, review_count,
      respondable_count, responded_count, response_count, response_hours_sum)
      VALUES (${stale.group}, ${stale.account}, '2020-01-04', 0, 3, 1, 0, 0, 0, 0)`.execute(db);
    await sql`INSERT INTO review_weekly_account_overview_stats (account_id, week, kind, rating, review_count,
      respondable_count, responded_count, response_count, response_hours_sum)
      VALUES (${stale.account}, '2019-12-23', 0, 3, 1, 0, 0, 0, 0)`.execute(db);
    await sql`UPDATE review_weekly_account_overview_stats SET review_count = review_count + 3
      WHERE account_id = ${account} AND week = '2024-03-11'`.execute(db);
    await sql`INSERT INTO review_daily_search_stats (account_id, lexeme, day, review_count)
      VALUES (${stale.account}, 'stale', '2020-01-05', 1)`.execute(db);
    await sql`INSERT INTO keyword_monthly_group_stats (group_id, account_id, month, keyword, category, positive_count,
      negative_count, neutral_count) VALUES (${stale.group}, ${stale.account}, '2024-03-01', 'soup', 'food', 2, 1, 0)`.execute(
      db,
    );
    await sql`UPDATE review_daily_search_stats SET review_count = 7 WHERE account_id = ${account}
      AND lexeme = 'food' AND day = '2024-03-08'`.execute(db);
    expect(await stored(db, account)).not.toEqual(expected);

    // Every statement the rebuild sends, seen through a logging client on the same pool.
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (event.level === "query") statements.push(event.query);
      },
    });
    const analyzed = async () =>
      (
        await sql<{ at: Date | null }>`SELECT last_analyze AS at FROM pg_stat_user_tables
          WHERE relname = 'review_daily_account_overview_stats'`.execute(db)
      ).rows[0]?.at ?? null;
    const before = await analyzed();
    // Three keys a statement: one day of the account's three locations.
    expect(await rebuildAllDailyStats({ ...database, db: logged }, { keysPerStep: 3 })).toBeGreaterThanOrEqual(1);
    expect(await stored(db, account)).toEqual(expected);

    // No statement rebuilt a whole account: the recounts went a day a statement (three keys: the day at each
    // location), for each of the four days with reviews, each day with a stale row and each Monday with a week row.
    const recounts = statements.filter((s) => /review_rollups_recount\(/.test(s.sql) && s.parameters[0] === account);
    expect(recounts.map((s) => [...new Set(s.parameters[2] as string[])])).toEqual([
      ["2019-12-23"], // a stale week row's Monday
      ["2020-01-01"],
      ["2020-01-02"],
      ["2020-01-03"],
      ["2020-01-04"],
      ["2020-01-05"],
      ["2024-03-04"], // the Monday of a week with reviews
      ["2024-03-08"],
      ["2024-03-09"],
      ["2024-03-10"],
      ["2024-03-11"],
    ]);
    expect(recounts.every((s) => (s.parameters[1] as string[]).length === 3)).toBe(true);
    // The group's months of keyword rows are written anew from its days (which hold none here).
    expect(
      (await sql`SELECT count(*)::int AS n FROM keyword_monthly_group_stats WHERE account_id = ${account}`.execute(db))
        .rows,
    ).toEqual([{ n: 0 }]);
    // No autovacuum daemon runs in the embedded database; a PostgreSQL server's gathers them on its own.
    if (database.embedded) expect((await analyzed())?.getTime() ?? 0).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
