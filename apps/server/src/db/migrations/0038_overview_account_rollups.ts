import { type Kysely, sql } from "kysely";

// The account's metrics overview without a second summing pass (issue 12). The dashboard's overview of a whole
// account (no filter but the dates) read review_daily_account_stats: a row per day, source, rating and sentiment
// (the demo's restaurant account: about 22 a day, 8,000 for six months and the six months before). It summed
// them by week and by those three dimensions, then summed the result again by three grouping sets: about 4 ms of
// PostgreSQL's time on a quiet machine, most of it in the two hash aggregations, and most of an uncached overview.
// The overview needs three sums only: by rating (with the response counts), by source and by sentiment.
// review_daily_account_overview_stats holds those per account and day, one row per value of one dimension
// (`kind`: 0 rating, 1 source, 2 sentiment; the other two dimensions null): about 14 rows a day, summed once.
// This is the shape of the group rows of migration 0035.
//
// Kept from the account rows by the database: review_rollups_recount (the wrapper every path that recounts
// calls) recounts the touched days of the account after its account rows, or every day when the whole account is
// rebuilt. Those account rows send NOTIFY sb_metrics in the same transaction (migration 0032), so cached
// overviews are dropped when these change. Only an overview with no filter but whole days reads them
// (features/metrics/queries.ts).

/**
 * The statements writing an account's overview rows from its account rows: of the days in the array variable
 * `days`, or of every day (null); the function holds both, each planned for its case. The rows are written in the
 * order of their days, so that a range of days is a range of the table's pages (grouping sets emit one dimension
 * at a time: a bulk load's year of rows would be on every page).
 */
function rewritten(days: string | null): string {
  const onDays = (column: string) => (days === null ? "" : ` AND ${column} = ANY(${days})`);
  return `DELETE FROM review_daily_account_overview_stats WHERE account_id = p_account${onDays("day")};
      INSERT INTO review_daily_account_overview_stats (account_id, day, kind, rating, source_id, sentiment,
        review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT p_account, s.day, CASE GROUPING(s.rating, s.source_id, s.sentiment) WHEN 3 THEN 0 WHEN 5 THEN 1 ELSE 2 END,
        s.rating, s.source_id, s.sentiment,
        sum(s.review_count), sum(s.respondable_count), sum(s.responded_count), sum(s.response_count),
        sum(s.response_hours_sum)
      FROM review_daily_account_stats s
      WHERE s.account_id = p_account${onDays("s.day")}
      GROUP BY GROUPING SETS ((s.day, s.rating), (s.day, s.source_id), (s.day, s.sentiment))
      ORDER BY s.day;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_daily_account_overview_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      day date NOT NULL,
      kind smallint NOT NULL CHECK (kind IN (0, 1, 2)),
      rating smallint,
      source_id uuid,
      sentiment smallint,
      review_count integer NOT NULL,
      respondable_count integer NOT NULL,
      responded_count integer NOT NULL,
      response_count integer NOT NULL,
      response_hours_sum double precision NOT NULL
    );
    CREATE INDEX review_daily_account_overview_stats_account_day_idx
      ON review_daily_account_overview_stats(account_id, day);
  `.execute(db);
  // The overview rows of an account on p_days (NULL: every day) from its account rows (already recounted).
  await sql
    .raw(`
    CREATE FUNCTION overview_account_rollups_recount(p_account uuid, p_days date[])
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      ds date[];
    BEGIN
      IF p_days IS NULL THEN
        ${rewritten(null)}
        RETURN;
      END IF;
      SELECT array_agg(DISTINCT d ORDER BY d) INTO ds FROM unnest(p_days) d;
      ${rewritten("ds")}
    END
    $fn$`)
    .execute(db);
  await recountWrapper(db, true);

  // The overview rows of the roll-ups that exist already.
  await sql`SELECT overview_account_rollups_recount(a.id, NULL) FROM accounts a ORDER BY a.id`.execute(db);
  // Without statistics the planner takes an account's rows of a year for one row, and sorts them to sum them
  // where a hash is twice as fast (and the embedded database has no autovacuum daemon to gather them later).
  await sql`ANALYZE review_daily_account_overview_stats`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recountWrapper(db, false);
  await sql`
    DROP FUNCTION IF EXISTS overview_account_rollups_recount(uuid, date[]);
    DROP TABLE IF EXISTS review_daily_account_overview_stats;
  `.execute(db);
}

/** review_rollups_recount as migration 0036 left it, with or without the account's overview rows. */
async function recountWrapper(db: Kysely<unknown>, withOverviewRows: boolean): Promise<void> {
  const overviewRows = withOverviewRows
    ? "PERFORM overview_account_rollups_recount(p_account, CASE WHEN p_locations IS NULL THEN NULL ELSE p_days END);"
    : "";
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL,
      p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
      PERFORM overview_group_rollups_recount(p_account, p_locations, p_days);
      ${overviewRows}
      IF p_locations IS NULL THEN
        PERFORM search_rollups_recount(p_account, NULL);
      END IF;
    END
    $fn$`)
    .execute(db);
}
