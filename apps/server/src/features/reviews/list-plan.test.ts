import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import type { TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";
import { reviewFilter } from "./filter.ts";
import { compileReviewPage, selectReviewPage } from "./queries.ts";

/**
 * A page of the review list reads the page's reviews, not the range's, however wide the range and whichever plan
 * PostgreSQL keeps for the prepared statement (decision 005, stop 32). With the location, source, label and
 * assignee joined inside the page, the plan kept after five calls on a small account fetched every review of the
 * range and sorted them; with the page read from `reviews` alone, it walks the date index under the limit.
 */

let t: TestApp;
let accountId: string;
const PAGE = 26;

beforeAll(async () => {
  t = await startTestApp({ workers: false });
  const owner = await signedIn(t);
  accountId = owner.account.id;
  const db = t.ctx.database.db;
  const location = await createLocation(t.ctx.database, accountId, { name: "Downtown" });
  // Three reviews a day for four years, written in no particular order, and the planner's statistics taken.
  await sql`
    INSERT INTO reviews (account_id, location_id, source_id, source_review_id, author_name, rating, content,
      published_at, respondable)
    SELECT ${accountId}, ${location.id}, s.id, 'plan-' || n, 'Guest ' || n, 1 + n % 5, 'Visit number ' || n,
      timestamptz '2025-03-31 12:00:00+00' - n * interval '8 hours', true
    FROM generate_series(0, 4379) AS n, sources s WHERE s.code = 'google' ORDER BY random()`.execute(db);
  await sql`ANALYZE reviews`.execute(db);
});

afterAll(async () => {
  await t?.close();
});

/** Every node of a JSON plan. */
type PlanNode = { "Node Type": string; "Relation Name"?: string; "Actual Rows": number; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe("a page of the review list by date", () => {
  it("reads the page's reviews from the table, not every review of a wide range, with the plan PostgreSQL keeps", async () => {
    const ranges = [
      ["2025-03-01", "2025-03-31"],
      ["2024-01-01", "2025-03-31"],
      ["2023-06-01", "2024-12-31"],
      ["2024-04-01", "2025-02-28"],
      ["2022-01-01", "2025-03-31"],
      ["2024-02-01", "2024-12-31"],
      ["2023-01-01", "2025-03-31"],
    ] as const;
    const pageOf = ([from, to]: readonly [string, string]) =>
      reviewFilter(accountId, "UTC", { publishedAfter: { day: from }, publishedBefore: { day: to } });
    const spec = { sort: "published_at", order: "desc", limit: PAGE } as const;
    await t.ctx.database.db.connection().execute(async (conn) => {
      // Past five calls, PostgreSQL keeps the generic plan of a prepared statement if it looks no dearer.
      for (const range of ranges) {
        const rows = await selectReviewPage(conn, pageOf(range), spec);
        expect(rows).toHaveLength(PAGE);
      }
      const { sql: text, parameters } = compileReviewPage(conn, pageOf(["2021-04-01", "2025-03-31"]), spec);
      const { rows: prepared } = await sql<{ name: string; generic_plans: string }>`
        SELECT name, generic_plans FROM pg_prepared_statements WHERE statement = ${text}`.execute(conn);
      expect(prepared).toHaveLength(1);
      expect(Number(prepared[0]!.generic_plans)).toBeGreaterThan(0);
      // Four years: 4,380 reviews in the range.
      const { rows } = await sql<{
        "QUERY PLAN": [{ Plan: PlanNode }];
      }>`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${sql.id(
        prepared[0]!.name,
      )}(${sql.join(parameters.map((p) => sql.lit(String(p))))})`.execute(conn);
      const scans = nodesOf(rows[0]!["QUERY PLAN"][0].Plan).filter((n) => n["Relation Name"] === "reviews");
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan["Actual Rows"]).toBeLessThanOrEqual(PAGE);
    });
  });
});
