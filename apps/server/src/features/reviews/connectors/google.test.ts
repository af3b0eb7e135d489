import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeGoogleState, type GoogleApiReview, startFakeGoogle } from "../../sandboxes/sources/google.ts";
import type { FakeServer } from "../../sandboxes/sources/http.ts";
import { listAllReviews, type ReviewConnector, type SourceLocationRef } from "./connector.ts";
import { connectorFor } from "./registry.ts";
import { expectConnectorError } from "./test-support.ts";

const LOCATION = "accounts/1001/locations/2002";

function review(id: string, createTime: string, overrides: Partial<GoogleApiReview> = {}): GoogleApiReview {
  return {
    reviewId: id,
    reviewer: { displayName: `Reviewer ${id}`, profilePhotoUrl: `https://lh3.example/${id}.jpg`, isAnonymous: false },
    starRating: "FOUR",
    comment: `Comment ${id}`,
    createTime,
    updateTime: createTime,
    ...overrides,
  };
}

describe("google connector", () => {
  let fake: FakeServer<FakeGoogleState>;
  let connector: ReviewConnector;
  const ref: SourceLocationRef = { externalId: LOCATION, credentials: { accessToken: "google-token" } };

  beforeEach(async () => {
    fake = await startFakeGoogle({
      locationName: LOCATION,
      now: () => new Date("2024-06-01T10:00:00Z"),
      reviews: [
        review("r1", "2024-05-01T10:00:00Z"),
        review("r2", "2024-05-02T10:00:00Z"),
        review("r3", "2024-05-03T10:00:00Z"),
        review("r4", "2024-05-04T10:00:00Z"),
        review("r5", "2024-05-05T10:00:00Z"),
      ],
    });
    connector = connectorFor("google", { baseUrls: { google: fake.url }, pageSize: 2 });
  });
  afterEach(() => fake.close());

  it("pages through every review with the page token, as a Bearer-authenticated GET", async () => {
    const first = await connector.listReviews(ref);
    expect(first.reviews.map((r) => r.sourceReviewId)).toEqual(["r5", "r4"]);
    expect(first.nextPageToken).toBeDefined();
    const second = await connector.listReviews(ref, { pageToken: first.nextPageToken! });
    expect(second.reviews.map((r) => r.sourceReviewId)).toEqual(["r3", "r2"]);
    const third = await connector.listReviews(ref, { pageToken: second.nextPageToken! });
    expect(third.reviews.map((r) => r.sourceReviewId)).toEqual(["r1"]);
    expect(third.nextPageToken).toBeUndefined();

    const [request, next] = fake.state.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe(`/v4/${LOCATION}/reviews`);
    expect(request?.headers.authorization).toBe("Bearer google-token");
    expect(request?.query).toEqual({ pageSize: "2", orderBy: "update_time desc" });
    expect(next?.query.pageToken).toBe(first.nextPageToken);
  });

  it("maps every field of a review", async () => {
    fake.state.reviews = [
      {
        reviewId: "full",
        reviewer: { displayName: "Ada L.", profilePhotoUrl: "https://lh3.example/ada.jpg", isAnonymous: false },
        starRating: "TWO",
        comment: "Cold soup.",
        createTime: "2024-04-01T08:30:00.123Z",
        updateTime: "2024-04-02T09:00:00Z",
        reviewReply: { comment: "Sorry about that.", updateTime: "2024-04-03T12:00:00Z" },
      },
      {
        reviewId: "bare",
        reviewer: { displayName: "A Google user", isAnonymous: true, profilePhotoUrl: "https://lh3.example/x.jpg" },
        starRating: "STAR_RATING_UNSPECIFIED",
        createTime: "2024-03-01T08:30:00Z",
      },
    ];
    const reviews = await listAllReviews(connector, ref);
    expect(reviews).toEqual([
      {
        sourceReviewId: "full",
        authorName: "Ada L.",
        authorAvatarUrl: "https://lh3.example/ada.jpg",
        rating: 2,
        recommendation: null,
        title: null,
        content: "Cold soup.",
        publishedAt: new Date("2024-04-01T08:30:00.123Z"),
        updatedAt: new Date("2024-04-02T09:00:00Z"),
        url: null,
        images: [],
        ownerResponse: { content: "Sorry about that.", publishedAt: new Date("2024-04-03T12:00:00Z") },
      },
      {
        sourceReviewId: "bare",
        authorName: "A Google user",
        authorAvatarUrl: null,
        rating: null,
        recommendation: null,
        title: null,
        content: null,
        publishedAt: new Date("2024-03-01T08:30:00Z"),
        updatedAt: null,
        url: null,
        images: [],
        ownerResponse: null,
      },
    ]);
  });

  it("maps each star rating", async () => {
    const stars = ["ONE", "TWO", "THREE", "FOUR", "FIVE"] as const;
    fake.state.reviews = stars.map((starRating, i) =>
      review(starRating, `2024-01-0${i + 1}T00:00:00Z`, { starRating, updateTime: "2024-01-01T00:00:00Z" }),
    );
    const reviews = await listAllReviews(connector, ref);
    expect(Object.fromEntries(reviews.map((r) => [r.sourceReviewId, r.rating]))).toEqual({
      ONE: 1,
      TWO: 2,
      THREE: 3,
      FOUR: 4,
      FIVE: 5,
    });
  });

  it("returns a review published late with a createTime before the previous sync", async () => {
    const firstSyncAt = new Date("2024-05-10T00:00:00Z");
    const first = await listAllReviews(connector, ref);
    expect(first).toHaveLength(5);

    fake.state.reviews.push(review("late", "2024-05-01T12:00:00Z"));
    const second = await listAllReviews(connector, ref, { since: firstSyncAt });
    const late = second.find((r) => r.sourceReviewId === "late");
    expect(late?.publishedAt).toEqual(new Date("2024-05-01T12:00:00Z"));
    expect(second).toHaveLength(6);
  });

  it("no longer lists a review deleted at the source, and shows an edit", async () => {
    fake.state.reviews = fake.state.reviews.filter((r) => r.reviewId !== "r3");
    const edited = fake.state.reviews.find((r) => r.reviewId === "r1")!;
    edited.comment = "Changed my mind.";
    edited.starRating = "FIVE";
    edited.updateTime = "2024-05-20T00:00:00Z";

    const reviews = await listAllReviews(connector, ref);
    expect(reviews.map((r) => r.sourceReviewId).sort()).toEqual(["r1", "r2", "r4", "r5"]);
    expect(reviews[0]).toMatchObject({
      sourceReviewId: "r1",
      content: "Changed my mind.",
      rating: 5,
      updatedAt: new Date("2024-05-20T00:00:00Z"),
    });
  });

  it("publishes a reply with PUT {name}/reply and deletes it with DELETE", async () => {
    const published = await connector.publishResponse!(ref, "r2", "Thanks for coming!");
    expect(published.publishedAt).toEqual(new Date("2024-06-01T10:00:00Z"));
    const put = fake.state.requests.at(-1);
    expect(put).toMatchObject({
      method: "PUT",
      path: `/v4/${LOCATION}/reviews/r2/reply`,
      body: { comment: "Thanks for coming!" },
    });
    expect(put?.headers["content-type"]).toBe("application/json");
    expect(fake.state.reviews.find((r) => r.reviewId === "r2")?.reviewReply?.comment).toBe("Thanks for coming!");
    const listed = await listAllReviews(connector, ref);
    expect(listed.find((r) => r.sourceReviewId === "r2")?.ownerResponse?.content).toBe("Thanks for coming!");

    await connector.deleteResponse!(ref, "r2");
    expect(fake.state.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v4/${LOCATION}/reviews/r2/reply` });
    expect(fake.state.reviews.find((r) => r.reviewId === "r2")?.reviewReply).toBeUndefined();
  });

  it("treats deleting the reply of a review gone from the source as done", async () => {
    await expect(connector.deleteResponse!(ref, "gone")).resolves.toBeUndefined();
  });

  it("gives auth on a wrong or missing token, without sending a missing one", async () => {
    await expectConnectorError(connector.listReviews({ ...ref, credentials: { accessToken: "stale" } }), "auth");
    const before = fake.state.requests.length;
    await expectConnectorError(connector.listReviews({ ...ref, credentials: {} }), "auth");
    expect(fake.state.requests).toHaveLength(before);
  });

  it("gives rate_limited with retryAfter on 429, temporary on 5xx, not_found for another location", async () => {
    fake.state.failures.push({ status: 429, retryAfter: 7 }, { status: 503 }, { status: 500 });
    const limited = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.retryable).toBe(true);
    await expectConnectorError(connector.listReviews(ref), "temporary");
    await expectConnectorError(connector.publishResponse!(ref, "r1", "hi"), "temporary");
    await expectConnectorError(connector.listReviews({ ...ref, externalId: "accounts/1001/locations/9" }), "not_found");
    await expectConnectorError(connector.listReviews({ ...ref, externalId: "locations/9" }), "rejected");
  });

  it("reads the retry delay from google.rpc.RetryInfo when there is no Retry-After", async () => {
    fake.state.failures.push({
      status: 429,
      body: {
        error: {
          code: 429,
          message: "Quota exceeded",
          status: "RESOURCE_EXHAUSTED",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12.5s" }],
        },
      },
    });
    const error = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(error.retryAfterSeconds).toBe(13);
    expect(error.message).toContain("RESOURCE_EXHAUSTED");
  });

  it("gives temporary when the source cannot be reached", async () => {
    await fake.close();
    const unreachable = connectorFor("google", { baseUrls: { google: fake.url }, timeoutMs: 2000 });
    await expectConnectorError(unreachable.listReviews(ref), "temporary");
    fake = await startFakeGoogle();
  });
});
