// The signed-in actor cached per process (platform/auth.ts ActorCache, migration 0031): a change to a session,
// a user, an account or its settings is seen on the very next call, and the cache really answers in between.
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { ACTOR_CACHE_MS, ActorCache } from "./auth.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Session = { name: string; settings: Record<string, unknown> };

describe("the actor cache", () => {
  it("refuses a session revoked in the database on the very next call", async () => {
    const { client, user } = await signedIn(t);
    expect((await client.get("/api/auth")).status).toBe(200);
    expect((await client.get("/api/auth")).status).toBe(200);
    await t.ctx.database.db
      .updateTable("sessions")
      .set({ revoked_at: new Date() })
      .where("user_id", "=", user.id)
      .execute();
    const next = await client.get("/api/auth");
    expect(next.status).toBe(401);
    expect(next.body).toMatchObject({ error: "Must Be Authenticated." });
  });

  it("shows a user's new name and an account's new setting on the very next call", async () => {
    const { client, user, account } = await signedIn(t);
    expect((await client.get<Session>("/api/auth")).body.settings.experience_analysis).not.toBe(false);
    await t.ctx.database.db.updateTable("users").set({ name: "Renamed Person" }).where("id", "=", user.id).execute();
    expect((await client.get<Session>("/api/auth")).body.name).toBe("Renamed Person");
    await t.ctx.database.db
      .insertInto("account_settings")
      .values({ account_id: account.id, code: "experience_analysis", value: "false" })
      .onConflict((oc) => oc.columns(["account_id", "code"]).doUpdateSet({ value: "false" }))
      .execute();
    expect((await client.get<Session>("/api/auth")).body.settings.experience_analysis).toBe(false);
  });

  it("refuses a session revoked by another connection (another process, a CLI) on the next call", async () => {
    const { client, user } = await signedIn(t);
    expect((await client.get("/api/auth")).status).toBe(200);
    const other = new pg.Client({ connectionString: t.ctx.database.connectionString });
    await other.connect();
    try {
      await other.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1", [user.id]);
    } finally {
      await other.end();
    }
    expect((await client.get("/api/auth")).status).toBe(401);
  });

  it("answers from the cache until told: a revocation that sends no notification is seen only after ACTOR_CACHE_MS", async () => {
    const { credentials, user } = await signedIn(t);
    const cache = new ActorCache(t.ctx.database);
    try {
      // The notification of the new account can still be on its way: heard after the first call has filled
      // the cache, it would empty it (as it should). Everything committed so far is heard first.
      expect(await t.ctx.database.caughtUp()).toBe(true);
      const now = Date.now();
      const first = await cache.get(credentials.email, credentials.token, now);
      expect(first?.user.id).toBe(user.id);
      // The triggers do not fire for a replica's writes: the revocation is made without telling anyone.
      await t.ctx.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.updateTable("sessions").set({ revoked_at: new Date() }).where("user_id", "=", user.id).execute();
      });
      expect(await cache.get(credentials.email, credentials.token, now + 1)).toBe(first);
      expect(await cache.get(credentials.email.toUpperCase(), credentials.token, now + 1)).toBe(first);
      expect(await cache.get("someone.else@example.test", credentials.token, now + 1)).toBeNull();
      expect(await cache.get(credentials.email, credentials.token, Date.now() + ACTOR_CACHE_MS + 1)).toBeNull();
    } finally {
      cache.close();
    }
  });

  it("is emptied by any change it is told of, and keeps no actor loaded before the change", async () => {
    const { credentials, user } = await signedIn(t);
    const cache = new ActorCache(t.ctx.database);
    try {
      const first = await cache.get(credentials.email, credentials.token);
      expect(await cache.get(credentials.email, credentials.token)).toBe(first);
      // Another account's setting changes: the cache is emptied (it does not track whose), and reloads.
      const { account: elsewhere } = await signedIn(t);
      await t.ctx.database.db
        .insertInto("account_settings")
        .values({ account_id: elsewhere.id, code: "experience_analysis", value: "false" })
        .onConflict((oc) => oc.columns(["account_id", "code"]).doUpdateSet({ value: "false" }))
        .execute();
      const reloaded = await cache.get(credentials.email, credentials.token);
      expect(reloaded).not.toBe(first);
      expect(reloaded?.user.id).toBe(user.id);
      // A change that lands while a load is on its way: that load answers, but is not kept.
      cache.clear();
      const loading = cache.get(credentials.email, credentials.token);
      cache.clear();
      const during = await loading;
      expect(during?.user.id).toBe(user.id);
      expect(await cache.get(credentials.email, credentials.token)).not.toBe(during);
    } finally {
      cache.close();
    }
  });
});
