import type { TStatusLabel, TStatusLabelList, TTag, TTagList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

// Tags and status labels managed in settings (issue 11): counts of reviews, rename, merge of
// near-duplicates, delete.

let t: TestApp;
let admin: Client;
let accountId: string;
let reviews: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ workers: false });
  const owner = await signedIn(t);
  admin = owner.client;
  accountId = owner.account.id;
  const location = await createLocation(t.ctx.database, accountId);
  reviews = [];
  for (let i = 0; i < 4; i++)
    reviews.push((await createReview(t.ctx.database, { accountId, locationId: location.id })).id);
});
afterAll(async () => t?.close());

describe("tags in settings", () => {
  it("lists each tag with its count, merges near-duplicates, renames, and reports the count before delete", async () => {
    await admin.post("/api/review_tags", { review_id: reviews[0], name: "Follow up" });
    await admin.post("/api/review_tags", { review_id: reviews[1], name: "Follow up" });
    await admin.post("/api/review_tags", { review_id: reviews[1], name: "follow-up" });
    await admin.post("/api/review_tags", { review_id: reviews[2], name: "follow-up" });
    const list = await admin.get<TTagList>("/api/tags");
    const byName = new Map(list.body._embedded.tags.map((tag) => [tag.name, tag]));
    expect(byName.get("Follow up")?.review_count).toBe(2);
    expect(byName.get("follow-up")?.review_count).toBe(2);

    const merged = await admin.post<TTag>(`/api/tags/${byName.get("follow-up")!.id}/merge`, {
      into_id: byName.get("Follow up")!.id,
    });
    expect(merged.status).toBe(200);
    // Reviews 0, 1 and 2 carry it once each.
    expect(merged.body).toMatchObject({ name: "Follow up", review_count: 3 });
    const after = await admin.get<TTagList>("/api/tags");
    expect(after.body._embedded.tags.map((tag) => tag.name)).toEqual(["Follow up"]);
    const onReview1 = await admin.get<{ _embedded: { review_tags: { name: string }[] } }>(
      `/api/review_tags?review_id=${reviews[1]}`,
    );
    expect(onReview1.body._embedded.review_tags.map((rt) => rt.name)).toEqual(["Follow up"]);

    const renamed = await admin.patch<TTag>(`/api/tags/${merged.body.id}`, { name: "Call back" });
    expect(renamed.body.name).toBe("Call back");
    expect((await admin.get<TTag>(`/api/tags/${merged.body.id}`)).body.review_count).toBe(3);
    expect((await admin.delete(`/api/tags/${merged.body.id}`)).status).toBe(204);
    expect((await admin.get<TTagList>("/api/tags")).body._total).toBe(0);
  });

  it("answers 400 on into_id for itself or another account's tag, 403 to a User, 404 for another account", async () => {
    const a = await admin.post<TTag>("/api/tags", { name: "alpha" });
    const other = await signedIn(t);
    const foreign = await other.client.post<TTag>("/api/tags", { name: "beta" });
    for (const into of [a.body.id, foreign.body.id, "nope", undefined]) {
      const res = await admin.post<{ errors: Record<string, string> }>(`/api/tags/${a.body.id}/merge`, {
        into_id: into,
      });
      expect(res.status, String(into)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(["into_id"]);
    }
    expect((await other.client.post(`/api/tags/${a.body.id}/merge`, { into_id: foreign.body.id })).status).toBe(404);
    const user = await clientFor(t, await createUser(t.ctx.database, accountId, { type: "user" }));
    const b = await admin.post<TTag>("/api/tags", { name: "gamma" });
    expect((await user.post(`/api/tags/${a.body.id}/merge`, { into_id: b.body.id })).status).toBe(403);
  });
});

describe("status labels in settings", () => {
  it("lists each label with its count and merges one into another, with history", async () => {
    const one = await admin.post<TStatusLabel>("/api/review_status_labels", { name: "Escalated" });
    const two = await admin.post<TStatusLabel>("/api/review_status_labels", { name: "escalated!" });
    await admin.patch(`/api/reviews/${reviews[0]}`, { status_label_id: one.body.id });
    await admin.patch(`/api/reviews/${reviews[1]}`, { status_label_id: two.body.id });
    await admin.patch(`/api/reviews/${reviews[2]}`, { status_label_id: two.body.id });
    const list = await admin.get<TStatusLabelList>("/api/review_status_labels");
    const counts = Object.fromEntries(list.body._embedded.review_status_labels.map((l) => [l.name, l.review_count]));
    expect(counts).toMatchObject({ Escalated: 1, "escalated!": 2 });
    const merged = await admin.post<TStatusLabel>(`/api/review_status_labels/${two.body.id}/merge`, {
      into_id: one.body.id,
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ name: "Escalated", review_count: 3 });
    const history = await admin.get<{ _embedded: { history: { description: string }[] } }>(
      `/api/reviews/${reviews[2]}/history`,
    );
    expect(history.body._embedded.history[0]!.description).toBe('Status changed from "escalated!" to "Escalated"');
    const bad = await admin.post(`/api/review_status_labels/${one.body.id}/merge`, { into_id: one.body.id });
    expect(bad.status).toBe(400);
  });
});
