import {
  RESPONSE_DELETE_ERROR,
  RESPONSE_PUBLISH_ERROR,
  type TResponse,
  type TResponseList,
  type TReview,
  type TReviewHistoryList,
} from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createLocation,
  createReview,
  createSourceCredentials,
  createUrl,
  createUser,
  signedIn,
} from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { type FakeGoogleState, startFakeGoogle } from "../sandboxes/sources/google.ts";
import type { FakeServer } from "../sandboxes/sources/http.ts";

const LOCATION_NAME = "accounts/1001/locations/2002";
let t: TestApp;
let google: FakeServer<FakeGoogleState>;
let owner: Awaited<ReturnType<typeof signedIn>>;
let locationId: string;
let counter = 0;
const saved = { base: process.env.GOOGLE_API_BASE, delay: process.env.RESPONSES_RETRY_DELAY_SECONDS };
type Errors = { errors: Record<string, string>; error: string };

beforeAll(async () => {
  google = await startFakeGoogle({ locationName: LOCATION_NAME, accessToken: "google-token" });
  // The Google connector reads its host from GOOGLE_API_BASE; retries wait 1-2 s instead of 30.
  process.env.GOOGLE_API_BASE = google.url;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = "1";
  t = await startTestApp();
  owner = await signedIn(t);
  const location = await createLocation(t.ctx.database, owner.account.id);
  locationId = location.id;
  await createUrl(t.ctx.database, {
    accountId: owner.account.id,
    locationId,
    source: "google",
    referenceId: LOCATION_NAME,
  });
  await createSourceCredentials(t.ctx.database, { accountId: owner.account.id, source: "google" });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  process.env.GOOGLE_API_BASE = saved.base;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = saved.delay;
});

/** A Google review in Starboard and at the fake Google. */
async function googleReview(at = locationId) {
  const sourceReviewId = `g-${++counter}`;
  google.state.reviews.push({ reviewId: sourceReviewId, starRating: "FOUR", createTime: "2024-05-01T10:00:00Z" });
  return createReview(t.ctx.database, {
    accountId: owner.account.id,
    locationId: at,
    source: "google",
    sourceReviewId,
  });
}

async function responsesOf(reviewId: string, client: Client = owner.client) {
  const res = await client.get<TResponseList>(`/api/responses?review_id=${reviewId}`);
  expect(res.status).toBe(200);
  return res.body._embedded.responses;
}

/** Polls the review's responses until the check passes (the jobs run in the background). */
async function until(reviewId: string, check: (responses: TResponse[]) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await owner.client.get<TResponseList>(`/api/responses?review_id=${reviewId}`);
    expect(res.status).toBe(200);
    const responses = res.body._embedded.responses;
    if (check(responses)) return responses;
    if (Date.now() > deadline) throw new Error(`timed out; responses: ${JSON.stringify(responses)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const statusIs = (status: string) => (responses: TResponse[]) => responses[0]?.status === status;

describe("publishing", () => {
  it("publishes through the source's connector: pending, then published", async () => {
    const review = await googleReview();
    const created = await owner.client.post<TResponse>("/api/responses", {
      review_id: review.id,
      content: "Thank you, Pat!",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", review_id: review.id, user_name: "Test User" });
    const [published] = await until(review.id, statusIs("published"));
    expect(published).toMatchObject({ status: "published", status_description: null, read_only: false });
    expect(published!.published_at).not.toBeNull();
    const put = google.state.requests.find(
      (r) => r.method === "PUT" && r.path.endsWith(`/${review.source_review_id}/reply`),
    );
    expect(put?.body).toEqual({ comment: "Thank you, Pat!" });
    expect(put?.headers.authorization).toBe("Bearer google-token");

    const detail = await owner.client.get<TReview>(`/api/reviews/${review.id}`);
    expect(detail.body.response).toMatchObject({
      id: created.body.id,
      status: "published",
      content: "Thank you, Pat!",
    });
    expect(detail.body.response_status).toBe("published");
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${review.id}/history`);
    expect(history.body._embedded.history.map((h) => h.action).reverse()).toEqual([
      "response_submitted",
      "response_published",
    ]);
    expect(history.body._embedded.history.at(-1)?.user_name).toBe("Test User");

    // One response per review.
    const again = await owner.client.post<Errors>("/api/responses", { review_id: review.id, content: "Again" });
    expect(again.status).toBe(409);
  });

  it("marks a failed publish error_published with the spec's message, and a retry publishes it", async () => {
    const review = await googleReview();
    google.state.failures.push({ status: 500 });
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Sorry!" });
    expect(created.status).toBe(201);
    const [failed] = await until(review.id, statusIs("error_published"));
    expect(failed!.status_description).toBe(RESPONSE_PUBLISH_ERROR);
    expect(failed!.status_description).toBe(
      "An error occurred while publishing the response. We’ll try again. No action necessary.",
    );
    const [published] = await until(review.id, statusIs("published"));
    expect(published!.status_description).toBeNull();
    const row = await t.ctx.database.db
      .selectFrom("responses")
      .select(["attempts", "last_error"])
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, last_error: null });
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${review.id}/history`);
    expect(history.body._embedded.history.map((h) => h.action).reverse()).toEqual([
      "response_submitted",
      "response_publish_failed",
      "response_published",
    ]);
  });

  it("fails honestly when the location has no reference id at the source", async () => {
    const bare = await createLocation(t.ctx.database, owner.account.id);
    const review = await googleReview(bare.id);
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Hello" });
    await until(review.id, statusIs("error_published"));
    const row = await t.ctx.database.db
      .selectFrom("responses")
      .select("last_error")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBe("The location has no Google reference id.");
  });

  it("publishes feedback responses locally, read only", async () => {
    const review = await createReview(t.ctx.database, { accountId: owner.account.id, locationId, source: "feedback" });
    await owner.client.post("/api/responses", { review_id: review.id, content: "Thanks for the feedback" });
    const [published] = await until(review.id, statusIs("published"));
    expect(published!.read_only).toBe(true);
  });
});

describe("deleting", () => {
  it("removes a published response at the source: the review's response list is then empty", async () => {
    const review = await googleReview();
    await owner.client.post("/api/responses", { review_id: review.id, content: "To be removed" });
    const [published] = await until(review.id, statusIs("published"));
    expect(google.state.reviews.find((r) => r.reviewId === review.source_review_id)?.reviewReply).toBeDefined();
    const deleting = await owner.client.delete<TResponse>(`/api/responses/${published!.id}`);
    expect(deleting.status).toBe(202);
    expect(deleting.body.status).toBe("pending_delete");
    await until(review.id, (responses) => responses.length === 0);
    expect(google.state.reviews.find((r) => r.reviewId === review.source_review_id)?.reviewReply).toBeUndefined();
    const detail = await owner.client.get<TReview>(`/api/reviews/${review.id}`);
    expect(detail.body.response).toBeNull();
    expect(detail.body.response_status).toBeNull();
    expect((await owner.client.delete(`/api/responses/${published!.id}`)).status).toBe(404);
  });

  it("marks a failed delete error_unpublished with the spec's message, and a retry removes it", async () => {
    const review = await googleReview();
    await owner.client.post("/api/responses", { review_id: review.id, content: "Stays a while" });
    const [published] = await until(review.id, statusIs("published"));
    google.state.failures.push({ status: 500 });
    await owner.client.delete(`/api/responses/${published!.id}`);
    const [failed] = await until(review.id, statusIs("error_unpublished"));
    expect(failed!.status_description).toBe(RESPONSE_DELETE_ERROR);
    expect(failed!.status_description).toBe(
      "An error occurred while deleting the response. We’ll try again. No action necessary.",
    );
    await until(review.id, (responses) => responses.length === 0);
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${review.id}/history`);
    expect(history.body._embedded.history.map((h) => h.action).slice(0, 3)).toEqual([
      "response_deleted",
      "response_delete_failed",
      "response_delete_requested",
    ]);
  });
});

describe("failures the source refuses for good", () => {
  const attemptsOf = async (id: string) =>
    (
      await t.ctx.database.db
        .selectFrom("responses")
        .select(["attempts", "status"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).attempts;
  // Retries here wait 1-2 s (RESPONSES_RETRY_DELAY_SECONDS=1): 4 s without a new attempt means none is coming.
  const noRetryFor = () => new Promise((resolve) => setTimeout(resolve, 4000));

  it("stops retrying a publish the source rejects (400) and says why, in the user's words", async () => {
    const review = await googleReview();
    google.state.failures.push({ status: 400 });
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Bad one" });
    const [failed] = await until(review.id, statusIs("error_published"));
    expect(failed!.status_description).toBe(
      "Google refused this response, so it was not published and will not be retried. Delete it and write it again.",
    );
    await noRetryFor();
    expect(await attemptsOf(created.body.id)).toBe(1);
    const [still] = await responsesOf(review.id);
    expect(still).toMatchObject({ status: "error_published", status_description: failed!.status_description });
    const puts = google.state.requests.filter(
      (r) => r.method === "PUT" && r.path.includes(`/${review.source_review_id}/`),
    );
    expect(puts).toHaveLength(1);
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${review.id}/history`);
    expect(history.body._embedded.history.map((h) => h.action).reverse()).toEqual([
      "response_submitted",
      "response_publish_failed",
    ]);
    // The user can delete it (it never reached Google) and write a new one.
    expect((await owner.client.delete(`/api/responses/${created.body.id}`)).status).toBe(202);
    await until(review.id, (responses) => responses.length === 0);
  });

  it("stops retrying a publish Google forbids (403) and asks to reconnect", async () => {
    const review = await googleReview();
    google.state.failures.push({ status: 403 });
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Hi" });
    const [failed] = await until(review.id, statusIs("error_published"));
    expect(failed!.status_description).toContain("Reconnect Google");
    await noRetryFor();
    expect(await attemptsOf(created.body.id)).toBe(1);
  });

  it("keeps retrying a rate-limited publish (429) with the spec's message until it goes through", async () => {
    const review = await googleReview();
    google.state.failures.push({ status: 429 });
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Later" });
    const [failed] = await until(review.id, statusIs("error_published"));
    expect(failed!.status_description).toBe(RESPONSE_PUBLISH_ERROR);
    await until(review.id, statusIs("published"));
    expect(await attemptsOf(created.body.id)).toBe(2);
  });

  it("stops retrying a delete the source refuses (400) and says the response is still there", async () => {
    const review = await googleReview();
    await owner.client.post("/api/responses", { review_id: review.id, content: "Staying" });
    const [published] = await until(review.id, statusIs("published"));
    google.state.failures.push({ status: 400 });
    await owner.client.delete(`/api/responses/${published!.id}`);
    const [failed] = await until(review.id, statusIs("error_unpublished"));
    expect(failed!.status_description).toBe(
      "Google refused to delete this response, so it is still there and will not be retried. Delete it again later, or at Google.",
    );
    await noRetryFor();
    expect(await attemptsOf(published!.id)).toBe(2); // one publish, one delete
    expect((await responsesOf(review.id))[0]?.status).toBe("error_unpublished");
    // Asking again tries again.
    expect((await owner.client.delete(`/api/responses/${published!.id}`)).status).toBe(202);
    await until(review.id, (responses) => responses.length === 0);
  });
});

describe("validation and access", () => {
  it("answers 400 with the field for empty or too long content and for a source without responses", async () => {
    const review = await googleReview();
    const empty = await owner.client.post<Errors>("/api/responses", { review_id: review.id, content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty("content");
    const long = await owner.client.post<Errors>("/api/responses", { review_id: review.id, content: "x".repeat(4097) });
    expect(long.status).toBe(400);
    expect(long.body.errors.content).toContain("1 characters too many");
    expect(
      (await owner.client.post("/api/responses", { review_id: review.id, content: "x".repeat(4096) })).status,
    ).toBe(201);
    const yelp = await createReview(t.ctx.database, { accountId: owner.account.id, locationId, source: "yelp" });
    const refused = await owner.client.post<Errors>("/api/responses", { review_id: yelp.id, content: "Hi" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty("review_id");
  });

  it("answers 400 on review_id when a connection issue blocks responding", async () => {
    const location = await createLocation(t.ctx.database, owner.account.id);
    const review = await googleReview(location.id);
    await t.ctx.database.db
      .insertInto("issues")
      .values({
        account_id: owner.account.id,
        location_id: location.id,
        source_id: review.source_id,
        status: "missing_place_id",
      })
      .execute();
    const res = await owner.client.post<Errors>("/api/responses", { review_id: review.id, content: "Hi" });
    expect(res.status).toBe(400);
    expect(res.body.errors.review_id).toContain("not connected");
    expect((await owner.client.get<TReview>(`/api/reviews/${review.id}`)).body.respondable).toBe(false);
  });

  it("answers 403 to Read Only, 404 for another account's review or response, 401 without a session", async () => {
    const review = await googleReview();
    const viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
    expect((await viewer.post("/api/responses", { review_id: review.id, content: "Hi" })).status).toBe(403);
    const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Hi" });
    expect(await responsesOf(review.id, viewer)).toHaveLength(1);
    expect((await viewer.delete(`/api/responses/${created.body.id}`)).status).toBe(403);

    const other = await signedIn(t);
    expect((await other.client.post("/api/responses", { review_id: review.id, content: "Hi" })).status).toBe(404);
    expect((await other.client.get(`/api/responses?review_id=${review.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/responses/${created.body.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/responses/${created.body.id}`)).status).toBe(404);
    const anon = new Client(t.baseUrl);
    expect((await anon.post("/api/responses", { review_id: review.id, content: "Hi" })).status).toBe(401);
    // Without review_id: the account's responses (issue 10, ReviewTrackers' GET /responses), not another's.
    const all = await owner.client.get<TResponseList>("/api/responses");
    expect(all.status).toBe(200);
    expect(all.body._embedded.responses.map((r) => r.id)).toContain(created.body.id);
    const theirs = await other.client.get<TResponseList>("/api/responses");
    expect(theirs.body._embedded.responses.map((r) => r.id)).not.toContain(created.body.id);
  });
});
