import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAlert,
  createLocation,
  createReview,
  createSourceCredentials,
  createUrl,
  signedIn,
} from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

// Every producer enqueues its job in the transaction of the change that causes it: the change and
// the job commit together, or neither does. A refused job insert (a trigger on pg-boss's job table,
// standing in for a crash between the two) must leave no half: no change without its job.
// No workers run here, so the jobs stay queued where the test can see them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  await sql`CREATE OR REPLACE FUNCTION test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'job insert refused'; END $$`.execute(t.ctx.database.db);
});
afterEach(async () => {
  await sql`DROP TRIGGER IF EXISTS refuse_job ON pgboss.job`.execute(t.ctx.database.db);
});
afterAll(async () => t?.close());

/** From now on, inserting a job of this queue fails. */
async function refuseJobs(queue: string) {
  await sql`CREATE TRIGGER refuse_job BEFORE INSERT ON pgboss.job FOR EACH ROW
    WHEN (NEW.name = ${sql.lit(queue)}) EXECUTE FUNCTION test_refuse_job()`.execute(t.ctx.database.db);
}
async function acceptJobs() {
  await sql`DROP TRIGGER IF EXISTS refuse_job ON pgboss.job`.execute(t.ctx.database.db);
}
async function jobsOf(queue: string) {
  return (await t.ctx.jobs.boss.findJobs<Record<string, unknown>>(queue)).map((j) => j.data);
}

describe("jobs enqueued in the change's transaction", () => {
  it("a response is stored with its publish job, or not at all", async () => {
    const { client, account } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id);
    await createUrl(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      source: "google",
      referenceId: "x",
    });
    await createSourceCredentials(t.ctx.database, { accountId: account.id, source: "google" });
    const review = await createReview(t.ctx.database, { accountId: account.id, locationId: location.id });

    await refuseJobs("responses.publish");
    const failed = await client.post("/api/responses", { review_id: review.id, content: "Thank you!" });
    expect(failed.status).toBe(500);
    const none = await t.ctx.database.db
      .selectFrom("responses")
      .select("id")
      .where("review_id", "=", review.id)
      .execute();
    expect(none).toEqual([]);

    await acceptJobs();
    const created = await client.post<{ id: string }>("/api/responses", {
      review_id: review.id,
      content: "Thank you!",
    });
    expect(created.status).toBe(201);
    expect(await jobsOf("responses.publish")).toContainEqual({ response_id: created.body.id });

    // Deleting: the response turns pending_delete with its delete job, or stays as it was.
    await t.ctx.database.db
      .updateTable("responses")
      .set({ status: "published" })
      .where("id", "=", created.body.id)
      .execute();
    await refuseJobs("responses.delete");
    expect((await client.delete(`/api/responses/${created.body.id}`)).status).toBe(500);
    const kept = await t.ctx.database.db
      .selectFrom("responses")
      .select("status")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe("published");
    await acceptJobs();
    const deleted = await client.delete<{ status: string }>(`/api/responses/${created.body.id}`);
    expect(deleted.status).toBe(202);
    expect(await jobsOf("responses.delete")).toContainEqual({ response_id: created.body.id });
  });

  it("a queued review import is stored with its job, or not at all", async () => {
    const { client, account } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id);
    const reviews = Array.from({ length: 1001 }, (_, i) => ({
      location_id: location.id,
      source: "tripadvisor",
      source_review_id: `t-${i}`,
      rating: 4,
      content: "Nice patio.",
      published_at: "2024-04-01",
    }));
    const imports = () =>
      t.ctx.database.db.selectFrom("review_imports").select("id").where("account_id", "=", account.id).execute();

    await refuseJobs("reviews.import");
    expect((await client.post("/api/reviews/import", { reviews })).status).toBe(500);
    expect(await imports()).toEqual([]);

    await acceptJobs();
    const queued = await client.post<{ id: string }>("/api/reviews/import", { reviews });
    expect(queued.status).toBe(202);
    expect(await imports()).toEqual([{ id: queued.body.id }]);
    expect(await jobsOf("reviews.import")).toContainEqual({ importId: queued.body.id });
  });

  it("a location sync is counted against the throttle only when its job is queued", async () => {
    const { client, account } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id);
    await createUrl(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      source: "google",
      referenceId: "x",
    });
    await createSourceCredentials(t.ctx.database, { accountId: account.id, source: "google" });

    await refuseJobs("ingestion.sync");
    expect((await client.post(`/api/locations/${location.id}/sync`, {})).status).toBe(500);
    await acceptJobs();
    // The refused request left no trace: this one is not throttled, and its job is there.
    const res = await client.post(`/api/locations/${location.id}/sync`, {});
    expect(res.status).toBe(202);
    expect((await jobsOf("ingestion.sync")).filter((d) => d.locationId === location.id)).toHaveLength(1);
  });

  it("a password reset link is stored with its e-mail, or not at all", async () => {
    const { user } = await signedIn(t);
    const resets = () =>
      t.ctx.database.db.selectFrom("password_resets").select("id").where("user_id", "=", user.id).execute();
    const anonymous = (await signedIn(t)).client.as({ email: "", token: "" });

    await refuseJobs("email.send");
    expect((await anonymous.post("/api/passwords", { email: user.email })).status).toBe(500);
    expect(await resets()).toEqual([]);

    await acceptJobs();
    expect((await anonymous.post("/api/passwords", { email: user.email })).status).toBe(202);
    const [reset] = await resets();
    expect(await jobsOf("email.send")).toContainEqual(
      expect.objectContaining({ idempotencyKey: `password-reset:${reset!.id}`, to: user.email }),
    );
  });

  it("an account's new time zone is stored with the job that recounts its days, or not at all", async () => {
    const { client, account } = await signedIn(t);
    const zone = async () =>
      (
        await t.ctx.database.db
          .selectFrom("accounts")
          .select("time_zone")
          .where("id", "=", account.id)
          .executeTakeFirstOrThrow()
      ).time_zone;
    const before = await zone();

    await refuseJobs("metrics.refresh-daily-stats");
    expect((await client.patch(`/api/accounts/${account.id}`, { time_zone: "Europe/Paris" })).status).toBe(500);
    expect(await zone()).toBe(before);

    await acceptJobs();
    expect((await client.patch(`/api/accounts/${account.id}`, { time_zone: "Europe/Paris" })).status).toBe(200);
    expect(await zone()).toBe("Europe/Paris");
    expect(await jobsOf("metrics.refresh-daily-stats")).toContainEqual({ accountId: account.id });
  });
});

describe("alert e-mails enqueued with the digest's record", () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await startTestApp({ workers: true, env: { SMTP_URL: "" } });
    await w.ctx.jobs.boss.updateQueue("alerts.digest", { retryDelay: 1, retryBackoff: false });
  });
  afterAll(async () => {
    await sql`DROP TRIGGER IF EXISTS refuse_job ON pgboss.job`.execute(w.ctx.database.db);
    await w?.close();
  });

  it("a digest is marked sent only with its e-mail job, and a retry sends it", async () => {
    const db = w.ctx.database.db;
    await sql`CREATE OR REPLACE FUNCTION test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'job insert refused'; END $$`.execute(db);
    const { account, user } = await signedIn(w);
    const location = await createLocation(w.ctx.database, account.id);
    const slot = new Date("2099-06-02T13:00:00Z");
    await createReview(w.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      firstSeenAt: new Date("2099-06-02T09:00:00Z"),
    });
    const alert = await createAlert(w.ctx.database, user, { frequencyId: 2 });
    await sql`CREATE TRIGGER refuse_job BEFORE INSERT ON pgboss.job FOR EACH ROW
      WHEN (NEW.name = 'email.send') EXECUTE FUNCTION test_refuse_job()`.execute(db);
    const id = await w.ctx.jobs.send("alerts.digest", { period: "daily", scheduled_for: slot.toISOString() });
    const lastSent = async () =>
      (await db.selectFrom("alerts").select("last_sent_at").where("id", "=", alert.id).executeTakeFirstOrThrow())
        .last_sent_at;
    // The first attempt fails at the e-mail's job: the alert is not marked sent.
    const deadline = Date.now() + 20_000;
    let failedOnce = false;
    while (!failedOnce && Date.now() < deadline) {
      const [job] = await w.ctx.jobs.boss.findJobs("alerts.digest", { id: id! });
      failedOnce = (job?.retryCount ?? 0) > 0 || job?.state === "retry";
      if (!failedOnce) await new Promise((r) => setTimeout(r, 100));
    }
    expect(await lastSent()).toBeNull();
    await sql`DROP TRIGGER refuse_job ON pgboss.job`.execute(db);
    expect(failedOnce).toBe(true);
    expect((await w.ctx.jobs.waitFor("alerts.digest", id!, { timeoutMs: 30_000 })).state).toBe("completed");
    expect(await lastSent()).toBeInstanceOf(Date);
    const mails = await w.ctx.jobs.boss.findJobs<{ idempotencyKey: string }>("email.send");
    expect(
      mails.filter((m) => m.data.idempotencyKey === `alert:${alert.id}:digest:${slot.toISOString()}`),
    ).toHaveLength(1);
  });
});
