// The metrics overview cached per process (features/metrics/service.ts, a NotifiedCache on sb_metrics,
// migration 0032): what the dashboard shows changes on the very next call after a review, a response or a
// group's locations change, and in between the answer really comes from the cache.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGroup, createLocation, createReview, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

let t: TestApp;
let client: Client;
let accountId: string;
let inGroup: string;
let outside: string;
let groupId: string;

const DAY = "2024-05-10";
type Overview = { total_reviews: number; avg_rating: number | null };

beforeAll(async () => {
  t = await startTestApp();
  const s = await signedIn(t);
  client = s.client;
  accountId = s.account.id;
  await t.ctx.database.db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", accountId).execute();
  groupId = (await createGroup(t.ctx.database, accountId)).id;
  inGroup = (await createLocation(t.ctx.database, accountId, { groupId })).id;
  outside = (await createLocation(t.ctx.database, accountId)).id;
  for (const locationId of [inGroup, outside])
    await createReview(t.ctx.database, { accountId, locationId, rating: 4, publishedAt: new Date(`${DAY}T12:00:00Z`) });
});
afterAll(async () => t?.close());

const overview = async (query = "") => {
  const res = await client.get<Overview>(
    `/api/metrics/${accountId}/overview?published_after=2024-05-01&published_before=2024-05-31${query}`,
  );
  expect(res.status).toBe(200);
  return res.body;
};

describe("the metrics overview cache", () => {
  it("counts a new review on the very next call", async () => {
    const before = await overview();
    expect(await overview()).toEqual(before);
    await createReview(t.ctx.database, {
      accountId,
      locationId: outside,
      rating: 1,
      publishedAt: new Date(`${DAY}T13:00:00Z`),
    });
    const after = await overview();
    expect(after.total_reviews).toBe(before.total_reviews + 1);
    expect(after.avg_rating).not.toBe(before.avg_rating);
  });

  it("follows a group's locations on the very next call", async () => {
    const before = await overview(`&group_id=${groupId}`);
    await t.ctx.database.db.insertInto("group_locations").values({ group_id: groupId, location_id: outside }).execute();
    const after = await overview(`&group_id=${groupId}`);
    expect(after.total_reviews).toBeGreaterThan(before.total_reviews);
    expect(after.total_reviews).toBe((await overview()).total_reviews);
  });

  it("answers from the cache until told: a roll-up changed without a notification shows only after one", async () => {
    // A notification of the earlier tests' writes can still be on its way: heard after the first call has
    // filled the cache, it would empty it (as it should). Everything committed so far is heard first.
    expect(await t.ctx.database.caughtUp()).toBe(true);
    const before = await overview();
    // The triggers do not fire for a replica's writes: the roll-up changes without telling anyone.
    await t.ctx.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE review_daily_account_overview_stats SET review_count = review_count + 10
        WHERE account_id = ${accountId} AND day = ${DAY}::date AND kind = 0 AND rating = 1`.execute(trx);
    });
    expect((await overview()).total_reviews).toBe(before.total_reviews);
    await sql`NOTIFY sb_metrics`.execute(t.ctx.database.db);
    expect((await overview()).total_reviews).toBe(before.total_reviews + 10);
    // The nightly rebuild puts the true numbers back, and that is heard too.
    await sql`SELECT review_rollups_recount(${accountId}::uuid)`.execute(t.ctx.database.db);
    expect((await overview()).total_reviews).toBe(before.total_reviews);
  });

  it("gives another account nothing of this one's: the account is part of what is cached", async () => {
    const other = await signedIn(t);
    const res = await other.client.get(
      `/api/metrics/${accountId}/overview?published_after=2024-05-01&published_before=2024-05-31`,
    );
    expect(res.status).toBe(404);
    const own = await other.client.get<Overview>(
      `/api/metrics/${other.account.id}/overview?published_after=2024-05-01&published_before=2024-05-31`,
    );
    expect(own.body.total_reviews).toBe(0);
  });
});
