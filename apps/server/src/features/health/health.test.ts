import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";

// GET /api/health against the real server and database: it answers while the database is busy with
// a long statement (PGlite is one session, so a `select 1` per request would wait behind it), and
// it answers 503 once the database is gone.
describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers while a long statement holds the database", { timeout: 60_000 }, async () => {
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
    await sleep(1_100);
    let sleepEnded = false;
    const busy = t.ctx.database.pool.query("SELECT pg_sleep(3)").then(() => {
      sleepEnded = true;
    });
    await sleep(500);
    const res = await fetch(`${t.baseUrl}/api/health`);
    const answeredDuringStatement = !sleepEnded;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    expect(answeredDuringStatement).toBe(true);
    await busy;
  });

  it("answers 503 once the database does not answer", { timeout: 60_000 }, async () => {
    const other = await startTestApp();
    try {
      expect((await fetch(`${other.baseUrl}/api/health`)).status).toBe(200);
      await other.ctx.database.close();
      await sleep(1_100);
      const res = await fetch(`${other.baseUrl}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: "The database is not answering." });
    } finally {
      await other.close().catch(() => {});
    }
  });
});
