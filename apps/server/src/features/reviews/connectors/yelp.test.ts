import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeServer } from "../../sandboxes/sources/http.ts";
import { type FakeYelpState, startFakeYelp, type YelpApiReview } from "../../sandboxes/sources/yelp.ts";
import { listAllReviews, type ReviewConnector, type SourceLocationRef } from "./connector.ts";
import { connectorFor } from "./registry.ts";
import { expectConnectorError } from "./test-support.ts";
import { pacificTimeToDate } from "./yelp.ts";

const BUSINESS = "eleven-madison-park-new-york";

function review(id: string, timeCreated: string, rating = 4): YelpApiReview {
  return {
    id,
    url: `https://www.yelp.com/biz/${BUSINESS}?hrid=${id}&utm_source=api`,
    text: `Review ${id}, cut short by Yelp...`,
    rating,
    time_created: timeCreated,
    user: {
      id: `user-${id}`,
      profile_url: `https://www.yelp.com/user_details?userid=user-${id}`,
      image_url: `https://s3-media3.fl.yelpcdn.com/photo/${id}/o.jpg`,
      name: `Reviewer ${id.toUpperCase()}.`,
    },
  };
}

describe("yelp connector", () => {
  let fake: FakeServer<FakeYelpState>;
  let connector: ReviewConnector;
  const ref: SourceLocationRef = { externalId: BUSINESS, credentials: { apiKey: "yelp-key" } };

  beforeEach(async () => {
    fake = await startFakeYelp({
      reviews: [
        review("a", "2023-04-10 18:57:16", 5),
        review("b", "2023-06-11 11:33:42", 1),
        review("c", "2023-05-28 16:52:27", 4),
        review("d", "2023-01-05 09:00:00", 3),
        review("e", "2023-02-05 09:00:00", 2),
      ],
    });
    connector = connectorFor("yelp", { baseUrls: { yelp: fake.url }, pageSize: 2 });
  });
  afterEach(() => fake.close());

  it("reads only: no reply API", () => {
    expect(connector.supportsResponses).toBe(false);
    expect(connector.publishResponse).toBeUndefined();
    expect(connector.deleteResponse).toBeUndefined();
  });

  it("pages with limit and offset, newest first, with the API key as Bearer", async () => {
    const first = await connector.listReviews(ref);
    expect(first.reviews.map((r) => r.sourceReviewId)).toEqual(["b", "c"]);
    const second = await connector.listReviews(ref, { pageToken: first.nextPageToken! });
    expect(second.reviews.map((r) => r.sourceReviewId)).toEqual(["a", "e"]);
    const third = await connector.listReviews(ref, { pageToken: second.nextPageToken! });
    expect(third.reviews.map((r) => r.sourceReviewId)).toEqual(["d"]);
    expect(third.nextPageToken).toBeUndefined();

    expect(fake.state.requests.map((r) => r.query)).toEqual([
      { limit: "2", offset: "0", sort_by: "newest" },
      { limit: "2", offset: "2", sort_by: "newest" },
      { limit: "2", offset: "4", sort_by: "newest" },
    ]);
    expect(fake.state.requests[0]?.path).toBe(`/v3/businesses/${BUSINESS}/reviews`);
    expect(fake.state.requests[0]?.headers.authorization).toBe("Bearer yelp-key");
  });

  it("stops at a short page when the plan serves fewer reviews than the total", async () => {
    fake.state.planCap = 3;
    const reviews = await listAllReviews(connectorFor("yelp", { baseUrls: { yelp: fake.url }, pageSize: 50 }), ref);
    expect(reviews).toHaveLength(3);
    expect(fake.state.requests).toHaveLength(1);
  });

  it("maps every field, reading time_created as Pacific time", async () => {
    fake.state.reviews = [review("a", "2023-04-10 18:57:16", 5)];
    const [mapped] = await listAllReviews(connector, ref);
    expect(mapped).toEqual({
      sourceReviewId: "a",
      authorName: "Reviewer A.",
      authorAvatarUrl: "https://s3-media3.fl.yelpcdn.com/photo/a/o.jpg",
      rating: 5,
      recommendation: null,
      title: null,
      content: "Review a, cut short by Yelp...",
      // PDT, UTC-7
      publishedAt: new Date("2023-04-11T01:57:16Z"),
      updatedAt: null,
      url: `https://www.yelp.com/biz/${BUSINESS}?hrid=a&utm_source=api`,
      images: [],
      ownerResponse: null,
    });
  });

  it("converts Pacific wall-clock times in and out of daylight saving", () => {
    expect(pacificTimeToDate("2023-01-10 18:57:16")).toEqual(new Date("2023-01-11T02:57:16Z"));
    expect(pacificTimeToDate("2023-07-10 18:57:16")).toEqual(new Date("2023-07-11T01:57:16Z"));
    expect(pacificTimeToDate("2023-03-12 01:30:00")).toEqual(new Date("2023-03-12T09:30:00Z"));
    expect(pacificTimeToDate("2023-03-12 03:30:00")).toEqual(new Date("2023-03-12T10:30:00Z"));
    expect(pacificTimeToDate("2023-11-05 12:00:00")).toEqual(new Date("2023-11-05T20:00:00Z"));
  });

  it("returns a late review with an old time_created, and drops one deleted at the source", async () => {
    const firstSyncAt = new Date("2023-07-01T00:00:00Z");
    expect(await listAllReviews(connector, ref)).toHaveLength(5);

    fake.state.reviews.push(review("late", "2023-03-01 10:00:00"));
    fake.state.reviews = fake.state.reviews.filter((r) => r.id !== "c");
    const second = await listAllReviews(connector, ref, { since: firstSyncAt });
    expect(second.map((r) => r.sourceReviewId).sort()).toEqual(["a", "b", "d", "e", "late"]);
  });

  it("maps Yelp's errors", async () => {
    await expectConnectorError(connector.listReviews({ ...ref, credentials: { apiKey: "wrong" } }), "auth");
    await expectConnectorError(connector.listReviews({ ...ref, credentials: {} }), "auth");
    await expectConnectorError(connector.listReviews({ ...ref, externalId: "closed-down" }), "not_found");
    fake.state.failures.push({ status: 429, retryAfter: 2 }, { status: 500 }, { status: 503 });
    const limited = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(limited.retryAfterSeconds).toBe(2);
    expect(limited.message).toContain("TOO_MANY_REQUESTS_PER_SECOND");
    await expectConnectorError(connector.listReviews(ref), "temporary");
    await expectConnectorError(connector.listReviews(ref), "temporary");
    await expectConnectorError(connector.listReviews(ref, { pageToken: "not-a-number" }), "rejected");
  });
});
