import type { TReview, TReviewList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, createReview, createReviewResponse, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("GET /api/reviews: what hangs off each review", () => {
  it("carries each review's tags by name, images by position and current response, on the right review", async () => {
    const db = t.ctx.database;
    const owner = await signedIn(t);
    const accountId = owner.account.id;
    const location = await createLocation(db, accountId);
    const newer = await createReview(db, { accountId, locationId: location.id, publishedAt: "2024-05-02T10:00:00Z" });
    const older = await createReview(db, { accountId, locationId: location.id, publishedAt: "2024-05-01T10:00:00Z" });
    const bare = await createReview(db, { accountId, locationId: location.id, publishedAt: "2024-04-30T10:00:00Z" });

    const tag = async (reviewId: string, name: string) => {
      const row = await db.db
        .insertInto("tags")
        .values({ account_id: accountId, name })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.db
        .insertInto("review_tags")
        .values({ account_id: accountId, review_id: reviewId, tag_id: row.id, name })
        .execute();
      return { id: row.id, name };
    };
    const waiting = await tag(newer.id, "Waiting");
    const billing = await tag(newer.id, "Billing");
    const food = await tag(older.id, "Food");

    const image = (reviewId: string, name: string, position: number) =>
      db.db
        .insertInto("review_images")
        .values({ account_id: accountId, review_id: reviewId, name, url: `https://img.example/${name}`, position })
        .execute();
    await image(older.id, "third.jpg", 2);
    await image(older.id, "first.jpg", 0);
    await image(older.id, "second.jpg", 1);
    await image(newer.id, "only.jpg", 0);

    // The current response is the newest one not deleted.
    const first = await createReviewResponse(db, newer, {
      content: "First answer",
      publishedAt: "2024-05-03T08:00:00.123Z",
    });
    await db.db
      .updateTable("responses")
      .set({ created_at: new Date("2024-05-03T08:00:00Z") })
      .where("id", "=", first.id)
      .execute();
    const removed = await createReviewResponse(db, newer, { content: "Withdrawn answer" });
    await db.db.updateTable("responses").set({ deleted_at: new Date() }).where("id", "=", removed.id).execute();
    const gone = await createReviewResponse(db, bare, { content: "Deleted" });
    await db.db.updateTable("responses").set({ deleted_at: new Date() }).where("id", "=", gone.id).execute();
    const latest = await createReviewResponse(db, older, { content: "Older first" });
    await db.db
      .updateTable("responses")
      .set({ created_at: new Date("2024-05-01T00:00:00Z") })
      .where("id", "=", latest.id)
      .execute();
    const current = await createReviewResponse(db, older, {
      content: "Thanks for the photos",
      status: "pending",
      publishedAt: null,
    });
    await db.db
      .updateTable("responses")
      .set({ created_at: new Date("2024-05-02T00:00:00Z") })
      .where("id", "=", current.id)
      .execute();

    const res = await owner.client.get<TReviewList>("/api/reviews");
    expect(res.status).toBe(200);
    const byId = new Map(res.body._embedded.reviews.map((r) => [r.id, r]));
    const related = (r: TReview | undefined) => ({
      tags: r?.tags,
      images: r?.images.map((i) => i.name),
      response: r?.response && {
        id: r.response.id,
        content: r.response.content,
        published_at: r.response.published_at,
      },
    });
    expect(res.body._embedded.reviews.map((r) => r.id)).toEqual([newer.id, older.id, bare.id]);
    expect(related(byId.get(newer.id))).toEqual({
      tags: [billing, waiting],
      images: ["only.jpg"],
      response: { id: first.id, content: "First answer", published_at: "2024-05-03T08:00:00.123Z" },
    });
    expect(related(byId.get(older.id))).toEqual({
      tags: [food],
      images: ["first.jpg", "second.jpg", "third.jpg"],
      response: { id: current.id, content: "Thanks for the photos", published_at: null },
    });
    expect(related(byId.get(bare.id))).toEqual({ tags: [], images: [], response: null });
    // The review itself answers the same.
    const one = await owner.client.get<TReview>(`/api/reviews/${older.id}`);
    expect(related(one.body)).toEqual(related(byId.get(older.id)));
  });
});
