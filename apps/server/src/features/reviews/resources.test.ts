import type {
  TNote,
  TRenderedTemplate,
  TResponseTemplate,
  TReviewHistoryList,
  TStatusLabel,
} from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let viewer: Client;
let reviewId: string;
let otherReviewId: string;
type Errors = { errors: Record<string, string>; error: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  other = await signedIn(t);
  const location = await createLocation(t.ctx.database, owner.account.id, { name: "Riverside Grill" });
  reviewId = (
    await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      authorName: "Dana",
      rating: 4,
    })
  ).id;
  const otherLocation = await createLocation(t.ctx.database, other.account.id);
  otherReviewId = (await createReview(t.ctx.database, { accountId: other.account.id, locationId: otherLocation.id }))
    .id;
  viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
});
afterAll(async () => t?.close());

describe("/api/review_status_labels", () => {
  it("creates, lists, renames and deletes labels; names are unique per account", async () => {
    const created = await owner.client.post<TStatusLabel>("/api/review_status_labels", {
      name: "Needs follow-up",
      color: "#FFAA00",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Needs follow-up", color: "#FFAA00", ordinal: 0 });
    expect((await owner.client.post("/api/review_status_labels", { name: "needs FOLLOW-UP" })).status).toBe(409);
    const list = await owner.client.get<{ _embedded: { review_status_labels: TStatusLabel[] } }>(
      "/api/review_status_labels",
    );
    expect(list.body._embedded.review_status_labels.map((l) => l.id)).toEqual([created.body.id]);
    const renamed = await owner.client.patch<TStatusLabel>(`/api/review_status_labels/${created.body.id}`, {
      name: "Followed up",
    });
    expect(renamed.body.name).toBe("Followed up");
    expect((await owner.client.delete(`/api/review_status_labels/${created.body.id}`)).status).toBe(204);
  });

  it("answers 400 with the field, 403 to Read Only, 404 for another account's label", async () => {
    const bad = await owner.client.post<Errors>("/api/review_status_labels", { name: "x", color: "red" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("color");
    expect((await viewer.post("/api/review_status_labels", { name: "Mine" })).status).toBe(403);
    const theirs = await other.client.post<TStatusLabel>("/api/review_status_labels", { name: "Theirs" });
    expect((await owner.client.patch(`/api/review_status_labels/${theirs.body.id}`, { name: "x" })).status).toBe(404);
  });
});

describe("/api/notes", () => {
  it("adds a note to a review with its author, and records it in the history", async () => {
    const created = await owner.client.post<TNote>("/api/notes", { review_id: reviewId, content: "Called the guest." });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ review_id: reviewId, user_id: owner.user.id, user_name: "Test User" });
    const list = await owner.client.get<{ _embedded: { notes: TNote[] } }>(`/api/notes?review_id=${reviewId}`);
    expect(list.body._embedded.notes.map((n) => n.content)).toEqual(["Called the guest."]);
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${reviewId}/history`);
    expect(history.body._embedded.history[0]).toMatchObject({ action: "note_added", user_name: "Test User" });
  });

  it("answers 400 with the field, 403 to Read Only, 404 for another account's review", async () => {
    const long = await owner.client.post<Errors>("/api/notes", { review_id: reviewId, content: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toHaveProperty("content");
    expect((await viewer.post("/api/notes", { review_id: reviewId, content: "hi" })).status).toBe(403);
    expect((await owner.client.post("/api/notes", { review_id: otherReviewId, content: "hi" })).status).toBe(404);
  });
});

describe("/api/response_templates", () => {
  it("renders {reviewer_name}, {location_name} and {rating} for a review", async () => {
    const created = await owner.client.post<TResponseTemplate>("/api/response_templates", {
      name: "Thanks",
      content: "Hi {reviewer_name}, thanks for the {rating} stars at {location_name}! {unknown}",
    });
    expect(created.status).toBe(201);
    const rendered = await owner.client.post<TRenderedTemplate>(`/api/response_templates/${created.body.id}/render`, {
      review_id: reviewId,
    });
    expect(rendered.status).toBe(200);
    expect(rendered.body.content).toBe("Hi Dana, thanks for the 4 stars at Riverside Grill! {unknown}");
  });

  it("answers 400 with the field, 403 to Read Only, 404 across accounts", async () => {
    const blank = await owner.client.post<Errors>("/api/response_templates", { name: "x", content: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty("content");
    expect((await viewer.post("/api/response_templates", { name: "x", content: "y" })).status).toBe(403);
    const mine = await owner.client.post<TResponseTemplate>("/api/response_templates", { name: "a", content: "b" });
    const render = (client: Client, id: string, review: string) =>
      client.post(`/api/response_templates/${id}/render`, { review_id: review });
    expect((await render(owner.client, mine.body.id, otherReviewId)).status).toBe(404);
    expect((await render(other.client, mine.body.id, otherReviewId)).status).toBe(404);
  });
});
