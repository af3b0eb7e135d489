import { ANSWERED_RESPONSE_STATUSES, isAnswered } from "@starboard/contract/review-answered";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createGroup,
  createLocation,
  createReview,
  createReviewResponse,
  createUser,
  signedIn,
  sourceId,
} from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let client: Client;
let accountId: string;
let l1: string;
let groupId: string;
let googleId: string;
const ids: Record<string, { id: string; account_id: string; source_id: string }> = {};

/**
 * The fixed data set (account in UTC). March 2024 is the period; January 30 to February 29 the
 * previous one. Response delays in hours.
 */
const DATA = [
  { key: "r1", loc: 1, source: "google", rating: 5, sentiment: 1, day: "2024-03-01", respondable: true, reply: 2 },
  { key: "r2", loc: 1, source: "google", rating: 4, sentiment: 1, day: "2024-03-02", respondable: true },
  { key: "r3", loc: 1, source: "yelp", rating: 1, sentiment: -1, day: "2024-03-02", respondable: false },
  { key: "r4", loc: 2, source: "facebook", rating: 3, sentiment: 0, day: "2024-03-05", respondable: true, reply: 10 },
  {
    key: "r5",
    loc: 2,
    source: "tripadvisor",
    rating: 2,
    sentiment: -1,
    day: "2024-03-10",
    respondable: true,
    reply: 4,
  },
  {
    key: "r6",
    loc: 2,
    source: "trustpilot",
    rating: 5,
    sentiment: 1,
    day: "2024-03-15",
    respondable: true,
    food: true,
  },
  { key: "r7", loc: 1, source: "booking", rating: 5, sentiment: 1, day: "2024-03-20", respondable: false },
  {
    key: "r8",
    loc: 2,
    source: "google",
    rating: 1,
    sentiment: -1,
    day: "2024-03-31",
    respondable: true,
    reply: 24,
    fromSource: true,
  },
  { key: "p1", loc: 1, source: "google", rating: 3, sentiment: 0, day: "2024-02-15", respondable: true },
  { key: "p2", loc: 2, source: "yelp", rating: 5, sentiment: 1, day: "2024-02-20", respondable: false },
  { key: "old", loc: 1, source: "google", rating: 5, sentiment: 1, day: "2024-01-01", respondable: true },
  {
    key: "gone",
    loc: 1,
    source: "google",
    rating: 1,
    sentiment: -1,
    day: "2024-03-03",
    respondable: true,
    deleted: true,
  },
];

beforeAll(async () => {
  t = await startTestApp();
  const s = await signedIn(t);
  client = s.client;
  accountId = s.account.id;
  const db = t.ctx.database.db;
  await db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", accountId).execute();
  groupId = (await createGroup(t.ctx.database, accountId)).id;
  l1 = (await createLocation(t.ctx.database, accountId, { groupId })).id;
  const l2 = (await createLocation(t.ctx.database, accountId)).id;
  googleId = await sourceId(t.ctx.database, "google");
  for (const d of DATA) {
    const publishedAt = new Date(`${d.day}T12:00:00Z`);
    const review = await createReview(t.ctx.database, {
      accountId,
      locationId: d.loc === 1 ? l1 : l2,
      source: d.source,
      rating: d.rating,
      sentiment: d.sentiment,
      publishedAt,
      categories: d.food ? ["food"] : [],
      // Answered (contract review-answered.ts) when its response shows at the source.
      responseStatus: d.reply !== undefined ? "published" : null,
    });
    await db
      .updateTable("reviews")
      .set({ respondable: d.respondable, deleted_at_source: d.deleted ? new Date() : null })
      .where("id", "=", review.id)
      .execute();
    ids[d.key] = review;
    if (d.reply !== undefined) {
      await createReviewResponse(t.ctx.database, review, {
        publishedAt: new Date(publishedAt.getTime() + d.reply * 3_600_000),
        fromSource: d.fromSource ?? false,
      });
    }
  }
  // A failed publish and a deleted response count for nothing.
  await createReviewResponse(t.ctx.database, ids.r2!, { status: "error_published", publishedAt: null });
  await db.updateTable("reviews").set({ response_status: "error_published" }).where("id", "=", ids.r2!.id).execute();
});
afterAll(async () => t?.close());

const overview = (query = "") =>
  client.get<Record<string, unknown>>(
    `/api/metrics/${accountId}/overview?published_after=2024-03-01&published_before=2024-03-31${query}`,
  );

describe("GET /api/metrics/{account_id}/overview", () => {
  it("matches the hand-computed numbers of the fixed data set", async () => {
    const res = await overview();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total_reviews: 8,
      avg_rating: 3.25,
      ratings: { "1": 2, "2": 1, "3": 1, "4": 1, "5": 3 },
      response_rate: 66.67,
      avg_response_time: 10,
      sentiment: { positive: 4, negative: 3, neutral: 1 },
      granularity: "day",
      previous_period: {
        total_reviews: 2,
        avg_rating: 4,
        published_after: "2024-01-30",
        published_before: "2024-02-29",
      },
    });
    const google = await sourceId(t.ctx.database, "google");
    expect(res.body.sources).toEqual([
      { source_id: google, name: "Google", count: 3 },
      { source_id: await sourceId(t.ctx.database, "booking"), name: "Booking.com", count: 1 },
      { source_id: await sourceId(t.ctx.database, "facebook"), name: "Facebook", count: 1 },
      { source_id: await sourceId(t.ctx.database, "tripadvisor"), name: "Tripadvisor", count: 1 },
      { source_id: null, name: "Other", count: 2 },
    ]);
    const series = res.body.timeseries as { date: string; total_reviews: number; avg_rating: number | null }[];
    expect(series).toHaveLength(31);
    expect(series[0]).toEqual({ date: "2024-03-01", total_reviews: 1, avg_rating: 5, partial: false, days: 1 });
    expect(series[1]).toEqual({ date: "2024-03-02", total_reviews: 2, avg_rating: 2.5, partial: false, days: 1 });
    expect(series[2]).toEqual({ date: "2024-03-03", total_reviews: 0, avg_rating: null, partial: false, days: 1 });
    expect(series[30]).toEqual({ date: "2024-03-31", total_reviews: 1, avg_rating: 1, partial: false, days: 1 });
  });

  it("applies the location, group, rating, sentiment, source and category filters", async () => {
    const byLocation = await overview(`&location_id=${l1}`);
    expect(byLocation.body).toMatchObject({
      total_reviews: 4,
      avg_rating: 3.75,
      previous_period: { total_reviews: 1 },
    });
    const byGroup = await overview(`&group_id=${groupId}`);
    expect(byGroup.body).toMatchObject({ total_reviews: 4, avg_rating: 3.75 });
    const byRating = await overview("&rating=1,5");
    expect(byRating.body).toMatchObject({ total_reviews: 5, avg_rating: 3.4, ratings: { "1": 2, "5": 3, "2": 0 } });
    const repeated = await overview("&rating=1&rating=5");
    expect(repeated.body.total_reviews).toBe(5);
    const negative = await overview("&sentiment=-1");
    expect(negative.body).toMatchObject({
      total_reviews: 3,
      avg_rating: 1.33,
      sentiment: { negative: 3, positive: 0 },
    });
    const google = await overview(`&source_id=${googleId}`);
    expect(google.body).toMatchObject({
      total_reviews: 3,
      avg_rating: 3.33,
      response_rate: 66.67,
      avg_response_time: 13,
    });
    expect(google.body.sources).toEqual([{ source_id: googleId, name: "Google", count: 3 }]);
    const food = await overview("&category=food");
    expect(food.body).toMatchObject({ total_reviews: 1, avg_rating: 5, response_rate: 0, avg_response_time: null });
  });

  it("answers the same from the reviews table as from the roll-up", async () => {
    const rollup = await overview();
    const raw = await client.get<Record<string, unknown>>(
      `/api/metrics/${accountId}/overview?published_after=2024-03-01T00:00:00Z&published_before=2024-04-01T00:00:00Z`,
    );
    const strip = ({ published_after, published_before, previous_period, ...rest }: Record<string, unknown>) => ({
      ...rest,
      previous: { ...(previous_period as object), published_after: undefined, published_before: undefined },
    });
    expect(strip(raw.body)).toEqual(strip(rollup.body));
  });

  it("picks week and month buckets for longer ranges, six months by default", async () => {
    const weeks = await client.get<{ granularity: string; timeseries: { date: string }[] }>(
      `/api/metrics/${accountId}/overview?published_after=2024-01-01&published_before=2024-03-31`,
    );
    expect(weeks.body.granularity).toBe("week");
    expect(weeks.body.timeseries[0]!.date).toBe("2024-01-01"); // a Monday
    const months = await client.get<{ granularity: string; timeseries: { date: string; total_reviews: number }[] }>(
      `/api/metrics/${accountId}/overview?published_after=2023-07-01&published_before=2024-03-31`,
    );
    expect(months.body.granularity).toBe("month");
    expect(months.body.timeseries.at(-1)).toMatchObject({ date: "2024-03-01", total_reviews: 8 });
    const byDefault = await client.get<{ granularity: string }>(`/api/metrics/${accountId}/overview`);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.granularity).toBe("week");
  });

  it("takes all_time=true as an open lower bound: from the account's first review", async () => {
    type Overview = { published_after: string; published_before: string; granularity: string; total_reviews: number };
    const all = await client.get<Overview>(`/api/metrics/${accountId}/overview?all_time=true`);
    expect(all.status).toBe(200);
    expect(all.body.published_after).toBe("2024-01-01");
    expect(all.body.granularity).toBe("month");
    expect(all.body.total_reviews).toBe(DATA.filter((d) => !d.deleted).length); // deleted at the source: not counted
    const sixMonths = await client.get<Overview>(`/api/metrics/${accountId}/overview`);
    expect(sixMonths.body.published_after).not.toBe("2024-01-01");
    const untilJanuary = await client.get<Overview>(
      `/api/metrics/${accountId}/overview?all_time=true&published_before=2024-01-31`,
    );
    expect(untilJanuary.body).toMatchObject({ published_after: "2024-01-01", published_before: "2024-01-31" });
    expect(untilJanuary.body.total_reviews).toBe(DATA.filter((d) => d.day <= "2024-01-31").length);
    const both = await client.get<{ errors: Record<string, string> }>(
      `/api/metrics/${accountId}/overview?all_time=true&published_after=2024-01-01`,
    );
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.errors)).toEqual(["all_time"]);
    expect((await client.get(`/api/metrics/${accountId}/overview?all_time=yes`)).status).toBe(400);
    // No reviews yet: the period is today.
    const empty = await signedIn(t);
    const none = await empty.client.get<Overview>(`/api/metrics/${empty.account.id}/overview?all_time=true`);
    expect(none.status).toBe(200);
    expect(none.body.published_after).toBe(none.body.published_before);
    expect(none.body.total_reviews).toBe(0);
  });

  it("keeps the roll-up current when a response is published", async () => {
    await createReviewResponse(t.ctx.database, ids.r2!, { publishedAt: new Date("2024-03-02T20:00:00Z") });
    await t.ctx.database.db
      .updateTable("reviews")
      .set({ response_status: "published" })
      .where("id", "=", ids.r2!.id)
      .execute();
    const res = await overview();
    expect(res.body).toMatchObject({ response_rate: 83.33, avg_response_time: 9.6 });
  });

  it("answers 404 for another account, 400 for bad filters, 401 signed out; read-only users may read", async () => {
    const other = await signedIn(t);
    expect((await other.client.get(`/api/metrics/${accountId}/overview`)).status).toBe(404);
    const bad = await client.get<{ errors: Record<string, string> }>(
      `/api/metrics/${accountId}/overview?published_after=yesterday`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["published_after"]);
    const badRating = await client.get(`/api/metrics/${accountId}/overview?rating=9`);
    expect(badRating.status).toBe(400);
    const reversed = await client.get(
      `/api/metrics/${accountId}/overview?published_after=2024-03-02&published_before=2024-03-01`,
    );
    expect(reversed.status).toBe(400);
    expect((await new Client(t.baseUrl).get(`/api/metrics/${accountId}/overview`)).status).toBe(401);
    const viewer = await createUser(t.ctx.database, accountId, { type: "read_only" });
    const viewerClient = await clientFor(t, viewer);
    expect((await viewerClient.get(`/api/metrics/${accountId}/overview`)).status).toBe(200);
  });
});

describe("one definition of answered and respondable (issue 11, item 4)", () => {
  let other: { client: Client; accountId: string; group: string; location: string; google: string };

  beforeAll(async () => {
    const s = await signedIn(t);
    const database = t.ctx.database;
    await database.db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", s.account.id).execute();
    const group = (await createGroup(database, s.account.id)).id;
    const inGroup = (await createLocation(database, s.account.id, { groupId: group })).id;
    const outside = (await createLocation(database, s.account.id)).id;
    // Every response state, on sources that take responses and on ones that do not, deleted or not.
    const states = [null, "pending", "published", "error_published", "pending_delete", "error_unpublished"];
    let n = 0;
    for (const source of ["google", "yelp", "facebook"]) {
      for (const status of states) {
        for (const deleted of [false, true]) {
          n++;
          const review = await createReview(database, {
            accountId: s.account.id,
            locationId: n % 3 === 0 ? outside : inGroup,
            source,
            rating: 1 + (n % 5),
            sentiment: n % 5 < 2 ? -1 : 1,
            publishedAt: new Date(Date.UTC(2024, 2, 1 + (n % 28), 12)),
            responseStatus: status,
          });
          await database.db
            .updateTable("reviews")
            .set({ respondable: source !== "yelp", deleted_at_source: deleted && n % 2 === 0 ? new Date() : null })
            .where("id", "=", review.id)
            .execute();
          if (status === "published" || status === "pending_delete" || status === "error_unpublished") {
            await createReviewResponse(database, review, {
              status: status === "published" ? "published" : status,
              publishedAt: new Date(Date.UTC(2024, 2, 1 + (n % 28), 15)),
              fromSource: source === "yelp",
            });
          }
        }
      }
    }
    other = {
      client: s.client,
      accountId: s.account.id,
      group,
      location: inGroup,
      google: await sourceId(database, "google"),
    };
  });

  it("the database's review_answered holds the contract's answered states", async () => {
    for (const status of [null, "pending", "published", "error_published", "pending_delete", "error_unpublished"]) {
      const { rows } = await sql<{ answered: boolean }>`SELECT review_answered(${status}) AS answered`.execute(
        t.ctx.database.db,
      );
      expect(rows[0]!.answered, String(status)).toBe(isAnswered(status));
      expect(isAnswered(status)).toBe((ANSWERED_RESPONSE_STATUSES as readonly (string | null)[]).includes(status));
    }
  });

  it("the dashboard's response rate and waiting count equal the list's counts behind its links", async () => {
    const dates = "published_after=2024-03-01&published_before=2024-03-31";
    const sets = [
      "",
      `&group_id=${other.group}`,
      `&source_id=${other.google}`,
      "&sentiment=-1",
      "&rating=1,2",
      `&location_id=${other.location}&sentiment=1`,
    ];
    const total = async (query: string) => {
      const res = await other.client.get<{ _total: number }>(`/api/reviews?${dates}${query}&per_page=1`);
      expect(res.status, query).toBe(200);
      return res.body._total;
    };
    for (const set of sets) {
      const res = await other.client.get<{
        response_rate: number | null;
        respondable_reviews: number;
        answered_reviews: number;
        waiting_reviews: number;
      }>(`/api/metrics/${other.accountId}/overview?${dates}${set}`);
      expect(res.status).toBe(200);
      const m = res.body;
      const respondable = await total(`${set}&respondable=true`);
      const answered = await total(`${set}&respondable=true&status=responded`);
      const waiting = await total(`${set}&respondable=true&status=not_responded`);
      expect(m.respondable_reviews, set).toBe(respondable);
      expect(m.answered_reviews, set).toBe(answered);
      expect(m.waiting_reviews, set).toBe(waiting);
      expect(respondable, set).toBeGreaterThan(0);
      expect(m.response_rate, set).toBe(Math.round((10_000 * answered) / respondable) / 100);
      // Status "Responded" and Type "With response" are the same reviews.
      expect(await total(`${set}&status=responded`), set).toBe(await total(`${set}&type=with_response`));
      expect(await total(`${set}&status=not_responded`), set).toBe(await total(`${set}&type=without_response`));
    }
    // The reviews table answers the same as the roll-ups (a date-time bound reads the reviews).
    const raw = await other.client.get<{ answered_reviews: number; respondable_reviews: number }>(
      `/api/metrics/${other.accountId}/overview?published_after=2024-03-01T00:00:00Z&published_before=2024-04-01T00:00:00Z`,
    );
    expect(raw.body.answered_reviews).toBe(await total("&respondable=true&status=responded"));
    expect(raw.body.respondable_reviews).toBe(await total("&respondable=true"));
  });

  it("refuses a respondable value that is not true or false, with the field", async () => {
    const res = await other.client.get<{ errors: Record<string, string> }>("/api/reviews?respondable=maybe");
    expect(res.status).toBe(400);
  });
});

describe("partial periods in the series (issue 11, item 11)", () => {
  type Point = { date: string; partial: boolean; days: number; total_reviews: number };
  const series = async (query: string) =>
    (await client.get<{ granularity: string; timeseries: Point[] }>(`/api/metrics/${accountId}/overview?${query}`))
      .body;

  it("marks a first and last week cut by the range, with the days inside", async () => {
    // Wednesday 6 March to Wednesday 15 May 2024: weeks from Monday 4 March to Monday 13 May.
    const weeks = await series("published_after=2024-03-06&published_before=2024-05-15");
    expect(weeks.granularity).toBe("week");
    expect(weeks.timeseries[0]).toMatchObject({ date: "2024-03-04", partial: true, days: 5 });
    expect(weeks.timeseries.at(-1)).toMatchObject({ date: "2024-05-13", partial: true, days: 3 });
    expect(weeks.timeseries.slice(1, -1).every((p) => !p.partial && p.days === 7)).toBe(true);
  });

  it("marks no week when the range is whole weeks, and a cut month", async () => {
    const whole = await series("published_after=2024-03-04&published_before=2024-04-28");
    expect(whole.timeseries.some((p) => p.partial)).toBe(false);
    const months = await series("published_after=2023-06-15&published_before=2024-03-31");
    expect(months.granularity).toBe("month");
    expect(months.timeseries[0]).toMatchObject({ date: "2023-06-01", partial: true, days: 16 });
    expect(months.timeseries.at(-1)).toMatchObject({ date: "2024-03-01", partial: false, days: 31 });
  });
});
