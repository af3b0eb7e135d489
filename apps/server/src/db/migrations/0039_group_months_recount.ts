import { type Kysely, sql } from "kysely";

// The nightly rebuild in short statements (features/metrics/rollup.ts, rebuildAccountInSteps; issue 12). It
// recounts an account's days a window at a time through review_rollups_recount with keys, the path of every commit.
// That path writes a group's months of keyword rows by difference (migration 0030: the days' old rows taken off,
// their new rows added), so a month that had gone wrong would stay wrong. This function writes one group's months
// anew from its daily keyword rows, under the account's roll-up lock, as the whole-account recount does for every
// group in one statement (0030's insights_group_rollups_recount with no keys).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION insights_group_months_recount(p_account uuid, p_group uuid)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || p_account::text));
      DELETE FROM keyword_monthly_group_stats WHERE group_id = p_group;
      INSERT INTO keyword_monthly_group_stats (group_id, account_id, month, keyword, category, positive_count,
        negative_count, neutral_count)
      SELECT group_id, p_account, date_trunc('month', day)::date, keyword, category, sum(positive_count),
        sum(negative_count), sum(neutral_count)
      FROM keyword_daily_group_stats WHERE group_id = p_group AND account_id = p_account
      GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
    END
    $fn$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS insights_group_months_recount(uuid, uuid)`.execute(db);
}
