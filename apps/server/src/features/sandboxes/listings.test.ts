import type { TResponse, TResponseList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoManager } from "../../test/demo.ts";
import { createLocation, createReview, createUrl, signedIn, sourceId } from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import { seedDemoTrustpilot } from "../demo/trustpilot.ts";
import { DEMO_TRUSTPILOT_API_KEY, DEMO_TRUSTPILOT_TOKEN, markSandboxAccounts, sandboxesOf } from "./index.ts";
import { startSandboxes } from "./service.ts";
import type { FakeServer } from "./sources/http.ts";
import { type FakeTrustpilotState, startFakeTrustpilot } from "./sources/trustpilot.ts";
import { type FakeYelpState, startFakeYelp } from "./sources/yelp.ts";

/**
 * The demo's Yelp and Trustpilot are sandboxes too (issue 10): a demo account's Yelp listing syncs from the Yelp
 * sandbox and loses nothing; a sandbox account's Trustpilot review is answered and the answer deleted at the
 * Trustpilot sandbox, which keeps its state across a restart and whose temporary failure the retry gets past; the
 * hosts YELP_API_BASE and TRUSTPILOT_API_BASE name (stand-ins for the real services) never see a demo call, and a
 * real account never reaches a sandbox. Every source with a connector (Google, Facebook, Yelp, Trustpilot) has one.
 */
let t: TestApp;
let realYelp: FakeServer<FakeYelpState>;
let realTrustpilot: FakeServer<FakeTrustpilotState>;
let manager: Client;
const saved = {
  yelp: process.env.YELP_API_BASE,
  trustpilot: process.env.TRUSTPILOT_API_BASE,
  delay: process.env.RESPONSES_RETRY_DELAY_SECONDS,
};

beforeAll(async () => {
  realYelp = await startFakeYelp({ apiKey: "demo-yelp-api-key", businessIds: [] });
  realTrustpilot = await startFakeTrustpilot({ apiKey: DEMO_TRUSTPILOT_API_KEY, accessToken: DEMO_TRUSTPILOT_TOKEN });
  process.env.YELP_API_BASE = realYelp.url;
  process.env.TRUSTPILOT_API_BASE = realTrustpilot.url;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = "1";
  t = await startTestApp();
  ({ manager } = await demoManager(t, (demo) => seedDemoTrustpilot(t.ctx.database, demo, () => {})));
}, 300_000);

afterAll(async () => {
  await t?.close();
  await realYelp?.close();
  await realTrustpilot?.close();
  process.env.YELP_API_BASE = saved.yelp;
  process.env.TRUSTPILOT_API_BASE = saved.trustpilot;
  process.env.RESPONSES_RETRY_DELAY_SECONDS = saved.delay;
});

const sandboxes = () => sandboxesOf(t.ctx)!;

/** Reviews still present at the source, at a location and source. */
async function countAt(locationId: string, sourceIdValue: string) {
  const row = await t.ctx.database.db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("location_id", "=", locationId)
    .where("source_id", "=", sourceIdValue)
    .where("deleted_at_source", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Syncs a listing `times` times (each waits for its full sync to finish), as the Sync button does. */
async function sync(client: Client, locationId: string, sourceIdValue: string, times: number) {
  const db = t.ctx.database.db;
  const done = async () =>
    Number(
      (
        await db
          .selectFrom("source_syncs")
          .select(["full_syncs"])
          .where("location_id", "=", locationId)
          .where("source_id", "=", sourceIdValue)
          .executeTakeFirst()
      )?.full_syncs ?? 0,
    );
  const start = await done();
  for (let i = 1; i <= times; i++) {
    await db.updateTable("source_syncs").set({ requested_at: null }).execute();
    const answer = await client.post(`/api/locations/${locationId}/sync`, { source_id: sourceIdValue });
    expect(answer.status).toBeLessThan(300);
    await until(done, (n) => n >= start + i);
  }
  return db
    .selectFrom("source_syncs")
    .select(["last_status", "last_error"])
    .where("location_id", "=", locationId)
    .where("source_id", "=", sourceIdValue)
    .executeTakeFirstOrThrow();
}

describe("the demo's Yelp and Trustpilot sandboxes", () => {
  it("every source with a connector has a sandbox", () => {
    expect(Object.keys(sandboxes().baseUrls).sort()).toEqual(["facebook", "google", "trustpilot", "yelp"]);
  });

  it("a demo Yelp listing syncs from the Yelp sandbox: marked a demo connection, none of its reviews lost", async () => {
    const review = await t.ctx.database.db
      .selectFrom("reviews as r")
      .innerJoin("sources as s", "s.id", "r.source_id")
      .innerJoin("urls as u", (j) =>
        j.onRef("u.location_id", "=", "r.location_id").onRef("u.source_id", "=", "r.source_id"),
      )
      .innerJoin("accounts as a", "a.id", "r.account_id")
      .select(["r.id", "r.location_id", "r.source_id", "r.source_review_id", "u.reference_id"])
      .where("s.code", "=", "yelp")
      .where("a.name", "=", "Copper Kettle Kitchens")
      .where("u.reference_id", "is not", null)
      .orderBy("r.published_at", "desc")
      .executeTakeFirstOrThrow();
    const card = await manager.get<{ source: { sandbox: boolean } }>(`/api/reviews/${review.id}`);
    expect(card.body.source.sandbox).toBe(true);

    const before = await countAt(review.location_id, review.source_id);
    const state = await sync(manager, review.location_id, review.source_id, 2);
    expect(state.last_status).toBe("ok");
    expect(await countAt(review.location_id, review.source_id)).toBe(before);
    // The sandbox was asked, with the demo's key, about the demo's business; it holds the demo's reviews there.
    const business = sandboxes().yelp.state.listings[review.reference_id!];
    expect(business?.reviews.map((r) => r.id)).toContain(review.source_review_id);
    expect(sandboxes().yelp.state.requests.at(-1)?.headers.authorization).toBe("Bearer demo-yelp-api-key");
    expect(realYelp.state.requests).toEqual([]);

    // A review posted at the sandbox's Yelp arrives with the next sync.
    business!.reviews.push({
      id: "yelp-sandbox-new-1",
      url: "https://www.yelp.com/biz/x?hrid=yelp-sandbox-new-1",
      text: "Great brisket.",
      rating: 5,
      time_created: "2026-11-20 18:30:00",
      user: { id: "u1", profile_url: "https://www.yelp.com/user_details?userid=u1", image_url: null, name: "Yan Y." },
    });
    await sync(manager, review.location_id, review.source_id, 1);
    expect(await countAt(review.location_id, review.source_id)).toBe(before + 1);
    const added = await t.ctx.database.db
      .selectFrom("reviews")
      .select(["published_at", "author_name"])
      .where("source_review_id", "=", "yelp-sandbox-new-1")
      .executeTakeFirstOrThrow();
    // Yelp's Pacific wall-clock time, read as such (PST in November).
    expect(new Date(added.published_at).toISOString()).toBe("2026-11-21T02:30:00.000Z");
  });

  it("the demo manager answers a demo Trustpilot review: the Trustpilot sandbox publishes it; a sync keeps all", async () => {
    const review = await t.ctx.database.db
      .selectFrom("reviews as r")
      .innerJoin("sources as s", "s.id", "r.source_id")
      .innerJoin("urls as u", (j) =>
        j.onRef("u.location_id", "=", "r.location_id").onRef("u.source_id", "=", "r.source_id"),
      )
      .innerJoin("accounts as a", "a.id", "r.account_id")
      .select(["r.id", "r.location_id", "r.source_id", "r.source_review_id", "u.reference_id"])
      .where("s.code", "=", "trustpilot")
      .where("a.name", "=", "Copper Kettle Kitchens")
      .orderBy("r.published_at", "desc")
      .executeTakeFirstOrThrow();
    const card = await manager.get<{ source: { sandbox: boolean }; respondable: boolean }>(`/api/reviews/${review.id}`);
    expect(card.body.source.sandbox).toBe(true);
    const created = await manager.post<TResponse>("/api/responses", { review_id: review.id, content: "Thanks!" });
    expect(created.status).toBe(201);
    await until(
      async () => (await manager.get<TResponseList>(`/api/responses?review_id=${review.id}`)).body._embedded.responses,
      (r) => r[0]?.status === "published",
    );
    const unit = sandboxes().trustpilot.state.listings[review.reference_id!];
    expect(unit?.reviews.find((r) => r.id === review.source_review_id)?.companyReply?.text).toBe("Thanks!");
    const before = await countAt(review.location_id, review.source_id);
    expect((await sync(manager, review.location_id, review.source_id, 2)).last_status).toBe("ok");
    expect(await countAt(review.location_id, review.source_id)).toBe(before);
    expect(realTrustpilot.state.requests).toEqual([]);
  });

  it("a sandbox account's Trustpilot review is answered and the answer deleted at the Trustpilot sandbox", async () => {
    const owner = await signedIn(t);
    await markSandboxAccounts(t.ctx.database.db, [owner.account.id]);
    const location = await createLocation(t.ctx.database, owner.account.id);
    const unit = `trustpilot-unit-${owner.account.id.slice(0, 8)}`;
    await createUrl(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "trustpilot",
      referenceId: unit,
    });
    const trustpilot = await sourceId(t.ctx.database, "trustpilot");
    await t.ctx.database.db
      .insertInto("source_credentials")
      .values({
        account_id: owner.account.id,
        source_id: trustpilot,
        api_key: DEMO_TRUSTPILOT_API_KEY,
        access_token: DEMO_TRUSTPILOT_TOKEN,
      })
      .execute();
    const review = await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "trustpilot",
      sourceReviewId: `tp-${owner.account.id.slice(0, 8)}`,
      title: "Quick delivery",
      content: "Arrived a day early.",
      rating: 5,
    });
    const atSandbox = () =>
      sandboxes().trustpilot.state.listings[unit]?.reviews.find((r) => r.id === review.source_review_id);
    const responses = async () =>
      (await owner.client.get<TResponseList>(`/api/responses?review_id=${review.id}`)).body._embedded.responses;

    // The first attempt meets a temporary failure; the retry publishes.
    sandboxes().trustpilot.state.failures.push({ status: 503, method: "POST" });
    const created = await owner.client.post<TResponse>("/api/responses", {
      review_id: review.id,
      content: "Thank you, glad it came early!",
    });
    expect(created.status).toBe(201);
    await until(responses, (r) => r[0]?.status === "published");
    expect(atSandbox()?.companyReply?.text).toBe("Thank you, glad it came early!");
    const posts = sandboxes().trustpilot.state.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/private/reviews/${review.source_review_id}/reply`,
    );
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.authorization).toBe(`Bearer ${DEMO_TRUSTPILOT_TOKEN}`);
    const card = await owner.client.get<{ source: { sandbox: boolean } }>(`/api/reviews/${review.id}`);
    expect(card.body.source.sandbox).toBe(true);

    // A sync reads the reply back, and keeps the review.
    const state = await sync(owner.client, location.id, trustpilot, 2);
    expect(state.last_status).toBe("ok");
    expect(await countAt(location.id, trustpilot)).toBe(1);

    const deleted = await owner.client.delete(`/api/responses/${created.body.id}`);
    expect(deleted.status).toBeLessThan(300);
    await until(
      async () => atSandbox(),
      (r) => r !== undefined && r.companyReply === null,
    );

    // The sandbox keeps its state across a restart (DATA_DIR/sandboxes/trustpilot.json).
    atSandbox()!.companyReply = { text: "Kept", createdAt: "2026-11-01T00:00:00Z", updatedAt: null };
    await sandboxes().close();
    const again = await startSandboxes(t.ctx);
    expect(again.trustpilot.state.listings[unit]?.reviews[0]?.companyReply?.text).toBe("Kept");
    expect(realTrustpilot.state.requests).toEqual([]);
  });

  it("a real account never reaches the Trustpilot sandbox, even when its base URL names it", async () => {
    const owner = await signedIn(t);
    const location = await createLocation(t.ctx.database, owner.account.id);
    await createUrl(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "trustpilot",
      referenceId: "real-unit-1",
    });
    await t.ctx.database.db
      .insertInto("source_credentials")
      .values({
        account_id: owner.account.id,
        source_id: await sourceId(t.ctx.database, "trustpilot"),
        api_key: DEMO_TRUSTPILOT_API_KEY,
        access_token: DEMO_TRUSTPILOT_TOKEN,
      })
      .execute();
    const review = await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      source: "trustpilot",
      sourceReviewId: "real-tp-1",
    });
    process.env.TRUSTPILOT_API_BASE = sandboxes().trustpilot.url;
    try {
      const before = sandboxes().trustpilot.state.requests.length;
      const created = await owner.client.post<TResponse>("/api/responses", { review_id: review.id, content: "Hi" });
      expect(created.status).toBe(201);
      await until(
        async () =>
          (await owner.client.get<TResponseList>(`/api/responses?review_id=${review.id}`)).body._embedded.responses,
        (r) => r[0]?.status === "error_published",
      );
      expect(sandboxes().trustpilot.state.requests.length).toBe(before);
      const card = await owner.client.get<{ source: { sandbox: boolean } }>(`/api/reviews/${review.id}`);
      expect(card.body.source.sandbox).toBe(false);
    } finally {
      process.env.TRUSTPILOT_API_BASE = realTrustpilot.url;
    }
  });
});
