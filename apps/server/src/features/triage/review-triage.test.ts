import type { TReview, TReviewHistoryList, TReviewList } from "@starboard/contract/reviews";
import type { TBulkAction, TBulkActionList } from "@starboard/contract/triage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

// Review triage (issue 11): assignment with its e-mail and history, "Assigned to me", bulk changes run
// as a job with progress, and the undo of the last one.

let t: TestApp;
let manager: Client;
let managerId: string;
let colleague: { id: string; email: string; account_id: string };
let colleagueClient: Client;
let userClient: Client;
let accountId: string;
const reviewIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signedIn(t, { type: "manager" });
  manager = owner.client;
  managerId = owner.user.id;
  accountId = owner.account.id;
  colleague = await createUser(t.ctx.database, accountId, { type: "user", name: "Sam Lee" });
  colleagueClient = await clientFor(t, colleague);
  userClient = colleagueClient;
  const location = await createLocation(t.ctx.database, accountId, { name: "Dallas Uptown" });
  for (let i = 0; i < 14; i++) {
    const review = await createReview(t.ctx.database, {
      accountId,
      locationId: location.id,
      rating: 1 + (i % 5),
      publishedAt: new Date(Date.now() - i * 3_600_000),
    });
    reviewIds.push(review.id);
  }
});
afterAll(async () => t?.close());

async function bulkDone(client: Client, id: string, status = "done") {
  let last: TBulkAction | undefined;
  await expect
    .poll(
      async () => {
        const res = await client.get<TBulkActionList>("/api/review_bulk_actions");
        last = res.body.bulk_actions.find((b) => b.id === id);
        return last?.status;
      },
      { timeout: 20_000 },
    )
    .toBe(status);
  return last!;
}

describe("assignment", () => {
  it("a Manager assigns a review: the colleague finds it under Assigned to me, gets an e-mail, the history says so", async () => {
    const res = await manager.put<TReview>(`/api/reviews/${reviewIds[0]}/assignment`, { user_id: colleague.id });
    expect(res.status).toBe(200);
    expect(res.body.assigned_user).toEqual({ id: colleague.id, name: "Sam Lee" });
    const list = await colleagueClient.get<TReviewList>("/api/reviews?assigned_to=me");
    expect(list.body._embedded.reviews.map((r) => r.id)).toEqual([reviewIds[0]]);
    expect((await manager.get<TReviewList>("/api/reviews?assigned_to=me")).body._total).toBe(0);
    await expect
      .poll(
        async () =>
          t.ctx.database.db
            .selectFrom("sent_emails")
            .select(["to_address", "subject"])
            .where("to_address", "=", colleague.email)
            .executeTakeFirst(),
        { timeout: 15_000 },
      )
      .toEqual({ to_address: colleague.email, subject: "A review was assigned to you" });
    const history = await manager.get<TReviewHistoryList>(`/api/reviews/${reviewIds[0]}/history`);
    expect(history.body._embedded.history[0]).toMatchObject({ action: "assigned", description: "Assigned to Sam Lee" });
    // Unassigned again: the history says that too.
    const cleared = await manager.put<TReview>(`/api/reviews/${reviewIds[0]}/assignment`, { user_id: null });
    expect(cleared.body.assigned_user).toBeNull();
    const after = await manager.get<TReviewHistoryList>(`/api/reviews/${reviewIds[0]}/history`);
    expect(after.body._embedded.history[0]).toMatchObject({ action: "assigned", description: "Unassigned" });
  });

  it("answers 400 for a user of another account, 403 to a User, 404 for another account's review", async () => {
    const other = await signedIn(t);
    const bad = await manager.put<{ errors: Record<string, string> }>(`/api/reviews/${reviewIds[1]}/assignment`, {
      user_id: other.user.id,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["user_id"]);
    expect((await userClient.put(`/api/reviews/${reviewIds[1]}/assignment`, { user_id: colleague.id })).status).toBe(
      403,
    );
    expect((await other.client.put(`/api/reviews/${reviewIds[1]}/assignment`, { user_id: null })).status).toBe(404);
    const assignees = await manager.get<{ assignees: { name: string }[] }>("/api/review_assignees");
    expect(assignees.body.assignees.map((a) => a.name)).toContain("Sam Lee");
    expect((await manager.get("/api/reviews?assigned_to=someone")).status).toBe(400);
  });
});

describe("bulk actions", () => {
  it("assigns ten selected reviews as a job with progress; the undo puts each back", async () => {
    const ten = reviewIds.slice(2, 12);
    const created = await manager.post<TBulkAction>("/api/review_bulk_actions", {
      kind: "assign",
      user_id: colleague.id,
      review_ids: ten,
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ total: 10, description: "Assign to Sam Lee" });
    const done = await bulkDone(manager, created.body.id);
    expect(done).toMatchObject({ done: 10, undoable: true });
    const list = await colleagueClient.get<TReviewList>("/api/reviews?assigned_to=me&per_page=100");
    expect(new Set(list.body._embedded.reviews.map((r) => r.id))).toEqual(new Set(ten));
    // One e-mail for the ten.
    await expect
      .poll(
        async () =>
          t.ctx.database.db
            .selectFrom("sent_emails")
            .select("subject")
            .where("idempotency_key", "=", `review-bulk-assigned:${created.body.id}`)
            .executeTakeFirst(),
        { timeout: 15_000 },
      )
      .toEqual({ subject: "10 reviews were assigned to you" });

    const undo = await manager.post<TBulkAction>("/api/review_bulk_actions/undo", { id: created.body.id });
    expect(undo.status).toBe(202);
    await bulkDone(manager, created.body.id, "undone");
    expect((await colleagueClient.get<TReviewList>("/api/reviews?assigned_to=me")).body._total).toBe(0);
    // Undone once: not again.
    expect((await manager.post("/api/review_bulk_actions/undo", { id: created.body.id })).status).toBe(400);
  });

  it("sets a status label and adds a tag on all reviews matching a filter; undo removes only what it added", async () => {
    const label = await manager.post<{ id: string }>("/api/review_status_labels", { name: "Follow up" });
    await manager.post("/api/review_tags", { review_id: reviewIds[0], name: "VIP" });
    const byFilter = await manager.post<TBulkAction>("/api/review_bulk_actions", {
      kind: "set_status_label",
      status_label_id: label.body.id,
      filter: { rating: ["1", "2"] },
    });
    expect(byFilter.status).toBe(202);
    const lowRated = reviewIds.filter((_, i) => 1 + (i % 5) <= 2);
    expect(byFilter.body.total).toBe(lowRated.length);
    await bulkDone(manager, byFilter.body.id);
    const labelled = await manager.get<TReviewList>(`/api/reviews?status=${label.body.id}&per_page=100`);
    expect(new Set(labelled.body._embedded.reviews.map((r) => r.id))).toEqual(new Set(lowRated));

    const tagged = await manager.post<TBulkAction>("/api/review_bulk_actions", {
      kind: "add_tag",
      tag: "vip",
      review_ids: reviewIds.slice(0, 3),
    });
    await bulkDone(manager, tagged.body.id);
    expect((await manager.get<TReviewList>("/api/reviews?tag=VIP")).body._total).toBe(3);
    // The status change is no longer the last one.
    const old = await manager.post<{ errors: Record<string, string> }>("/api/review_bulk_actions/undo", {
      id: byFilter.body.id,
    });
    expect(old.status).toBe(400);
    await manager.post("/api/review_bulk_actions/undo", {});
    await bulkDone(manager, tagged.body.id, "undone");
    const still = await manager.get<TReviewList>("/api/reviews?tag=VIP");
    expect(still.body._embedded.reviews.map((r) => r.id)).toEqual([reviewIds[0]]);
  });

  it("answers 400 with the field for a bad kind, selection or value; 404 for another account", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "explode", review_ids: [reviewIds[0]] }, "kind"],
      [{ kind: "add_tag", tag: "  ", review_ids: [reviewIds[0]] }, "tag"],
      [{ kind: "add_tag", tag: "x" }, "review_ids"],
      [{ kind: "add_tag", tag: "x", review_ids: ["nope"] }, "review_ids"],
      [
        {
          kind: "set_status_label",
          status_label_id: "00000000-0000-4000-8000-000000000000",
          review_ids: [reviewIds[0]],
        },
        "status_label_id",
      ],
      [{ kind: "add_tag", tag: "x", filter: { rating: "9" } }, "rating"],
    ];
    for (const [body, field] of cases) {
      const res = await manager.post<{ errors: Record<string, string> }>("/api/review_bulk_actions", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const other = await signedIn(t);
    const foreign = await other.client.post("/api/review_bulk_actions", {
      account_id: accountId,
      kind: "add_tag",
      tag: "x",
      review_ids: [reviewIds[0]],
    });
    expect(foreign.status).toBe(404);
    // Another account's review ids select nothing there.
    const none = await other.client.post("/api/review_bulk_actions", {
      kind: "add_tag",
      tag: "x",
      review_ids: [reviewIds[0]],
    });
    expect(none.status).toBe(400);
    // A User may tag in bulk but not assign.
    expect(
      (
        await userClient.post("/api/review_bulk_actions", {
          kind: "assign",
          user_id: managerId,
          review_ids: [reviewIds[0]],
        })
      ).status,
    ).toBe(403);
  });
});
