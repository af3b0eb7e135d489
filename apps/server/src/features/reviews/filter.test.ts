import type { TMetricsOverview } from "@starboard/contract/metrics";
import type { TIssue, TReviewList, TUrlList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors.ts";
import { createLocation, createReview, createUrl, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { parseReviewFilter } from "./filter.ts";

/** The field of the 400 the parser throws for a query. */
function fieldOf(query: Record<string, unknown>, options?: Parameters<typeof parseReviewFilter>[1]) {
  try {
    parseReviewFilter(query, options);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return Object.keys(error.errors ?? {});
    throw error;
  }
  return [];
}

const ID1 = "11111111-1111-4111-8111-111111111111";
const ID2 = "22222222-2222-4222-8222-222222222222";

describe("parseReviewFilter", () => {
  it("reads a list filter as key, repeated key, key[] or comma-separated, without empties or repeats", () => {
    expect(parseReviewFilter({ rating: "5" }).ratings).toEqual([5]);
    expect(parseReviewFilter({ rating: ["4", "5"] }).ratings).toEqual([4, 5]);
    expect(parseReviewFilter({ "rating[]": ["4", "5"], rating: "4" }).ratings).toEqual([4, 5]);
    expect(parseReviewFilter({ rating: "1, 2,,5" }).ratings).toEqual([1, 2, 5]);
    expect(parseReviewFilter({ location_id: `${ID1},${ID2}`, "location_id[]": ID1 }).locationIds).toEqual([ID1, ID2]);
    expect(parseReviewFilter({ category: "FOOD,service" }).categories).toEqual(["food", "service"]);
    expect(parseReviewFilter({ status: `responded,${ID1}` })).toMatchObject({
      responded: true,
      notResponded: false,
      statusLabelIds: [ID1],
    });
  });

  it("never splits a tag on commas (a name may hold one)", () => {
    expect(parseReviewFilter({ tag: ["vip, gold", ID1] })).toMatchObject({ tagNames: ["vip, gold"], tagIds: [ID1] });
  });

  it("takes sentiment as 1 or -1 only: the reviews' values, on every endpoint", () => {
    expect(parseReviewFilter({ sentiment: "1,-1" }).sentiments).toEqual([1, -1]);
    for (const other of ["positive", "negative", "neutral", "0", "2"]) {
      expect(fieldOf({ sentiment: other }), other).toEqual(["sentiment"]);
    }
  });

  it("takes a date (a whole day) or a date-time (an instant), from the key or its alias", () => {
    expect(parseReviewFilter({ published_after: "2024-03-01", to: "2024-03-31" })).toMatchObject({
      publishedAfter: { day: "2024-03-01" },
      publishedBefore: { day: "2024-03-31" },
    });
    expect(parseReviewFilter({ from: "2024-03-01T06:00:00Z" }).publishedAfter).toEqual({
      instant: new Date("2024-03-01T06:00:00Z"),
    });
    expect(parseReviewFilter({ published_after: "2024-03-01", from: "2020-01-01" }).publishedAfter).toEqual({
      day: "2024-03-01",
    });
    expect(parseReviewFilter({ published_after: "2024-03-01", published_before: "2024-03-01" }).publishedAfter).toEqual(
      { day: "2024-03-01" },
    );
  });

  it("answers 400 on the filter's name for a value that cannot be one", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ "rating[]": "9" }, "rating"],
      [{ rating: "4,six" }, "rating"],
      [{ "group_id[]": "abc" }, "group_id"],
      [{ source_id: `${ID1},nope` }, "source_id"],
      [{ status: "maybe" }, "status"],
      [{ type: "bogus" }, "type"],
      [{ category: "weather" }, "category"],
      [{ published_after: "2024-13-01" }, "published_after"],
      [{ to: "yesterday" }, "to"],
      [{ published_after: "2024-03-02", published_before: "2024-03-01" }, "published_after"],
      [{ published_after: "2024-03-01T10:00:00Z", published_before: "2024-03-01T10:00:00Z" }, "published_after"],
    ];
    for (const [query, field] of cases) expect(fieldOf(query), JSON.stringify(query)).toEqual([field]);
  });

  it("takes any category name when asked to (the metrics overview)", () => {
    expect(parseReviewFilter({ category: "Weather" }, { categories: "any" }).categories).toEqual(["weather"]);
  });
});

describe("one spelling across endpoints", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let location: { id: string };
  const overview = (query: string) =>
    owner.client.get<TMetricsOverview & { errors?: Record<string, string> }>(
      `/api/metrics/${owner.account.id}/overview?${query}`,
    );

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedIn(t);
    const db = t.ctx.database;
    await db.db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", owner.account.id).execute();
    location = await createLocation(db, owner.account.id);
    for (const [at, rating, sentiment] of [
      ["2024-03-01T05:00:00Z", 5, 1],
      ["2024-03-01T15:00:00Z", 4, 1],
      ["2024-03-02T09:00:00Z", 1, -1],
    ] as const) {
      await createReview(db, {
        accountId: owner.account.id,
        locationId: location.id,
        publishedAt: at,
        rating,
        sentiment,
      });
    }
    await createUrl(db, { accountId: owner.account.id, locationId: location.id, source: "google" });
  });
  afterAll(async () => t?.close());

  it("narrows the review list and the overview alike: comma lists, sentiment -1, date-times", async () => {
    const march = "published_after=2024-03-01&published_before=2024-03-31";
    const list = await owner.client.get<TReviewList>(`/api/reviews?${march}&rating=4,5&sentiment=1`);
    expect(list.status).toBe(200);
    expect(list.body._total).toBe(2);
    expect((await overview(`${march}&rating=4,5&sentiment=1`)).body.total_reviews).toBe(2);
    expect((await overview(`${march}&sentiment=-1`)).body.total_reviews).toBe(1);

    // An instant bound (counted from the reviews, not the daily roll-ups): from 10:00 on March 1.
    const instants = "published_after=2024-03-01T10:00:00Z&published_before=2024-04-01T00:00:00Z";
    const byInstant = await owner.client.get<TReviewList>(`/api/reviews?${instants}`);
    expect(byInstant.status).toBe(200);
    expect(byInstant.body._total).toBe(2);
    expect(byInstant.body._embedded.reviews).toHaveLength(2);
    expect((await overview(instants)).body.total_reviews).toBe(2);
  });

  it("answers 400 on the same field on both, for the same bad value", async () => {
    for (const query of ["sentiment=positive", "sentiment=0", "rating=9", "location_id=abc"]) {
      const field = query.split("=")[0]!;
      const list = await owner.client.get<{ errors: Record<string, string> }>(`/api/reviews?${query}`);
      expect(list.status, query).toBe(400);
      expect(Object.keys(list.body.errors), query).toEqual([field]);
      const metrics = await overview(query);
      expect(metrics.status, query).toBe(400);
      expect(Object.keys(metrics.body.errors ?? {}), query).toEqual([field]);
    }
  });

  it("reads location_id and source_id of URLs and issues the same way", async () => {
    const urls = await owner.client.get<TUrlList>(`/api/urls?location_id[]=${location.id}`);
    expect(urls.status).toBe(200);
    expect(urls.body._total).toBe(1);
    const bad = await owner.client.get<{ errors: Record<string, string> }>(`/api/issues?location_id=${location.id},x`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["location_id"]);
    const issues = await owner.client.get<{ _embedded: { issues: TIssue[] } }>(
      `/api/issues?location_id=${location.id}&source_id[]=${ID1}`,
    );
    expect(issues.status).toBe(200);
    expect(issues.body._embedded.issues).toEqual([]);
  });
});
