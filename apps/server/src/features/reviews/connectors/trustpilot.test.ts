import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeServer } from "../../sandboxes/sources/http.ts";
import {
  type FakeTrustpilotState,
  startFakeTrustpilot,
  type TrustpilotApiReview,
} from "../../sandboxes/sources/trustpilot.ts";
import { listAllReviews, type ReviewConnector, type SourceLocationRef } from "./connector.ts";
import { connectorFor } from "./registry.ts";
import { expectConnectorError } from "./test-support.ts";

const UNIT = "507f191e810c19729de860ea";

function review(id: string, createdAt: string, overrides: Partial<TrustpilotApiReview> = {}): TrustpilotApiReview {
  return {
    id,
    stars: 4,
    title: `Title ${id}`,
    text: `Text ${id}`,
    language: "en",
    createdAt,
    updatedAt: null,
    consumer: {
      id: `consumer-${id}`,
      displayName: `Consumer ${id}`,
      displayLocation: "Copenhagen",
      numberOfReviews: 3,
    },
    companyReply: null,
    ...overrides,
  };
}

describe("trustpilot connector", () => {
  let fake: FakeServer<FakeTrustpilotState>;
  let connector: ReviewConnector;
  const ref: SourceLocationRef = {
    externalId: UNIT,
    credentials: { apiKey: "trustpilot-key", accessToken: "trustpilot-token", businessUserId: "bu-42" },
  };

  beforeEach(async () => {
    fake = await startFakeTrustpilot({
      businessUnitId: UNIT,
      now: () => new Date("2024-06-01T10:00:00Z"),
      reviews: [
        review("t1", "2024-05-01T10:00:00Z"),
        review("t2", "2024-05-02T10:00:00Z"),
        review("t3", "2024-05-03T10:00:00Z"),
        review("t4", "2024-05-04T10:00:00Z"),
        review("t5", "2024-05-05T10:00:00Z"),
      ],
    });
    connector = connectorFor("trustpilot", { baseUrls: { trustpilot: fake.url }, pageSize: 2 });
  });
  afterEach(() => fake.close());

  it("pages with page and perPage while a next-page link is given, sending the apikey header", async () => {
    const first = await connector.listReviews(ref);
    expect(first.reviews.map((r) => r.sourceReviewId)).toEqual(["t5", "t4"]);
    const second = await connector.listReviews(ref, { pageToken: first.nextPageToken! });
    expect(second.reviews.map((r) => r.sourceReviewId)).toEqual(["t3", "t2"]);
    const third = await connector.listReviews(ref, { pageToken: second.nextPageToken! });
    expect(third.reviews.map((r) => r.sourceReviewId)).toEqual(["t1"]);
    expect(third.nextPageToken).toBeUndefined();

    expect(fake.state.requests.map((r) => r.query)).toEqual([
      { page: "1", perPage: "2", orderBy: "createdat.desc" },
      { page: "2", perPage: "2", orderBy: "createdat.desc" },
      { page: "3", perPage: "2", orderBy: "createdat.desc" },
    ]);
    expect(fake.state.requests[0]?.path).toBe(`/v1/business-units/${UNIT}/reviews`);
    expect(fake.state.requests[0]?.headers.apikey).toBe("trustpilot-key");
  });

  it("maps every field, the company reply included", async () => {
    fake.state.reviews = [
      review("full", "2024-04-01T08:30:00Z", {
        stars: 2,
        title: "Late delivery",
        text: "Took three weeks.",
        updatedAt: "2024-04-02T08:30:00Z",
        companyReply: { text: "We are sorry.", createdAt: "2024-04-03T08:00:00Z", updatedAt: "2024-04-04T08:00:00Z" },
      }),
      review("plain", "2024-03-01T08:30:00Z", {
        companyReply: { text: "Thanks!", createdAt: "2024-03-02T08:00:00Z", updatedAt: null },
      }),
    ];
    const [full, plain] = await listAllReviews(connector, ref);
    expect(full).toEqual({
      sourceReviewId: "full",
      authorName: "Consumer full",
      authorAvatarUrl: null,
      rating: 2,
      recommendation: null,
      title: "Late delivery",
      content: "Took three weeks.",
      publishedAt: new Date("2024-04-01T08:30:00Z"),
      updatedAt: new Date("2024-04-02T08:30:00Z"),
      url: "https://www.trustpilot.com/reviews/full",
      images: [],
      ownerResponse: { content: "We are sorry.", publishedAt: new Date("2024-04-04T08:00:00Z") },
    });
    expect(plain).toMatchObject({
      rating: 4,
      updatedAt: null,
      ownerResponse: { content: "Thanks!", publishedAt: new Date("2024-03-02T08:00:00Z") },
    });
  });

  it("returns a late review with an old createdAt, and drops one deleted at the source", async () => {
    const firstSyncAt = new Date("2024-05-10T00:00:00Z");
    expect(await listAllReviews(connector, ref)).toHaveLength(5);

    fake.state.reviews.push(review("late", "2024-04-15T00:00:00Z"));
    fake.state.reviews = fake.state.reviews.filter((r) => r.id !== "t4");
    const second = await listAllReviews(connector, ref, { since: firstSyncAt });
    expect(second.map((r) => r.sourceReviewId).sort()).toEqual(["late", "t1", "t2", "t3", "t5"]);
  });

  it("posts a reply as the business user and deletes it, with the Bearer token", async () => {
    const published = await connector.publishResponse!(ref, "t2", "Thank you for the review.");
    expect(published.publishedAt).toBeInstanceOf(Date);
    const post = fake.state.requests.at(-1);
    expect(post).toMatchObject({
      method: "POST",
      path: "/v1/private/reviews/t2/reply",
      body: { message: "Thank you for the review.", authorBusinessUserId: "bu-42" },
    });
    expect(post?.headers.authorization).toBe("Bearer trustpilot-token");
    expect(post?.headers.apikey).toBeUndefined();
    expect(fake.state.reviews.find((r) => r.id === "t2")?.companyReply).toEqual({
      text: "Thank you for the review.",
      authorBusinessUserId: "bu-42",
      createdAt: "2024-06-01T10:00:00.000Z",
      updatedAt: "2024-06-01T10:00:00.000Z",
    });
    const listed = await listAllReviews(connector, ref);
    expect(listed.find((r) => r.sourceReviewId === "t2")?.ownerResponse?.content).toBe("Thank you for the review.");

    await connector.deleteResponse!(ref, "t2");
    expect(fake.state.requests.at(-1)).toMatchObject({ method: "DELETE", path: "/v1/private/reviews/t2/reply" });
    expect(fake.state.reviews.find((r) => r.id === "t2")?.companyReply).toBeNull();
    await expect(connector.deleteResponse!(ref, "no-such-review")).resolves.toBeUndefined();
  });

  it("maps errors: wrong key or token to auth, 429 to rate_limited, 5xx to temporary", async () => {
    await expectConnectorError(connector.listReviews({ ...ref, credentials: { apiKey: "wrong" } }), "auth");
    await expectConnectorError(
      connector.publishResponse!({ ...ref, credentials: { ...ref.credentials, accessToken: "expired" } }, "t1", "Hi"),
      "auth",
    );
    const before = fake.state.requests.length;
    await expectConnectorError(
      connector.publishResponse!({ ...ref, credentials: { apiKey: "trustpilot-key" } }, "t1", "Hi"),
      "auth",
    );
    expect(fake.state.requests).toHaveLength(before);
    await expectConnectorError(connector.listReviews({ ...ref, externalId: "000000000000000000000000" }), "not_found");
    await expectConnectorError(connector.publishResponse!(ref, "t1", ""), "rejected");

    const retryAt = new Date(Date.now() + 90_000).toUTCString();
    fake.state.failures.push({ status: 429, retryAfter: retryAt }, { status: 502 });
    const limited = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(90);
    expect(limited.message).toContain("Rate limit quota violation");
    await expectConnectorError(connector.listReviews(ref), "temporary");
  });
});
