import { type Kysely, sql } from "kysely";

// Insights at scale (issue 13): a group's keywords and categories without summing its locations' rows.
// At 1,000,000 reviews over 2,000 locations a location has about one review a day, so the location roll-ups
// (keyword_daily_stats, review_daily_category_stats) hold about one row per mention: six months of a group of
// 200 locations summed some 75,000 of them. These roll-ups hold the group's own rows, kept by the database
// like the others (docs/decisions/002-rollups-by-trigger.md):
//
// - keyword_daily_group_stats (group, day, keyword, category) and keyword_monthly_group_stats (group, calendar
//   month, keyword, category): a group's keyword list reads its whole months from the monthly rows and only
//   its partial first and last months by day, as the account's does (migration 0015).
// - review_daily_group_category_stats (group, day, category, review sentiment): reviews, each distinct
//   category of a review once, reviews deleted at the source left out, as review_daily_category_stats.
// - Kept from the location rows: keyword_rollups_recount and review_rollups_recount (the one definition of
//   each number, migrations 0015 and 0016) are renamed *_locations and wrapped: the wrapper recounts the
//   location (and account) rows as before, then the group rows of the groups holding the touched locations,
//   for the touched days (the whole account when the recount is). So every path that recounts (the triggers
//   at commit, a time zone change, refreshDailyStats, the nightly rebuild) keeps them. A later migration that
//   replaces either recount function must replace the *_locations one, not the wrapper.
// - A change of a group's locations (group_locations written) rebuilds that group's rows in the statement,
//   under the account's roll-up lock (group edits are rare, and write no reviews).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE keyword_daily_group_stats (
      group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      day date NOT NULL,
      keyword text NOT NULL,
      category text NOT NULL,
      positive_count integer NOT NULL,
      negative_count integer NOT NULL,
      neutral_count integer NOT NULL,
      PRIMARY KEY (group_id, day, keyword, category)
    );
    CREATE INDEX keyword_daily_group_stats_account_idx ON keyword_daily_group_stats(account_id);
    CREATE TABLE keyword_monthly_group_stats (
      group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      month date NOT NULL,
      keyword text NOT NULL,
      category text NOT NULL,
      positive_count integer NOT NULL,
      negative_count integer NOT NULL,
      neutral_count integer NOT NULL,
      PRIMARY KEY (group_id, month, keyword, category)
    );
    CREATE INDEX keyword_monthly_group_stats_account_idx ON keyword_monthly_group_stats(account_id);
    CREATE TABLE review_daily_group_category_stats (
      group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      day date NOT NULL,
      category text NOT NULL,
      sentiment smallint NOT NULL,
      review_count integer NOT NULL,
      PRIMARY KEY (group_id, day, category, sentiment)
    );
    CREATE INDEX review_daily_group_category_stats_account_idx ON review_daily_group_category_stats(account_id);
  `.execute(db);

  // The group rows of an account (p_locations NULL), or of the groups holding p_locations on p_days, from the
  // location rows (already recounted). p_group: one group's rows on every day (its locations changed).
  await sql`
    CREATE FUNCTION insights_group_rollups_recount(p_account uuid, p_locations uuid[], p_days date[],
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
        -- Whole groups.
        DELETE FROM keyword_daily_group_stats WHERE group_id = ANY(gs);
        DELETE FROM keyword_monthly_group_stats WHERE group_id = ANY(gs);
        DELETE FROM review_daily_group_category_stats WHERE group_id = ANY(gs);
        INSERT INTO keyword_daily_group_stats (group_id, account_id, day, keyword, category, positive_count,
          negative_count, neutral_count)
        SELECT gl.group_id, p_account, s.day, s.keyword, s.category, sum(s.positive_count), sum(s.negative_count),
          sum(s.neutral_count)
        FROM keyword_daily_stats s JOIN group_locations gl ON gl.location_id = s.location_id
        WHERE s.account_id = p_account AND gl.group_id = ANY(gs)
        GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
        INSERT INTO keyword_monthly_group_stats (group_id, account_id, month, keyword, category, positive_count,
          negative_count, neutral_count)
        SELECT group_id, p_account, date_trunc('month', day)::date, keyword, category, sum(positive_count),
          sum(negative_count), sum(neutral_count)
        FROM keyword_daily_group_stats WHERE group_id = ANY(gs)
        GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
        INSERT INTO review_daily_group_category_stats (group_id, account_id, day, category, sentiment, review_count)
        SELECT gl.group_id, p_account, s.day, s.category, s.sentiment, sum(s.review_count)
        FROM review_daily_category_stats s JOIN group_locations gl ON gl.location_id = s.location_id
        WHERE s.account_id = p_account AND gl.group_id = ANY(gs)
        GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
        RETURN;
      END IF;

      -- Some days of some groups: the months lose the days' old rows ...
      UPDATE keyword_monthly_group_stats m
      SET positive_count = m.positive_count - d.p, negative_count = m.negative_count - d.n,
        neutral_count = m.neutral_count - d.u
      FROM (
        SELECT group_id, date_trunc('month', day)::date AS month, keyword, category, sum(positive_count) AS p,
          sum(negative_count) AS n, sum(neutral_count) AS u
        FROM keyword_daily_group_stats WHERE group_id = ANY(gs) AND day = ANY(ds) GROUP BY 1, 2, 3, 4
      ) d
      WHERE m.group_id = d.group_id AND m.month = d.month AND m.keyword = d.keyword AND m.category = d.category;
      DELETE FROM keyword_daily_group_stats WHERE group_id = ANY(gs) AND day = ANY(ds);
      INSERT INTO keyword_daily_group_stats (group_id, account_id, day, keyword, category, positive_count,
        negative_count, neutral_count)
      SELECT gl.group_id, p_account, s.day, s.keyword, s.category, sum(s.positive_count), sum(s.negative_count),
        sum(s.neutral_count)
      FROM keyword_daily_stats s JOIN group_locations gl ON gl.location_id = s.location_id
      WHERE s.account_id = p_account AND s.day = ANY(ds) AND gl.group_id = ANY(gs)
      GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
      -- ... and gain their new ones; months left at zero go.
      INSERT INTO keyword_monthly_group_stats AS m (group_id, account_id, month, keyword, category, positive_count,
        negative_count, neutral_count)
      SELECT group_id, p_account, date_trunc('month', day)::date, keyword, category, sum(positive_count),
        sum(negative_count), sum(neutral_count)
      FROM keyword_daily_group_stats WHERE group_id = ANY(gs) AND day = ANY(ds)
      GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5
      ON CONFLICT (group_id, month, keyword, category) DO UPDATE
      SET positive_count = m.positive_count + excluded.positive_count,
        negative_count = m.negative_count + excluded.negative_count,
        neutral_count = m.neutral_count + excluded.neutral_count;
      DELETE FROM keyword_monthly_group_stats
      WHERE group_id = ANY(gs) AND month = ANY(ARRAY(SELECT DISTINCT date_trunc('month', d)::date FROM unnest(ds) d))
        AND positive_count = 0 AND negative_count = 0 AND neutral_count = 0;

      DELETE FROM review_daily_group_category_stats WHERE group_id = ANY(gs) AND day = ANY(ds);
      INSERT INTO review_daily_group_category_stats (group_id, account_id, day, category, sentiment, review_count)
      SELECT gl.group_id, p_account, s.day, s.category, s.sentiment, sum(s.review_count)
      FROM review_daily_category_stats s JOIN group_locations gl ON gl.location_id = s.location_id
      WHERE s.account_id = p_account AND s.day = ANY(ds) AND gl.group_id = ANY(gs)
      GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5;
    END
    $fn$;

    ALTER FUNCTION keyword_rollups_recount(uuid, uuid[], date[]) RENAME TO keyword_rollups_recount_locations;
    CREATE FUNCTION keyword_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM keyword_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
    END
    $fn$;

    ALTER FUNCTION review_rollups_recount(uuid, uuid[], date[]) RENAME TO review_rollups_recount_locations;
    CREATE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
    END
    $fn$;

    -- A group's locations changed: its rows on every day, under the account's roll-up lock. A group deleted
    -- (its members deleted by the cascade) is not found; its rows go by their own cascade.
    CREATE FUNCTION insights_group_rollups_rebuild(p_groups uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      FOR k IN SELECT g.account_id, g.id FROM groups g WHERE g.id = ANY(p_groups) ORDER BY 1, 2 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || k.account_id::text));
        PERFORM insights_group_rollups_recount(k.account_id, NULL, NULL, k.id);
      END LOOP;
    END
    $fn$;
    CREATE FUNCTION insights_group_rollups_members_written() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM insights_group_rollups_rebuild(ARRAY(SELECT DISTINCT group_id FROM members));
      RETURN NULL;
    END
    $fn$;
    CREATE FUNCTION insights_group_rollups_members_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM insights_group_rollups_rebuild(
        ARRAY(SELECT group_id FROM old_members UNION SELECT group_id FROM new_members));
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER group_locations_insights_insert AFTER INSERT ON group_locations
      REFERENCING NEW TABLE AS members
      FOR EACH STATEMENT EXECUTE FUNCTION insights_group_rollups_members_written();
    CREATE TRIGGER group_locations_insights_delete AFTER DELETE ON group_locations
      REFERENCING OLD TABLE AS members
      FOR EACH STATEMENT EXECUTE FUNCTION insights_group_rollups_members_written();
    CREATE TRIGGER group_locations_insights_update AFTER UPDATE ON group_locations
      REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members
      FOR EACH STATEMENT EXECUTE FUNCTION insights_group_rollups_members_updated();
  `.execute(db);

  // The group rows of the roll-ups that exist already.
  await sql`SELECT insights_group_rollups_recount(a.id, NULL, NULL) FROM accounts a
    WHERE EXISTS (SELECT 1 FROM groups g WHERE g.account_id = a.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS group_locations_insights_insert ON group_locations;
    DROP TRIGGER IF EXISTS group_locations_insights_delete ON group_locations;
    DROP TRIGGER IF EXISTS group_locations_insights_update ON group_locations;
    DROP FUNCTION IF EXISTS insights_group_rollups_members_written(), insights_group_rollups_members_updated(),
      insights_group_rollups_rebuild(uuid[]);
    DROP FUNCTION IF EXISTS keyword_rollups_recount(uuid, uuid[], date[]), review_rollups_recount(uuid, uuid[], date[]);
    ALTER FUNCTION keyword_rollups_recount_locations(uuid, uuid[], date[]) RENAME TO keyword_rollups_recount;
    ALTER FUNCTION review_rollups_recount_locations(uuid, uuid[], date[]) RENAME TO review_rollups_recount;
    DROP FUNCTION IF EXISTS insights_group_rollups_recount(uuid, uuid[], date[], uuid);
    DROP TABLE IF EXISTS keyword_daily_group_stats, keyword_monthly_group_stats, review_daily_group_category_stats;
  `.execute(db);
}
