import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { withoutSecondaryIndexes } from "../../features/demo/reviews.ts";
import { reviewColumnsQuery } from "../../features/exports/queries.ts";
import { writeExportFile } from "../../features/exports/service.ts";
import { reviewFilter } from "../../features/reviews/filter.ts";
import { createAccount, createUser, sessionFor } from "../../test/factories.ts";
import type { BenchCase, BenchSuite } from "../harness.ts";

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const LOCATIONS = 500;
const BATCH = 100_000;
const TIME_ZONE = "America/Chicago";
const SOURCES = ["google", "yelp", "facebook", "tripadvisor", "opentable"];

/** PostgreSQL literals for a compiled query's parameters (COPY takes no bind parameters). */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = parameters[Number(n) - 1];
    if (typeof value === "number") return String(value);
    if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`cannot inline parameter $${n}: ${typeof value}`);
  });
}

/** The largest resident set size seen while `work` runs, sampled every 20 ms, above the size before it. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number; beforeMb: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1048576, beforeMb: before / 1048576 };
  } finally {
    clearInterval(timer);
  }
}

async function seed(db: Kysely<DB>, accountId: string, log: (m: string) => void) {
  await sql`INSERT INTO locations (account_id, name, city, state, address)
    SELECT ${accountId}, 'Store ' || lpad(g::text, 4, '0'), 'City ' || (g % 97), 'TX', g || ' Main St'
    FROM generate_series(1, ${LOCATIONS}) g`.execute(db);
  const started = Date.now();
  const trx = await db.startTransaction().execute();
  await withoutSecondaryIndexes(trx, ["reviews"], async () => {
    for (let from = 1; from <= REVIEWS; from += BATCH) {
      const to = Math.min(REVIEWS, from + BATCH - 1);
      await sql`
        WITH locs AS (SELECT array_agg(id ORDER BY name) AS a FROM locations WHERE account_id = ${accountId}),
             srcs AS (SELECT array_agg(id ORDER BY code) AS a FROM sources WHERE code = ANY(${SOURCES}::text[])),
             rows AS (SELECT g, (g * 2654435761::bigint) % 4294967296 AS h FROM generate_series(${from}::int, ${to}::int) g)
        INSERT INTO reviews (account_id, location_id, source_id, source_review_id, author_name, rating, title, content,
          published_at, sentiment, categories, respondable, response_status)
        SELECT ${accountId}, locs.a[1 + g % ${LOCATIONS}], srcs.a[1 + h % 5], 'bench-' || g, 'Reviewer ' || (h % 5000),
          1 + h % 5, CASE WHEN h % 3 = 0 THEN 'Visit #' || g END,
          CASE WHEN h % 5 >= 3 THEN 'Great food and friendly staff, we will be back, "really".'
               ELSE 'Cold food and a long wait.' || chr(10) || 'Not coming back.' END,
          now() - make_interval(secs => ((h / 13) % (730 * 86400))::float8),
          CASE WHEN h % 5 >= 3 THEN 1 WHEN h % 5 <= 1 THEN -1 ELSE 0 END,
          ARRAY['food', 'service'], true, CASE WHEN h % 2 = 0 THEN 'published' END
        FROM rows, locs, srcs`.execute(trx);
      log(`${to.toLocaleString("en-US")} reviews (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  });
  await trx.commit().execute();
  await sql`ANALYZE reviews`.execute(db);
  log(`indexes rebuilt, analyzed (${Math.round((Date.now() - started) / 1000)} s)`);
}

/**
 * A CSV export of BENCH_REVIEWS reviews (default 1,000,000) through the export job (the code the
 * `exports.generate` job runs: keyset batches of the list's query streamed to a file under the storage
 * folder), side by side with PostgreSQL's own `COPY (the same query) TO STDOUT WITH CSV` over the same
 * connection pool in the same run. Prints rows per second of both and the process's resident memory
 * growth during the export (the server runs in this process, and the export thread in it).
 */
export const exportSuite: BenchSuite = {
  name: "export",
  description: `CSV export of ${REVIEWS.toLocaleString("en-US")} reviews through the export job vs COPY (same query) TO STDOUT WITH CSV`,
  async setup({ baseUrl, ctx }) {
    const { database } = ctx;
    const db = database.db;
    const log = (m: string) => console.error(`  [export] ${m}`);
    const account = await createAccount(database, { name: "Export Bench Co" });
    await db.updateTable("accounts").set({ time_zone: TIME_ZONE }).where("id", "=", account.id).execute();
    const user = await createUser(database, account.id, { type: "admin", owner: true });
    const { email, token } = await sessionFor(database, user);
    const authorization = `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;
    await seed(db, account.id, log);

    const exportRun = async () => {
      // The API creates the row and enqueues its job; the bench app runs no workers, so the job's code runs here.
      const res = await fetch(`${baseUrl}/api/export_files/${account.id}`, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body: JSON.stringify({ resource: "reviews", filters: {} }),
      });
      const created = (await res.json()) as { id: number };
      if (res.status !== 201) throw new Error(`POST /api/export_files answered ${res.status}`);
      const started = performance.now();
      const { result, growthMb, beforeMb } = await rssGrowth(() => writeExportFile(ctx, created.id));
      const seconds = (performance.now() - started) / 1000;
      if (result?.status !== "done" || result.row_count !== REVIEWS)
        throw new Error(`export ended ${result?.status} with ${result?.row_count} rows`);
      log(
        `export job: ${result.row_count.toLocaleString("en-US")} rows, ${(Number(result.byte_size) / 1048576).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(result.row_count / seconds).toLocaleString("en-US")} rows/s; RSS ${beforeMb.toFixed(0)} MB before, grew ${growthMb.toFixed(1)} MB at most`,
      );
    };

    const compiled = reviewColumnsQuery(db, reviewFilter(account.id, TIME_ZONE))
      .orderBy("r.published_at", "desc")
      .orderBy("r.id", "desc")
      .compile();
    const copySql = `COPY (${inline(compiled.sql, compiled.parameters)}) TO STDOUT WITH CSV HEADER`;
    const copyRun = async () => {
      const client = await database.pool.connect();
      try {
        const started = performance.now();
        const res = await client.query(copySql);
        const seconds = (performance.now() - started) / 1000;
        if (res.rowCount !== REVIEWS) throw new Error(`COPY wrote ${res.rowCount} rows`);
        log(
          `COPY TO STDOUT: ${REVIEWS.toLocaleString("en-US")} rows in ${seconds.toFixed(2)} s = ${Math.round(REVIEWS / seconds).toLocaleString("en-US")} rows/s`,
        );
      } finally {
        client.release();
      }
    };

    const cases: BenchCase[] = [
      {
        name: `export job, ${REVIEWS.toLocaleString("en-US")} reviews to CSV`,
        run: exportRun,
        baseline: { name: "COPY (same query) TO STDOUT WITH CSV", run: copyRun },
        iterations: 1,
        warmup: 0,
      },
    ];
    return cases;
  },
};
