import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, createSourceCredentials, createUrl, signedIn, sourceId } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import { type FakeGoogleState, startFakeGoogle } from "../sandboxes/sources/google.ts";
import type { FakeServer } from "../sandboxes/sources/http.ts";
import { SYNC_ALL_JOB, SYNC_JOB } from "./jobs.ts";

const LOCATION_NAME = "accounts/3001/locations/4004";

let t: TestApp;
let fake: FakeServer<FakeGoogleState>;
beforeAll(async () => {
  fake = await startFakeGoogle({
    locationName: LOCATION_NAME,
    reviews: [
      { reviewId: "s1", starRating: "FIVE", comment: "Lovely brunch.", createTime: "2024-05-01T10:00:00Z" },
      { reviewId: "s2", starRating: "TWO", comment: "Slow service.", createTime: "2024-05-02T10:00:00Z" },
    ],
  });
  // The job runs in this process and reads the environment when it builds the connector.
  process.env.GOOGLE_API_BASE = fake.url;
  t = await startTestApp();
});
afterAll(async () => {
  delete process.env.GOOGLE_API_BASE;
  await t?.close();
  await fake?.close();
});

/** Lists the location at Google, as the fake's location. */
function listAtGoogle(accountId: string, locationId: string) {
  return createUrl(t.ctx.database, { accountId, locationId, source: "google", referenceId: LOCATION_NAME });
}

/** An account with a location listed at Google (reference id and credentials) and at Yelp (no reference id). */
async function connected(type: "admin" | "manager" | "read_only" = "admin") {
  const s = await signedIn(t, { type });
  const location = await createLocation(t.ctx.database, s.account.id);
  await listAtGoogle(s.account.id, location.id);
  await createUrl(t.ctx.database, { accountId: s.account.id, locationId: location.id, source: "yelp" });
  await createSourceCredentials(t.ctx.database, { accountId: s.account.id, source: "google" });
  return { ...s, location };
}

async function reviewIdsAt(locationId: string) {
  const rows = await t.ctx.database.db
    .selectFrom("reviews")
    .select("source_review_id")
    .where("location_id", "=", locationId)
    .orderBy("source_review_id")
    .execute();
  return rows.map((r) => r.source_review_id);
}

describe("POST /api/locations/{id}/sync", () => {
  it("queues a sync of each connected source, which reads the reviews through the connector", async () => {
    const { client, location } = await connected("manager");
    const google = await sourceId(t.ctx.database, "google");
    const res = await client.post(`/api/locations/${location.id}/sync`, {});
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ location_id: location.id, syncs: [{ source_id: google, source_code: "google" }] });

    expect(
      await until(
        () => reviewIdsAt(location.id),
        (ids) => ids.length >= 2,
      ),
    ).toEqual(["s1", "s2"]);
    expect(fake.state.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v4/${LOCATION_NAME}/reviews`,
      headers: { authorization: "Bearer google-token" },
    });
  });

  it("takes one source; a source the location cannot be read at answers 400", async () => {
    const { client, location } = await connected();
    const google = await sourceId(t.ctx.database, "google");
    const yelp = await sourceId(t.ctx.database, "yelp");
    const one = await client.post(`/api/locations/${location.id}/sync`, { source_id: google });
    expect(one.status).toBe(202);
    expect(one.body).toMatchObject({ syncs: [{ source_code: "google" }] });
    const none = await client.post(`/api/locations/${location.id}/sync`, { source_id: yelp });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errors: { source_id: expect.stringContaining("no listing") } });
    expect((await client.post(`/api/locations/${location.id}/sync`, { source_id: "nope" })).status).toBe(400);
  });

  it("throttles: a listing synced in the last 5 minutes is not queued again; 429 says when the next may start", async () => {
    const { client, location, account } = await connected();
    const google = await sourceId(t.ctx.database, "google");
    const sent: unknown[] = [];
    const send = t.ctx.jobs.send.bind(t.ctx.jobs);
    t.ctx.jobs.send = (async (name: string, data: object, options?: object) => {
      if (name === "ingestion.sync") sent.push(data);
      return send(name, data, options);
    }) as typeof t.ctx.jobs.send;
    try {
      const first = await client.post(`/api/locations/${location.id}/sync`, {});
      expect(first.status).toBe(202);
      const before = Date.now();
      const again = await client.post<{ error: string }>(`/api/locations/${location.id}/sync`, {});
      expect(again.status).toBe(429);
      const retryAfter = Number(again.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(290);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(again.body.error).toMatch(
        /^This location was synced less than 5 minutes ago\. The next sync can start at /,
      );
      const nextAt = Date.parse(again.body.error.replace(/.* start at (.*)\.$/, "$1"));
      expect(nextAt).toBeGreaterThan(before + 290_000);
      // The same with only that source, or the account given.
      expect((await client.post(`/api/locations/${location.id}/sync`, { source_id: google })).status).toBe(429);
      expect((await client.post(`/api/locations/${location.id}/sync?account_id=${account.id}`, {})).status).toBe(429);
      expect(sent).toEqual([{ locationId: location.id, sourceId: google }]);
      // 5 minutes later it may sync again.
      await t.ctx.database.db
        .updateTable("source_syncs")
        .set({ requested_at: new Date(Date.now() - 301_000) })
        .where("location_id", "=", location.id)
        .execute();
      expect((await client.post(`/api/locations/${location.id}/sync`, {})).status).toBe(202);
      expect(sent).toHaveLength(2);
    } finally {
      t.ctx.jobs.send = send;
    }
  });

  it("a sync asked for goes ahead of the scheduled syncs waiting in the queue", async () => {
    // A Google that takes 300 ms a request, and 12 listings of another account whose syncs the four-hourly
    // sync-all queues (with every other listing of this database) just before the manager presses Sync.
    const slow = await startFakeGoogle({
      locationName: LOCATION_NAME,
      reviews: [{ reviewId: "s1", starRating: "FIVE", comment: "Lovely brunch.", createTime: "2024-05-01T10:00:00Z" }],
      behaviour: { delayMs: 300 },
    });
    process.env.GOOGLE_API_BASE = slow.url;
    try {
      const other = await signedIn(t);
      await createSourceCredentials(t.ctx.database, { accountId: other.account.id, source: "google" });
      const scheduled: string[] = [];
      for (let i = 0; i < 12; i++) {
        const location = await createLocation(t.ctx.database, other.account.id);
        await listAtGoogle(other.account.id, location.id);
        scheduled.push(location.id);
      }
      const all = await t.ctx.jobs.send(SYNC_ALL_JOB, {});
      expect((await t.ctx.jobs.waitFor(SYNC_ALL_JOB, all!, { timeoutMs: 20_000 })).state).toBe("completed");

      const { client, location } = await connected("manager");
      expect((await client.post(`/api/locations/${location.id}/sync`, {})).status).toBe(202);
      // Read often: how many scheduled listings were read before it is the measure.
      expect(
        await until(
          () => reviewIdsAt(location.id),
          (ids) => ids.length > 0,
          30_000,
          50,
        ),
      ).toEqual(["s1"]);
      // Those already running when it was asked for finish first; the rest wait. In the order they were queued,
      // all 12 would have been read before it.
      const read = async () => {
        const row = await t.ctx.database.db
          .selectFrom("reviews")
          .select((eb) => eb.fn.count<string>("location_id").distinct().as("n"))
          .where("location_id", "in", scheduled)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      expect(await read()).toBeLessThan(5);
      // The scheduled ones are not starved: each is read once the asked one is done (and none is left running
      // against the slow Google when it closes).
      const unfinished = async () =>
        (await t.ctx.jobs.boss.findJobs(SYNC_JOB)).filter((j) => ["created", "retry", "active"].includes(j.state))
          .length;
      await until(unfinished, (n) => n === 0, 30_000);
      expect(await read()).toBe(12);
    } finally {
      process.env.GOOGLE_API_BASE = fake.url;
      await slow.close();
    }
  });

  it("answers an empty list for a location with nothing to read", async () => {
    const { client, account } = await signedIn(t);
    const bare = await createLocation(t.ctx.database, account.id);
    const res = await client.post(`/api/locations/${bare.id}/sync`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ location_id: bare.id, syncs: [] });
  });

  it("answers 404 for another account's location, 403 to Read Only, 401 signed out", async () => {
    const a = await connected();
    const b = await signedIn(t);
    expect((await b.client.post(`/api/locations/${a.location.id}/sync`, {})).status).toBe(404);
    expect((await b.client.post(`/api/locations/${a.location.id}/sync`, { account_id: a.account.id })).status).toBe(
      404,
    );
    expect((await a.client.post(`/api/locations/not-a-uuid/sync`, {})).status).toBe(404);
    const viewer = await connected("read_only");
    expect((await viewer.client.post(`/api/locations/${viewer.location.id}/sync`, {})).status).toBe(403);
    const anon = await fetch(`${t.baseUrl}/api/locations/${a.location.id}/sync`, { method: "POST" });
    expect(anon.status).toBe(401);
  });
});
