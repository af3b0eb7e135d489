import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as categoryRollupsUp } from "../../db/migrations/0008_category_rollups.ts";
import {
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
import { granularityOf, parseMetricsFilters } from "./filters.ts";
import { canUseRollup, overviewQuery, sourceNames } from "./queries.ts";
import { refreshDailyStats } from "./rollup.ts";
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
  await refreshDailyStats(database, { accountId: other.account.id });

  await refreshDailyStats(database, { accountId });
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
  const names = await sourceNames(db, [...new Set(rows.map((r) => r.source_id))]);
  return JSON.parse(JSON.stringify(summarize(filters, granularity, rows, names)));
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

  it("read the roll-up (not the reviews table) until a refresh", async () => {
    const query = `${MARCH}&category=value`;
    const before = await overview(query);
    // Written straight to the table (the factory would refresh the roll-ups itself).
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
    expect(await overview(query)).toEqual(before);
    expect((await fromReviews(query)).total_reviews).toBe(Number(before.total_reviews) + 1);
    await refreshDailyStats(t.ctx.database, { accountId, locationIds: [locB], days: ["2024-03-25"] });
    expect(await overview(query)).toEqual(await fromReviews(query));
    await t.ctx.database.db.deleteFrom("reviews").where("id", "=", review.id).execute();
    await refreshDailyStats(t.ctx.database, { accountId, locationIds: [locB], days: ["2024-03-25"] });
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
    // As ingestion's sync does: upsert, then refresh the touched days of the location in the same transaction.
    const ingest = (content: string) =>
      db.transaction().execute(async (trx) => {
        const result = await upsertReviews(trx, target, [incoming(content)], { now: new Date(), only: true });
        await refreshDailyStats(trx, { accountId, locationIds: [locA], days: [...result.touchedDays] });
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
      await refreshDailyStats(trx, { accountId, locationIds: [locA], days: ["2024-03-08"] });
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
    for (const [i, query] of queries.entries()) expect(await overview(query)).toEqual(expected[i]);
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
