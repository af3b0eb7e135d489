import type { TResponse, TResponseList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoManager } from "../../test/demo.ts";
import {
  createLocation,
  createReview,
  createSourceCredentials,
  createUrl,
  signedIn,
  sourceId,
} from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import { sandboxesOf } from "./index.ts";
import { startSandboxes } from "./service.ts";
import { type FakeGoogleState, startFakeGoogle } from "./sources/google.ts";
import type { FakeServer } from "./sources/http.ts";

/**
 * The demo's sources are sandboxes: a demo account's Google calls reach the built-in Google sandbox (never
 * the host GOOGLE_API_BASE names, here a stand-in for the real Google), a real account's never reach the
 * sandbox (even when GOOGLE_API_BASE names it); answering, deleting a response and syncing a location work
 * in the demo; the sandbox keeps its state across a restart; a temporary failure is recovered by the retry.
 */
let t: TestApp;
let realGoogle: FakeServer<FakeGoogleState>;
let manager: Client;
const saved = { base: process.env.GOOGLE_API_BASE, delay: process.env.RESPONSES_RETRY_DELAY_SECONDS };

beforeAll(async () => {
  realGoogle = await startFakeGoogle({ accessToken: "demo-google-access-token", accounts: ["accounts/4100"] });
  process.env.GOOGLE_API_BASE = realGoogle.url;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = "1";
  t = await startTestApp();
  ({ manager } = await demoManager(t));
}, 300_000);

afterAll(async () => {
  await t?.close();
  await realGoogle?.close();
  process.env.GOOGLE_API_BASE = saved.base;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = saved.delay;
});

const sandbox = () => sandboxesOf(t.ctx)!.google;

/** A demo Google review of the restaurant without a response, and its listing's Google id. */
async function unansweredDemoGoogleReview() {
  const row = await t.ctx.database.db
    .selectFrom("reviews as r")
    .innerJoin("sources as s", "s.id", "r.source_id")
    .innerJoin("urls as u", (j) =>
      j.onRef("u.location_id", "=", "r.location_id").onRef("u.source_id", "=", "r.source_id"),
    )
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .select(["r.id", "r.location_id", "r.source_id", "r.source_review_id", "u.reference_id"])
    .where("s.code", "=", "google")
    .where("a.name", "=", "Copper Kettle Kitchens")
    .where("r.response_status", "is", null)
    .where("u.reference_id", "is not", null)
    .orderBy("r.published_at", "desc")
    .executeTakeFirstOrThrow();
  return { ...row, reference_id: row.reference_id! };
}

/** How many reviews of a location and source the app holds (those not deleted at the source). */
const reviewsAt = async (at: { location_id: string; source_id: string }) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom("reviews")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("location_id", "=", at.location_id)
        .where("source_id", "=", at.source_id)
        .where("deleted_at_source", "is", null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const responsesOf = async (reviewId: string) =>
  (await manager.get<TResponseList>(`/api/responses?review_id=${reviewId}`)).body._embedded.responses;

describe("the demo's sandbox sources", () => {
  it("a demo manager answers a Google review: the sandbox publishes it, the real host sees nothing", async () => {
    const review = await unansweredDemoGoogleReview();
    const created = await manager.post<TResponse>("/api/responses", { review_id: review.id, content: "Thank you!" });
    expect(created.status).toBe(201);
    const [published] = await until(
      () => responsesOf(review.id),
      (r) => r[0]?.status === "published",
    );
    expect(published).toMatchObject({ status: "published", content: "Thank you!" });
    const atSandbox = sandbox().state.locations[review.reference_id]?.find(
      (r) => r.reviewId === review.source_review_id,
    );
    expect(atSandbox?.reviewReply?.comment).toBe("Thank you!");
    expect(realGoogle.state.requests).toEqual([]);

    // Deleting it removes the reply at the sandbox.
    const deleted = await manager.delete(`/api/responses/${created.body.id}`);
    expect(deleted.status).toBeLessThan(300);
    await until(
      async () => sandbox().state.locations[review.reference_id]?.find((r) => r.reviewId === review.source_review_id),
      (r) => r !== undefined && r.reviewReply === undefined,
    );
    // The review is unanswered again once the delete job has finished (the sandbox answers first).
    await until(
      async () =>
        (
          await t.ctx.database.db
            .selectFrom("reviews")
            .select("response_status")
            .where("id", "=", review.id)
            .executeTakeFirstOrThrow()
        ).response_status,
      (status) => status === null,
    );
    expect(realGoogle.state.requests).toEqual([]);
  });

  it("syncing a demo location reads the sandbox, which holds the demo's reviews: none is lost", async () => {
    const review = await unansweredDemoGoogleReview();
    const db = t.ctx.database.db;
    const count = () => reviewsAt(review);
    const before = await count();
    for (let i = 0; i < 2; i++) {
      if (i === 1) {
        // The first sync had the sandbox copy the location's demo reviews in and lost none of them;
        // a review written at the sandbox since then arrives with the second.
        expect(await count()).toBe(before);
        const atSandbox = sandbox().state.locations[review.reference_id];
        expect(atSandbox).toBeDefined();
        atSandbox?.push({
          reviewId: "sandbox-new-1",
          reviewer: { displayName: "Sam Sandbox" },
          starRating: "FIVE",
          comment: "Lovely brunch.",
          createTime: new Date().toISOString(),
        });
      }
      const sync = await manager.post<{ syncs: { source_code: string }[] }>(
        `/api/locations/${review.location_id}/sync`,
        {
          source_id: review.source_id,
        },
      );
      expect(sync.status).toBeLessThan(300);
      const done = await until(
        async () =>
          db
            .selectFrom("source_syncs")
            .select(["full_syncs", "last_status", "last_counts"])
            .where("location_id", "=", review.location_id)
            .where("source_id", "=", review.source_id)
            .executeTakeFirst(),
        (s) => Number(s?.full_syncs ?? 0) >= i + 1,
      );
      // Read back as the demo wrote them: no review counts as edited at the source (Google has no titles).
      expect(done?.last_counts).toMatchObject({ inserted: i, edited: 0, deleted: 0 });
      await db.updateTable("source_syncs").set({ requested_at: null }).execute();
    }
    expect(await count()).toBe(before + 1);
    const edits = await db
      .selectFrom("review_history as h")
      .innerJoin("reviews as r", "r.id", "h.review_id")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("r.location_id", "=", review.location_id)
      .where("h.action", "=", "edited_at_source")
      .executeTakeFirstOrThrow();
    expect(Number(edits.n)).toBe(0);
    expect(realGoogle.state.requests).toEqual([]);
  });

  it("a temporary failure at the sandbox is recovered by the retry", async () => {
    const review = await unansweredDemoGoogleReview();
    const putsOf = () =>
      sandbox().state.requests.filter(
        (r) => r.method === "PUT" && r.path.endsWith(`/reviews/${review.source_review_id}/reply`),
      );
    const putsBefore = putsOf().length;
    sandbox().state.failures.push({ status: 503, method: "PUT" });
    await manager.post<TResponse>("/api/responses", { review_id: review.id, content: "Thanks again!" });
    const [published] = await until(
      () => responsesOf(review.id),
      (r) => r[0]?.status === "published",
    );
    expect(published?.status_description ?? null).toBeNull();
    // The refused attempt and the retry that was taken.
    expect(putsOf().length - putsBefore).toBe(2);
  });

  it("a demo manager answers a Facebook recommendation and deletes the reply: the Facebook sandbox takes both", async () => {
    const db = t.ctx.database.db;
    const review = await db
      .selectFrom("reviews as r")
      .innerJoin("sources as s", "s.id", "r.source_id")
      .innerJoin("urls as u", (j) =>
        j.onRef("u.location_id", "=", "r.location_id").onRef("u.source_id", "=", "r.source_id"),
      )
      .innerJoin("accounts as a", "a.id", "r.account_id")
      .select(["r.id", "r.location_id", "r.source_id", "r.source_review_id", "u.reference_id"])
      .where("s.code", "=", "facebook")
      .where("a.name", "=", "Copper Kettle Kitchens")
      .where("r.response_status", "is", null)
      .where("u.reference_id", "is not", null)
      .orderBy("r.published_at", "desc")
      .executeTakeFirstOrThrow();
    const facebook = () => sandboxesOf(t.ctx)!.facebook;
    const story = () =>
      facebook().state.pages[review.reference_id!]?.ratings.find(
        (r) => r.open_graph_story.id === review.source_review_id,
      )?.open_graph_story;
    const created = await manager.post<TResponse>("/api/responses", { review_id: review.id, content: "Thanks, Sam!" });
    expect(created.status).toBe(201);
    await until(
      () => responsesOf(review.id),
      (r) => r[0]?.status === "published",
    );
    expect(story()?.comments.map((c) => [c.message, c.from.id])).toEqual([["Thanks, Sam!", review.reference_id]]);
    // The review card marks the source as a demo connection.
    const listed = await manager.get<{ source: { sandbox: boolean } }>(`/api/reviews/${review.id}`);
    expect(listed.body.source.sandbox).toBe(true);

    await manager.delete(`/api/responses/${created.body.id}`);
    await until(
      async () => story()?.comments.length,
      (n) => n === 0,
    );

    // A sync of the Page reads the sandbox: its recommendations all stay.
    const count = () => reviewsAt(review);
    const before = await count();
    for (let i = 0; i < 2; i++) {
      await db.updateTable("source_syncs").set({ requested_at: null }).execute();
      const sync = await manager.post(`/api/locations/${review.location_id}/sync`, { source_id: review.source_id });
      expect(sync.status).toBeLessThan(300);
      const done = await until(
        async () =>
          db
            .selectFrom("source_syncs")
            .select(["full_syncs", "last_counts"])
            .where("location_id", "=", review.location_id)
            .where("source_id", "=", review.source_id)
            .executeTakeFirst(),
        (row) => Number(row?.full_syncs ?? 0) >= i + 1,
      );
      expect(done?.last_counts).toMatchObject({ inserted: 0, edited: 0, deleted: 0 });
    }
    expect(await count()).toBe(before);
  });

  it("keeps its state across a restart (DATA_DIR/sandboxes)", async () => {
    const location = Object.keys(sandbox().state.locations).find((l) =>
      sandbox().state.locations[l]?.some((r) => r.reviewId === "sandbox-new-1"),
    )!;
    await sandboxesOf(t.ctx)!.close();
    const again = await startSandboxes(t.ctx);
    expect(again.google.state.locations[location]?.some((r) => r.reviewId === "sandbox-new-1")).toBe(true);
  });

  it("a real account never reaches the sandbox, even when its base URL names it", async () => {
    const owner = await signedIn(t);
    const location = await createLocation(t.ctx.database, owner.account.id);
    await createUrl(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "google",
      referenceId: "accounts/4100/locations/10000",
    });
    await createSourceCredentials(t.ctx.database, { accountId: owner.account.id, source: "google" });
    const review = await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "google",
      sourceReviewId: "real-1",
    });
    process.env.GOOGLE_API_BASE = sandbox().url;
    try {
      const before = sandbox().state.requests.length;
      const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Hi" });
      expect(created.status).toBe(201);
      await until(
        async () =>
          (await owner.client.get<TResponseList>(`/api/responses?review_id=${review.id}`)).body._embedded.responses,
        (r) => r[0]?.status === "error_published",
      );
      expect(sandbox().state.requests.length).toBe(before);
    } finally {
      process.env.GOOGLE_API_BASE = realGoogle.url;
    }
    expect(await sourceId(t.ctx.database, "google")).toBeTruthy();
  });
});
