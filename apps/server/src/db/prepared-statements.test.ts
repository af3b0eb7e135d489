import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { NAMED_STATEMENTS_PER_CONNECTION, planEachCall, statementName } from "./database.ts";
import type { DB } from "./schema.ts";

// The app's pool names every statement with parameters (db/database.ts): on the real database (PGlite
// through its wire server, or DATABASE_URL), the server keeps it prepared on the connection that ran it.

let env: TestApp;
beforeAll(async () => {
  env = await startTestApp({ workers: false });
});
afterAll(async () => {
  await env.close();
});

/** The texts of the statements prepared on this connection. */
const preparedOn = async (conn: Kysely<DB>) => {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn);
  return rows.map((r) => r.statement);
};

describe("prepared statements", () => {
  it("prepares a statement with parameters once per connection and answers it as before", async () => {
    await env.ctx.database.db.connection().execute(async (conn) => {
      const query = conn.selectFrom("countries").select(["code"]).where("code", "=", "US");
      const text = query.compile().sql;
      const first = await query.execute();
      const second = await query.execute();
      expect(first).toEqual([{ code: "US" }]);
      expect(second).toEqual(first);
      const prepared = await preparedOn(conn);
      expect(prepared.filter((s) => s === text)).toHaveLength(1);
    });
  });

  it("runs a statement without parameters unnamed", async () => {
    await env.ctx.database.db.connection().execute(async (conn) => {
      await sql`SELECT 41 + 1 AS answer`.execute(conn);
      const prepared = await preparedOn(conn);
      expect(prepared.some((s) => s.includes("41 + 1"))).toBe(false);
    });
  });

  it("runs a statement marked to be planned on every call unnamed, with its values", async () => {
    await env.ctx.database.db.connection().execute(async (conn) => {
      const { rows } = await planEachCall(
        sql<{ code: string }>`SELECT code FROM countries WHERE code = ${"US"}`,
      ).execute(conn);
      expect(rows).toEqual([{ code: "US" }]);
      const prepared = await preparedOn(conn);
      expect(prepared.some((s) => s.includes("FROM countries WHERE code ="))).toBe(false);
    });
  });

  it("writes a page's LIMIT into the text, so that its prepared statement keeps one generic plan", async () => {
    await env.ctx.database.db.connection().execute(async (conn) => {
      // A page, as the lists ask for one. With its limit as a parameter, PostgreSQL found the review list's
      // generic plan costlier than the custom ones and planned every call again (LimitsInTextCompiler).
      const page = (size: number) =>
        conn.selectFrom("countries").select("code").where("code", ">", "A").orderBy("code").limit(size);
      expect(page(3).compile().sql).toMatch(/limit 3$/);
      expect(page(3).compile().parameters).toEqual(["A"]);
      for (let i = 0; i < 8; i++) expect(await page(3).execute()).toHaveLength(3);
      expect(await page(5).execute()).toHaveLength(5);
      const { rows } = await sql<{ generic_plans: number }>`
        SELECT generic_plans FROM pg_prepared_statements WHERE statement = ${page(3).compile().sql}`.execute(conn);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
    });
  });

  it.skipIf(!process.env.DATABASE_URL)("runs the app's statements on PostgreSQL without parallel workers", async () => {
    await env.ctx.database.db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        max_parallel_workers_per_gather: string;
      }>`SHOW max_parallel_workers_per_gather`.execute(conn);
      expect(rows[0]?.max_parallel_workers_per_gather).toBe("0");
    });
  });

  it("names a text the same way every time, and different texts differently", () => {
    expect(statementName("SELECT $1::int")).toBe(statementName("SELECT $1::int"));
    expect(statementName("SELECT $1::int")).not.toBe(statementName("SELECT $1::text"));
    // PostgreSQL truncates names past 63 bytes.
    expect(statementName("x".repeat(10_000)).length).toBeLessThanOrEqual(63);
    expect(NAMED_STATEMENTS_PER_CONNECTION).toBeGreaterThan(0);
  });
});
