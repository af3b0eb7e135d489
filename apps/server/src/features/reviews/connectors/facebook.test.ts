import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FacebookApiRecommendation,
  type FakeFacebookState,
  startFakeFacebook,
} from "../../sandboxes/sources/facebook.ts";
import type { FakeServer } from "../../sandboxes/sources/http.ts";
import { listAllReviews, type ReviewConnector, type SourceLocationRef } from "./connector.ts";
import { FACEBOOK_RATING_FIELDS } from "./facebook.ts";
import { connectorFor } from "./registry.ts";
import { expectConnectorError } from "./test-support.ts";

const PAGE = "104882365536925";

function recommendation(
  story: string,
  createdTime: string,
  overrides: Partial<FacebookApiRecommendation> = {},
): FacebookApiRecommendation {
  return {
    created_time: createdTime,
    recommendation_type: "positive",
    review_text: `Text of ${story}`,
    has_rating: false,
    reviewer: { id: `user-${story}`, name: `Person ${story}` },
    open_graph_story: { id: story, comments: [] },
    ...overrides,
  };
}

describe("facebook connector", () => {
  let fake: FakeServer<FakeFacebookState>;
  let connector: ReviewConnector;
  const ref: SourceLocationRef = { externalId: PAGE, credentials: { accessToken: "facebook-page-token" } };

  beforeEach(async () => {
    fake = await startFakeFacebook({
      pageId: PAGE,
      now: () => new Date("2024-06-01T10:00:00Z"),
      ratings: [
        recommendation("s1", "2024-05-01T10:00:00+0000"),
        recommendation("s2", "2024-05-02T10:00:00+0000"),
        recommendation("s3", "2024-05-03T10:00:00+0000"),
        recommendation("s4", "2024-05-04T10:00:00+0000"),
        recommendation("s5", "2024-05-05T10:00:00+0000"),
      ],
    });
    connector = connectorFor("facebook", { baseUrls: { facebook: fake.url }, pageSize: 2 });
  });
  afterEach(() => fake.close());

  it("pages with the after cursor until paging.next is gone", async () => {
    const first = await connector.listReviews(ref);
    expect(first.reviews.map((r) => r.sourceReviewId)).toEqual(["s5", "s4"]);
    const second = await connector.listReviews(ref, { pageToken: first.nextPageToken! });
    expect(second.reviews.map((r) => r.sourceReviewId)).toEqual(["s3", "s2"]);
    const third = await connector.listReviews(ref, { pageToken: second.nextPageToken! });
    expect(third.reviews.map((r) => r.sourceReviewId)).toEqual(["s1"]);
    expect(third.nextPageToken).toBeUndefined();

    const [request, next] = fake.state.requests;
    expect(request).toMatchObject({ method: "GET", path: `/v21.0/${PAGE}/ratings` });
    expect(request?.query).toEqual({ fields: FACEBOOK_RATING_FIELDS, limit: "2", access_token: "facebook-page-token" });
    expect(next?.query.after).toBe(first.nextPageToken);
  });

  it("maps every field: stars when given, else 5 for positive and 1 for negative; the Page's comment as response", async () => {
    fake.state.ratings = [
      recommendation("starred", "2017-03-01T08:00:00+0000", {
        recommendation_type: "negative",
        rating: 3,
        has_rating: true,
        open_graph_story: {
          id: "starred",
          comments: [
            {
              id: "c1",
              from: { id: "999", name: "A friend" },
              message: "Agreed!",
              created_time: "2017-03-02T08:00:00+0000",
            },
            {
              id: "c2",
              from: { id: PAGE, name: "Corner Bistro" },
              message: "We hear you.",
              created_time: "2017-03-03T08:00:00+0000",
            },
          ],
        },
      }),
      recommendation("up", "2024-04-01T08:00:00+0000"),
      recommendation("down", "2024-04-02T08:00:00+0000", {
        recommendation_type: "negative",
        open_graph_story: { id: "down", comments: [] },
      }),
    ];
    fake.state.ratings[1]!.review_text = undefined;
    fake.state.ratings[1]!.reviewer = undefined;

    const reviews = await listAllReviews(connector, ref);
    const byId = Object.fromEntries(reviews.map((r) => [r.sourceReviewId, r]));
    expect(byId.starred).toEqual({
      sourceReviewId: "starred",
      authorName: "Person starred",
      authorAvatarUrl: null,
      rating: 3,
      recommendation: "negative",
      title: null,
      content: "Text of starred",
      publishedAt: new Date("2017-03-01T08:00:00Z"),
      updatedAt: null,
      url: "https://www.facebook.com/starred",
      images: [],
      ownerResponse: { content: "We hear you.", publishedAt: new Date("2017-03-03T08:00:00Z"), sourceResponseId: "c2" },
    });
    expect(byId.up).toMatchObject({ rating: 5, recommendation: "positive", authorName: null, content: null });
    expect(byId.down).toMatchObject({ rating: 1, recommendation: "negative", ownerResponse: null });
  });

  it("returns a late recommendation with an old created_time, and drops one deleted at the source", async () => {
    const firstSyncAt = new Date("2024-05-10T00:00:00Z");
    expect(await listAllReviews(connector, ref)).toHaveLength(5);

    fake.state.ratings.push(recommendation("late", "2024-04-20T00:00:00+0000"));
    fake.state.ratings = fake.state.ratings.filter((r) => r.open_graph_story.id !== "s2");
    fake.state.ratings[0]!.review_text = "Edited text";
    const second = await listAllReviews(connector, ref, { since: firstSyncAt });
    expect(second.map((r) => r.sourceReviewId).sort()).toEqual(["late", "s1", "s3", "s4", "s5"]);
    expect(second.find((r) => r.sourceReviewId === "s1")?.content).toBe("Edited text");
  });

  it("replies with a comment on the story and deletes it by comment id", async () => {
    const published = await connector.publishResponse!(ref, "s3", "Thank you!");
    expect(published.sourceResponseId).toBe("s3_1");
    const post = fake.state.requests.at(-1);
    expect(post).toMatchObject({ method: "POST", path: "/v21.0/s3/comments", body: { message: "Thank you!" } });
    expect(post?.query.access_token).toBe("facebook-page-token");
    expect(fake.state.ratings.find((r) => r.open_graph_story.id === "s3")?.open_graph_story.comments).toEqual([
      {
        id: "s3_1",
        from: { id: PAGE, name: "Corner Bistro" },
        message: "Thank you!",
        created_time: "2024-06-01T10:00:00+0000",
      },
    ]);
    const listed = await listAllReviews(connector, ref);
    expect(listed.find((r) => r.sourceReviewId === "s3")?.ownerResponse?.content).toBe("Thank you!");

    await connector.deleteResponse!(ref, "s3", "s3_1");
    expect(fake.state.requests.at(-1)).toMatchObject({ method: "DELETE", path: "/v21.0/s3_1" });
    expect(fake.state.ratings.find((r) => r.open_graph_story.id === "s3")?.open_graph_story.comments).toEqual([]);
    // Again: already gone counts as done.
    await connector.deleteResponse!(ref, "s3", "s3_1");
  });

  it("finds the Page's own comment to delete when no comment id is given", async () => {
    const story = fake.state.ratings[0]!.open_graph_story;
    story.comments.push({
      id: "other",
      from: { id: "777", name: "Someone" },
      message: "me too",
      created_time: "2024-05-02T00:00:00+0000",
    });
    await connector.publishResponse!(ref, story.id, "Thanks");
    await connector.deleteResponse!(ref, story.id);
    expect(fake.state.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v21.0/${story.id}/comments`,
      `DELETE /v21.0/${story.id}_1`,
    ]);
    expect(story.comments.map((c) => c.id)).toEqual(["other"]);
  });

  it("maps Graph errors: code 190 and 401 to auth, throttling to rate_limited, 5xx to temporary", async () => {
    await expectConnectorError(connector.listReviews({ ...ref, credentials: { accessToken: "expired" } }), "auth");
    await expectConnectorError(connector.listReviews({ ...ref, externalId: "123" }), "not_found");
    await expectConnectorError(connector.publishResponse!(ref, "s1", ""), "rejected");

    fake.state.failures.push(
      { status: 401, body: "" },
      { status: 429, retryAfter: 30 },
      {
        status: 400,
        headers: {
          "x-business-use-case-usage": JSON.stringify({
            [PAGE]: [
              { type: "pages", call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: 4 },
            ],
          }),
        },
        body: {
          error: {
            message: "(#80001) There have been too many calls to this Page account.",
            type: "OAuthException",
            code: 80001,
          },
        },
      },
      { status: 500 },
    );
    await expectConnectorError(connector.listReviews(ref), "auth");
    const limited = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(limited.retryAfterSeconds).toBe(30);
    const throttled = await expectConnectorError(connector.listReviews(ref), "rate_limited");
    expect(throttled.retryAfterSeconds).toBe(240);
    await expectConnectorError(connector.listReviews(ref), "temporary");
  });

  it("keeps the access token out of error messages", async () => {
    fake.state.failures.push({ status: 500 });
    const error = await expectConnectorError(connector.listReviews(ref), "temporary");
    expect(error.message).not.toContain("facebook-page-token");
  });
});
