// The one way a cache is kept (platform/notified-cache.ts): a burst of equal calls costs one load, a call that
// comes after a notification never gets what was read before it, and nothing is kept past the TTL.
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENER_APPLICATION_NAME } from "../db/listener.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { NotifiedCache } from "./notified-cache.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A load that counts its calls and answers when told (a load called after `release` answers at once). */
function gate() {
  let calls = 0;
  let release: (v: number) => void = () => {};
  const answer = new Promise<number>((resolve) => (release = resolve));
  const load = () => {
    calls += 1;
    return answer;
  };
  return { load, release: (v: number) => release(v), calls: () => calls };
}

describe("NotifiedCache", () => {
  it("shares one load among the calls that arrive while it runs, and keeps its value", async () => {
    const cache = new NotifiedCache<number>(t.ctx.database, { channels: ["sb_actor"], ttlMs: 5_000, maxEntries: 10 });
    try {
      const g = gate();
      const calls = [cache.get("k", g.load), cache.get("k", g.load), cache.get("k", g.load)];
      g.release(7);
      expect(await Promise.all(calls)).toEqual([7, 7, 7]);
      expect(g.calls()).toBe(1);
      expect(await cache.get("k", g.load)).toBe(7);
      expect(g.calls()).toBe(1);
      // Past the TTL it loads again.
      const later = cache.get("k", async () => 8, undefined, Date.now() + 5_001);
      expect(await later).toBe(8);
    } finally {
      cache.close();
    }
  });

  it("does not hand a call that arrives after a notification what a load begun before it read", async () => {
    const cache = new NotifiedCache<number>(t.ctx.database, { channels: ["sb_actor"], ttlMs: 5_000, maxEntries: 10 });
    try {
      const before = gate();
      const first = cache.get("k", before.load);
      await sql`NOTIFY sb_actor`.execute(t.ctx.database.db);
      const after = gate();
      const second = cache.get("k", after.load);
      before.release(1);
      after.release(2);
      expect(await first).toBe(1);
      expect(await second).toBe(2);
      expect(after.calls()).toBe(1);
      // Only the load begun after the notification is kept.
      expect(await cache.get("k", async () => 3)).toBe(2);
    } finally {
      cache.close();
    }
  });

  it("is emptied by a notification on any of its channels", async () => {
    const cache = new NotifiedCache<number>(t.ctx.database, {
      channels: ["sb_actor", "sb_metrics"],
      ttlMs: 5_000,
      maxEntries: 10,
    });
    try {
      let n = 0;
      const load = async () => ++n;
      expect(await cache.get("k", load)).toBe(1);
      expect(await cache.get("k", load)).toBe(1);
      await sql`NOTIFY sb_metrics`.execute(t.ctx.database.db);
      expect(await cache.get("k", load)).toBe(2);
      await sql`NOTIFY sb_actor`.execute(t.ctx.database.db);
      expect(await cache.get("k", load)).toBe(3);
      expect(await cache.get("k", load)).toBe(3);
    } finally {
      cache.close();
    }
  });

  it("never answers a value older than a notification committed on another connection before the call", async () => {
    // Another process's write: its own connection, not this process's pool or listening connection. Its
    // NOTIFY has been answered before each call below, but this process may not have read it yet.
    const other = new pg.Client({ connectionString: t.ctx.database.connectionString });
    await other.connect();
    const cache = new NotifiedCache<number>(t.ctx.database, {
      channels: ["sb_metrics"],
      ttlMs: 60_000,
      maxEntries: 10,
    });
    try {
      let version = 0;
      const load = async () => version;
      for (let i = 0; i < 50; i++) {
        expect(await cache.get("k", load)).toBe(version);
        version += 1;
        await other.query("NOTIFY sb_metrics");
        expect(await cache.get("k", load)).toBe(version);
      }
    } finally {
      cache.close();
      await other.end();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "forgets what it holds when its listening connection is lost, and answers from the database until it listens again",
    async () => {
      const database = t.ctx.database;
      const cache = new NotifiedCache<number>(database, { channels: ["sb_metrics"], ttlMs: 60_000, maxEntries: 10 });
      try {
        let version = 1;
        const load = async () => version;
        expect(await cache.get("held", load)).toBe(1);
        expect(await cache.get("asked while down", load)).toBe(1);
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`.execute(database.db);
        await expect.poll(() => database.listening(), { timeout: 5_000 }).toBe(false);
        // A change whose notification nobody hears; meanwhile a call reads the database.
        version = 2;
        await sql`NOTIFY sb_metrics`.execute(database.db);
        expect(await cache.get("asked while down", load)).toBe(2);
        await expect.poll(() => database.listening(), { timeout: 5_000 }).toBe(true);
        // Listening again: what was held from before is not answered, and values are kept again.
        expect(await cache.get("held", load)).toBe(2);
        version = 3;
        expect(await cache.get("held", load)).toBe(2);
      } finally {
        cache.close();
      }
    },
  );

  it("answers kept parts only when it holds every one asked for, and keeps no part loaded before a notification", async () => {
    const cache = new NotifiedCache<string>(t.ctx.database, { channels: ["sb_reviews"], ttlMs: 5_000, maxEntries: 10 });
    try {
      expect(await cache.getAll(["a"])).toBeUndefined();
      cache.keep(
        [
          ["a", "A"],
          ["b", "B"],
        ],
        cache.mark(),
      );
      expect(await cache.getAll(["b", "a"])).toEqual(["B", "A"]);
      expect(await cache.getAll(["a", "c"])).toBeUndefined();
      expect(await cache.getAll(["a"], Date.now() + 5_001)).toBeUndefined();
      // A load that began before a notification: what it read is not kept.
      const mark = cache.mark();
      await sql`NOTIFY sb_reviews`.execute(t.ctx.database.db);
      expect(await cache.getAll(["a"])).toBeUndefined();
      cache.keep([["c", "C"]], mark);
      expect(await cache.getAll(["c"])).toBeUndefined();
      cache.keep([["c", "C"]], cache.mark());
      expect(await cache.getAll(["c"])).toEqual(["C"]);
    } finally {
      cache.close();
    }
  });

  it("never answers kept parts older than a notification committed on another connection before the call", async () => {
    const other = new pg.Client({ connectionString: t.ctx.database.connectionString });
    await other.connect();
    const cache = new NotifiedCache<number>(t.ctx.database, {
      channels: ["sb_reviews"],
      ttlMs: 60_000,
      maxEntries: 10,
    });
    try {
      for (let i = 0; i < 50; i++) {
        cache.keep([["k", i]], cache.mark());
        expect(await cache.getAll(["k"])).toEqual([i]);
        await other.query("NOTIFY sb_reviews");
        expect(await cache.getAll(["k"])).toBeUndefined();
      }
    } finally {
      cache.close();
      await other.end();
    }
  });

  it("keeps at most maxEntries values, dropping the oldest", async () => {
    const cache = new NotifiedCache<string>(t.ctx.database, { channels: ["sb_actor"], ttlMs: 5_000, maxEntries: 2 });
    try {
      for (const k of ["a", "b", "c"]) await cache.get(k, async () => k);
      expect(await cache.get("a", async () => "reloaded")).toBe("reloaded");
      expect(await cache.get("c", async () => "reloaded")).toBe("c");
    } finally {
      cache.close();
    }
  });
});
