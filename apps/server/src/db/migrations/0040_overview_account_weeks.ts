import { type Kysely, sql } from "kysely";

// The account's overview from whole weeks (issue 12). An overview of a whole account with no filter but whole days
// reads the account's daily overview rows (migration 0038), about 14 a day: the default six months and the six
// before are about 5,000 rows on the demo's restaurant account, and summing them was most of PostgreSQL's time in
// an uncached overview. review_weekly_account_overview_stats holds the same sums per week (Monday to Sunday, as
// date_trunc('week')): a week inside one period (and, by month, inside one month) is one row per value instead of
// seven. The overview reads those weeks from here and the days around them from the daily rows
// (features/metrics/queries.ts, overviewSpans).
//
// Kept from the daily overview rows by the database: review_rollups_recount recounts the weeks of the days it
// recounted, after them (every week when the whole account is rebuilt). Those daily rows come from the account
// rows, which send NOTIFY sb_metrics in the same transaction (migration 0032), so cached overviews are dropped when
// these change.

/** The statements writing an account's week rows from its daily overview rows: of the weeks in `weeks`, or all. */
function rewritten(weeks: string | null): string {
  const onWeeks = weeks === null ? "" : ` AND week = ANY(${weeks})`;
  const onDays =
    weeks === null ? "" : ` AND s.day = ANY(ARRAY(SELECT w + i FROM unnest(${weeks}) w, generate_series(0, 6) i))`;
  return `DELETE FROM review_weekly_account_overview_stats WHERE account_id = p_account${onWeeks};
      INSERT INTO review_weekly_account_overview_stats (account_id, week, kind, rating, source_id, sentiment,
        review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT p_account, date_trunc('week', s.day::timestamp)::date, s.kind, s.rating, s.source_id, s.sentiment,
        sum(s.review_count), sum(s.respondable_count), sum(s.responded_count), sum(s.response_count),
        sum(s.response_hours_sum)
      FROM review_daily_account_overview_stats s
      WHERE s.account_id = p_account${onDays}
      GROUP BY 2, 3, 4, 5, 6
      ORDER BY 2;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_weekly_account_overview_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      week date NOT NULL CHECK (extract(isodow FROM week) = 1),
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
    CREATE INDEX review_weekly_account_overview_stats_account_week_idx
      ON review_weekly_account_overview_stats(account_id, week);
  `.execute(db);
  // The week rows of an account on the weeks of p_days (NULL: every week) from its daily overview rows.
  await sql
    .raw(`
    CREATE FUNCTION overview_account_weeks_recount(p_account uuid, p_days date[])
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      ws date[];
    BEGIN
      IF p_days IS NULL THEN
        ${rewritten(null)}
        RETURN;
      END IF;
      SELECT array_agg(DISTINCT date_trunc('week', d::timestamp)::date) INTO ws FROM unnest(p_days) d;
      ${rewritten("ws")}
    END
    $fn$`)
    .execute(db);
  await recountWrapper(db, true);

  await sql`SELECT overview_account_weeks_recount(a.id, NULL) FROM accounts a ORDER BY a.id`.execute(db);
  // The embedded database has no autovacuum daemon to gather statistics later (decision 005, stop 27).
  await sql`ANALYZE review_weekly_account_overview_stats`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recountWrapper(db, false);
  await sql`
    DROP FUNCTION IF EXISTS overview_account_weeks_recount(uuid, date[]);
    DROP TABLE IF EXISTS review_weekly_account_overview_stats;
  `.execute(db);
}

/** review_rollups_recount as migration 0038 left it, with or without the account's week rows after its day rows. */
async function recountWrapper(db: Kysely<unknown>, withWeekRows: boolean): Promise<void> {
  const weekRows = withWeekRows
    ? "PERFORM overview_account_weeks_recount(p_account, CASE WHEN p_locations IS NULL THEN NULL ELSE p_days END);"
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
      PERFORM overview_account_rollups_recount(p_account, CASE WHEN p_locations IS NULL THEN NULL ELSE p_days END);
      ${weekRows}
      IF p_locations IS NULL THEN
        PERFORM search_rollups_recount(p_account, NULL);
      END IF;
    END
    $fn$`)
    .execute(db);
}
