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

describe("edits", () => {
  it("edits a note by PATCH or PUT, deletes it with a history entry; another account's note answers 404", async () => {
    const note = await owner.client.post<TNote>("/api/notes", { review_id: reviewId, content: "First draft" });
    const patched = await owner.client.patch<TNote>(`/api/notes/${note.body.id}`, { content: "Second draft" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ content: "Second draft", user_name: "Test User" });
    expect(Date.parse(patched.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(note.body.updated_at));
    const put = await owner.client.put<TNote>(`/api/notes/${note.body.id}`, { content: "Final" });
    expect(put.body.content).toBe("Final");
    expect((await owner.client.put<Errors>(`/api/notes/${note.body.id}`, {})).status).toBe(400);
    expect((await owner.client.get<TNote>(`/api/notes/${note.body.id}`)).body.content).toBe("Final");
    expect((await other.client.get(`/api/notes/${note.body.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/notes/${note.body.id}`)).status).toBe(404);
    expect((await viewer.delete(`/api/notes/${note.body.id}`)).status).toBe(403);

    expect((await owner.client.delete(`/api/notes/${note.body.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/notes/${note.body.id}`)).status).toBe(404);
    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${reviewId}/history`);
    expect(history.body._embedded.history[0]).toMatchObject({
      action: "note_deleted",
      description: "Note deleted",
      details: { note_id: note.body.id },
    });
    const none = await owner.client.get<{ _total: number }>("/api/notes?review_id=not-an-id");
    expect(none.body._total).toBe(0);
  });

  it("orders status labels by ordinal, and keeps a label's own name free on rename", async () => {
    const account = await signedIn(t);
    const later = await account.client.post<TStatusLabel>("/api/review_status_labels", { name: "Done", ordinal: 2 });
    await account.client.post("/api/review_status_labels", { name: "Open", ordinal: 1 });
    type Page = { _embedded: { review_status_labels: TStatusLabel[] } };
    const list = await account.client.get<Page>("/api/review_status_labels");
    expect(list.body._embedded.review_status_labels.map((l) => l.name)).toEqual(["Open", "Done"]);
    const byName = await account.client.get<Page>("/api/review_status_labels?sort[by]=name&sort[order]=desc");
    expect(byName.body._embedded.review_status_labels.map((l) => l.name)).toEqual(["Open", "Done"]);
    const same = await account.client.put<TStatusLabel>(`/api/review_status_labels/${later.body.id}`, {
      name: "DONE",
      color: null,
    });
    expect(same.body).toMatchObject({ name: "DONE", color: null, ordinal: 2 });
    expect((await account.client.get<TStatusLabel>(`/api/review_status_labels/${later.body.id}`)).body.name).toBe(
      "DONE",
    );
    expect((await account.client.patch(`/api/review_status_labels/${later.body.id}`, { name: "open" })).status).toBe(
      409,
    );
  });

  it("changes and deletes templates; another account's template answers 404", async () => {
    const created = await owner.client.post<TResponseTemplate>("/api/response_templates", {
      name: "Five stars",
      content: "Thanks!",
      rating_min: 5,
    });
    expect(created.body).toMatchObject({ rating_min: 5, rating_max: null });
    const patched = await owner.client.patch<TResponseTemplate>(`/api/response_templates/${created.body.id}`, {
      rating_max: 5,
    });
    expect(patched.body).toMatchObject({ name: "Five stars", rating_min: 5, rating_max: 5 });
    const put = await owner.client.put<TResponseTemplate>(`/api/response_templates/${created.body.id}`, {
      name: "Top",
      content: "Thank you!",
    });
    expect(put.body).toMatchObject({ name: "Top", content: "Thank you!", rating_min: 5 });
    const found = await owner.client.get<{ _embedded: { response_templates: TResponseTemplate[] } }>(
      "/api/response_templates?keywords=to&search_type=typeahead",
    );
    expect(found.body._embedded.response_templates.map((x) => x.id)).toEqual([created.body.id]);
    expect((await other.client.get(`/api/response_templates/${created.body.id}`)).status).toBe(404);
    expect(
      (await other.client.put(`/api/response_templates/${created.body.id}`, { name: "x", content: "y" })).status,
    ).toBe(404);
    expect((await owner.client.delete(`/api/response_templates/${created.body.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/response_templates/${created.body.id}`)).status).toBe(404);
  });
});
