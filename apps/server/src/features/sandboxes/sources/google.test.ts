import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAllReviews, type SourceLocationRef } from "../../reviews/connectors/connector.ts";
import { connectorFor } from "../../reviews/connectors/registry.ts";
import { expectConnectorError } from "../../reviews/connectors/test-support.ts";
import { type FakeGoogleState, type GoogleApiReview, startFakeGoogle } from "./google.ts";
import type { FakeServer } from "./http.ts";

/** The fake itself, as a test in another process drives it: several locations and the `/__fake/` control API. */

const TOKEN = "demo-token";
const ref = (externalId: string): SourceLocationRef => ({ externalId, credentials: { accessToken: TOKEN } });

function review(id: string, overrides: Partial<GoogleApiReview> = {}): GoogleApiReview {
  return {
    reviewId: id,
    starRating: "THREE",
    comment: `Comment ${id}`,
    createTime: "2024-05-01T10:00:00Z",
    ...overrides,
  };
}

describe("fake Google", () => {
  let fake: FakeServer<FakeGoogleState>;
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${fake.url}/__fake${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeEach(async () => {
    fake = await startFakeGoogle({
      accessToken: TOKEN,
      locationName: "accounts/1/locations/1",
      reviews: [review("a")],
      locations: { "accounts/1/locations/2": [review("b")] },
      accounts: ["accounts/9"],
    });
  });
  afterEach(() => fake.close());

  it("serves several locations, and any location of an open account, but no other", async () => {
    const connector = connectorFor("google", { baseUrls: { google: fake.url } });
    const ids = async (name: string) =>
      (await listAllReviews(connector, ref(name))).map((r) => r.sourceReviewId).join(",");
    expect(await ids("accounts/1/locations/1")).toBe("a");
    expect(await ids("accounts/1/locations/2")).toBe("b");
    expect(await ids("accounts/9/locations/77")).toBe("");
    await expectConnectorError(connector.listReviews(ref("accounts/1/locations/3")), "not_found");
  });

  it("answers health, adds and replaces reviews, and shows the replies it holds", async () => {
    expect(await control("GET", "/health")).toEqual({ status: 200, body: { status: "ok" } });
    const name = "accounts/9/locations/5";
    const added = await control("POST", `/${name}/reviews`, { reviews: [review("x"), review("y")] });
    expect(added.status).toBe(200);
    await control("POST", `/${name}/reviews`, { reviews: [review("y", { comment: "Edited" })] });

    const connector = connectorFor("google", { baseUrls: { google: fake.url } });
    const listed = await listAllReviews(connector, ref(name));
    expect(listed.map((r) => [r.sourceReviewId, r.content]).sort()).toEqual([
      ["x", "Comment x"],
      ["y", "Edited"],
    ]);
    await connector.publishResponse!(ref(name), "x", "Thank you!");
    const held = await control("GET", `/${name}/reviews`);
    expect(held.body.reviews).toContainEqual(
      expect.objectContaining({
        name: `${name}/reviews/x`,
        reviewReply: expect.objectContaining({ comment: "Thank you!" }),
      }),
    );

    await control("PUT", "/accounts/1/locations/1/reviews", { reviews: [review("z")] });
    expect(fake.state.reviews.map((r) => r.reviewId)).toEqual(["z"]);
    expect((await control("POST", `/${name}/reviews`, { reviews: [{ comment: "no id" }] })).status).toBe(400);
    expect((await control("GET", "/nothing")).status).toBe(404);
  });

  it("records the API's requests, not the control calls, and clears them", async () => {
    const connector = connectorFor("google", { baseUrls: { google: fake.url } });
    await connector.publishResponse!(ref("accounts/1/locations/1"), "a", "Thanks");
    const { body } = await control("GET", "/requests");
    expect(body.requests).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/v4/accounts/1/locations/1/reviews/a/reply",
        body: { comment: "Thanks" },
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      }),
    ]);
    await control("DELETE", "/requests");
    expect((await control("GET", "/requests")).body.requests).toEqual([]);
  });

  it("queues a failure for one method and path, leaving other calls alone", async () => {
    const connector = connectorFor("google", { baseUrls: { google: fake.url } });
    const path = "/v4/accounts/1/locations/2/reviews/b/reply";
    const queued = await control("POST", "/failures", {
      status: 400,
      method: "PUT",
      path,
      body: { error: { code: 400, message: "Reply rejected.", status: "INVALID_ARGUMENT" } },
    });
    expect(queued.status).toBe(201);
    expect(await listAllReviews(connector, ref("accounts/1/locations/2"))).toHaveLength(1);
    await connector.publishResponse!(ref("accounts/1/locations/1"), "a", "Thanks");
    const error = await expectConnectorError(
      connector.publishResponse!(ref("accounts/1/locations/2"), "b", "Thanks"),
      "rejected",
    );
    expect(error.message).toContain("Reply rejected.");
    expect((await control("GET", "/failures")).body.failures).toEqual([]);
    await connector.publishResponse!(ref("accounts/1/locations/2"), "b", "Thanks");
    expect(fake.state.locations["accounts/1/locations/2"]?.[0]?.reviewReply?.comment).toBe("Thanks");
    expect((await control("POST", "/failures", { status: "bad" })).status).toBe(400);
  });
});
