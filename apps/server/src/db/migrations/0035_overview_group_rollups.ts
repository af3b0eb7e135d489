import { type Kysely, sql } from "kysely";

// A group's metrics overview without summing its locations' rows (issue 12). At 1,000,000 reviews over 2,000
// locations, six months of a group of 200 locations (and the six months before, for the previous period) is
// some 53,000 rows of review_daily_stats (location × day × source × rating × sentiment): read in about 35 ms,
// summed in 25. The overview needs three sums of them only: by rating (with the response counts), by source
// and by sentiment. review_daily_group_stats holds those per group and day, one row per value of one
// dimension (`kind`: 0 rating, 1 source, 2 sentiment; the other two dimensions null): about 15 rows a day.
//
// Kept from the location rows by the database, like the group rows of migration 0030: review_rollups_recount
// (the wrapper of migration 0030, which every path that recounts calls) recounts the group rows of the groups
// holding the touched locations on the touched days, and a change of a group's locations rebuilds that group
// (insights_group_rollups_rebuild). Their statements already send NOTIFY sb_metrics (migration 0032), so the
// cached overviews are dropped when these rows change. Only an overview of exactly one group with no other
// filter reads them (features/metrics/queries.ts): two groups may share a location, which their sum would
// count twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_daily_group_stats (
      group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
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
    CREATE INDEX review_daily_group_stats_group_day_idx ON review_daily_group_stats(group_id, day);
    CREATE INDEX review_daily_group_stats_account_idx ON review_daily_group_stats(account_id);

    -- The group rows of an account (p_locations NULL), or of the groups holding p_locations on p_days, from the
    -- location rows (already recounted). p_group: one group's rows on every day (its locations changed).
    CREATE FUNCTION overview_group_rollups_recount(p_account uuid, p_locations uuid[], p_days date[],
      p_group uuid DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      gs uuid[];
      ds date[];
    BEGIN
      IF p_group IS NOT NULL THEN
        gs := ARRAY[p_group];
      ELSIF p_locations IS NULL THEN
        SELECT array_agg(id ORDER BY id) INTO gs FROM groups WHERE account_id = p_account;
      ELSE
        SELECT array_agg(DISTINCT gl.group_id ORDER BY gl.group_id) INTO gs
        FROM group_locations gl JOIN groups g ON g.id = gl.group_id
        WHERE g.account_id = p_account AND gl.location_id = ANY(p_locations);
        SELECT array_agg(DISTINCT d ORDER BY d) INTO ds FROM unnest(p_days) d;
      END IF;
      IF gs IS NULL THEN RETURN; END IF;

      IF ds IS NULL THEN
        DELETE FROM review_daily_group_stats WHERE group_id = ANY(gs);
      ELSE
        DELETE FROM review_daily_group_stats WHERE group_id = ANY(gs) AND day = ANY(ds);
      END IF;
      INSERT INTO review_daily_group_stats (group_id, account_id, day, kind, rating, source_id, sentiment,
        review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT gl.group_id, p_account, s.day,
        CASE GROUPING(s.rating, s.source_id, s.sentiment) WHEN 3 THEN 0 WHEN 5 THEN 1 ELSE 2 END,
        s.rating, s.source_id, s.sentiment,
        sum(s.review_count), sum(s.respondable_count), sum(s.responded_count), sum(s.response_count),
        sum(s.response_hours_sum)
      FROM review_daily_stats s JOIN group_locations gl ON gl.location_id = s.location_id
      WHERE s.account_id = p_account AND gl.group_id = ANY(gs) AND (ds IS NULL OR s.day = ANY(ds))
      GROUP BY GROUPING SETS ((gl.group_id, s.day, s.rating), (gl.group_id, s.day, s.source_id),
        (gl.group_id, s.day, s.sentiment));
    END
    $fn$;

    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL,
      p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
      PERFORM overview_group_rollups_recount(p_account, p_locations, p_days);
    END
    $fn$;

    CREATE OR REPLACE FUNCTION insights_group_rollups_rebuild(p_groups uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      FOR k IN SELECT g.account_id, g.id FROM groups g WHERE g.id = ANY(p_groups) ORDER BY 1, 2 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || k.account_id::text));
        PERFORM insights_group_rollups_recount(k.account_id, NULL, NULL, k.id);
        PERFORM overview_group_rollups_recount(k.account_id, NULL, NULL, k.id);
      END LOOP;
    END
    $fn$;
  `.execute(db);

  // The group rows of the roll-ups that exist already.
  await sql`SELECT overview_group_rollups_recount(a.id, NULL, NULL) FROM accounts a
    WHERE EXISTS (SELECT 1 FROM groups g WHERE g.account_id = a.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL,
      p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
    END
    $fn$;
    CREATE OR REPLACE FUNCTION insights_group_rollups_rebuild(p_groups uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      FOR k IN SELECT g.account_id, g.id FROM groups g WHERE g.id = ANY(p_groups) ORDER BY 1, 2 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || k.account_id::text));
        PERFORM insights_group_rollups_recount(k.account_id, NULL, NULL, k.id);
      END LOOP;
    END
    $fn$;
    DROP FUNCTION IF EXISTS overview_group_rollups_recount(uuid, uuid[], date[], uuid);
    DROP TABLE IF EXISTS review_daily_group_stats;
  `.execute(db);
}
