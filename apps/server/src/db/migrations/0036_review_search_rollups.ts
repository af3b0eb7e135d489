import { type Kysely, sql } from "kysely";

// The review list's `_total` for a one-word search (issue 12). Counting the reviews of six months that hold a
// word means visiting every heap page the text index names: at 1,000,000 reviews, 57,000 matches over 24,000
// pages, some 150 ms, however the index is combined with the dates (PostgreSQL 15 reads each page for
// visibility). review_daily_search_stats holds, per account, day (in the account's time zone) and lexeme, how
// many reviews hold the lexeme in their search vector: the same vector as the list's `keywords` filter (the
// expression of migration 0004 and `reviewSearchVector`). A search that is one lexeme, with no other filter than
// whole days, is counted from it (features/reviews/queries.ts); any other search is counted from the reviews.
// Reviews deleted at the source are left out, as from every roll-up; the list adds them back, counted exactly.
//
// Kept by the database, like the other roll-ups (migration 0009): the reviews triggers below note the
// (account, day) pairs whose reviews' text, day or deletion at the source a statement changed, in
// review_search_pending; the transaction's commit (the flush of migration 0009, replaced below) recounts each
// pair once, under the account's roll-up lock, taken in account order with the other keys. A recount reads
// that day's reviews of the account and writes the rows that changed: about 22 ms for a day of 1,200 reviews
// (1,100 lexemes). Responses do not change it. A whole
// account's rebuild (review_rollups_recount with no keys: a new time zone, the nightly rebuild, TRUNCATE)
// rebuilds it too.
const VECTOR = `to_tsvector('english'::regconfig, coalesce(r.title, '') || ' ' || coalesce(r.content, '') || ' ' || coalesce(r.author_name, ''))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_daily_search_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      lexeme text NOT NULL,
      day date NOT NULL,
      review_count integer NOT NULL,
      PRIMARY KEY (account_id, lexeme, day)
    );
    -- A recount finds a day's rows by this one.
    CREATE INDEX review_daily_search_stats_day_idx ON review_daily_search_stats (account_id, day);
    CREATE TABLE review_search_pending (
      xact bigint NOT NULL,
      account_id uuid NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (xact, account_id, day)
    );
    CREATE TRIGGER review_daily_search_stats_metrics_changed
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_daily_search_stats
      FOR EACH STATEMENT EXECUTE FUNCTION notify_metrics_changed();
  `.execute(db);

  // The rows of an account: all of them (p_days NULL), or those of p_days.
  await sql`
    CREATE FUNCTION search_rollups_recount(p_account uuid, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      tz text;
      one_day date;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || p_account::text));
      SELECT a.time_zone INTO tz FROM accounts a WHERE a.id = p_account;
      IF NOT FOUND THEN RETURN; END IF;
      IF p_days IS NULL THEN
        DELETE FROM review_daily_search_stats WHERE account_id = p_account;
        INSERT INTO review_daily_search_stats (account_id, lexeme, day, review_count)
        SELECT p_account, l.lexeme, (r.published_at AT TIME ZONE tz)::date, count(*)
        FROM reviews r CROSS JOIN LATERAL unnest(tsvector_to_array(${sql.raw(VECTOR)})) AS l(lexeme)
        WHERE r.account_id = p_account AND r.deleted_at_source IS NULL
        GROUP BY 2, 3 ORDER BY 2, 3;
        RETURN;
      END IF;
      -- Day by day: the day's counts afresh (a range of the (account_id, published_at) index), compared with the
      -- rows held, and only the rows that differ written. A review changes a few of a day's thousand lexemes;
      -- rewriting them all cost twice the time. One statement over all the days let the planner scan the whole
      -- account once per day (it cannot tell how many reviews a day holds when the day comes from a join).
      FOREACH one_day IN ARRAY coalesce((SELECT array_agg(DISTINCT d ORDER BY d) FROM unnest(p_days) d), '{}') LOOP
        WITH fresh AS (
          SELECT l.lexeme, count(*)::int AS n
          FROM reviews r CROSS JOIN LATERAL unnest(tsvector_to_array(${sql.raw(VECTOR)})) AS l(lexeme)
          WHERE r.account_id = p_account
            AND r.published_at >= (one_day::timestamp AT TIME ZONE tz)
            AND r.published_at < ((one_day + 1)::timestamp AT TIME ZONE tz)
            AND r.deleted_at_source IS NULL
          GROUP BY 1
        ), held AS (
          SELECT s.lexeme, s.review_count FROM review_daily_search_stats s
          WHERE s.account_id = p_account AND s.day = one_day
        ), diff AS (
          SELECT coalesce(f.lexeme, h.lexeme) AS lexeme, f.n, h.review_count AS was
          FROM fresh f FULL JOIN held h ON h.lexeme = f.lexeme
          WHERE f.n IS DISTINCT FROM h.review_count
        ), gone AS (
          DELETE FROM review_daily_search_stats s USING diff x
          WHERE x.n IS NULL AND s.account_id = p_account AND s.day = one_day AND s.lexeme = x.lexeme
        ), changed AS (
          UPDATE review_daily_search_stats s SET review_count = x.n FROM diff x
          WHERE x.n IS NOT NULL AND x.was IS NOT NULL
            AND s.account_id = p_account AND s.day = one_day AND s.lexeme = x.lexeme
        )
        INSERT INTO review_daily_search_stats (account_id, lexeme, day, review_count)
        SELECT p_account, x.lexeme, one_day, x.n FROM diff x WHERE x.was IS NULL ORDER BY 2;
      END LOOP;
    END
    $fn$;
  `.execute(db);

  // A whole account's rebuild rebuilds the search rows too; the keys of a commit do not (the flush below recounts
  // the search days of its own pending rows).
  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL,
      p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
      PERFORM overview_group_rollups_recount(p_account, p_locations, p_days);
      IF p_locations IS NULL THEN
        PERFORM search_rollups_recount(p_account, NULL);
      END IF;
    END
    $fn$;

    -- At commit: every account with waiting keys or search days, in id order (one lock order for every writer).
    CREATE OR REPLACE FUNCTION review_rollups_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      DELETE FROM review_rollup_flushes WHERE xact = NEW.xact;
      FOR k IN
        SELECT a.account_id, p.locations, p.days, s.days AS search_days
        FROM (
          SELECT account_id FROM review_rollup_pending WHERE xact = NEW.xact
          UNION SELECT account_id FROM review_search_pending WHERE xact = NEW.xact
        ) a
        LEFT JOIN (
          SELECT account_id, array_agg(location_id) AS locations, array_agg(day) AS days
          FROM review_rollup_pending WHERE xact = NEW.xact GROUP BY account_id
        ) p ON p.account_id = a.account_id
        LEFT JOIN (
          SELECT account_id, array_agg(day) AS days FROM review_search_pending WHERE xact = NEW.xact GROUP BY account_id
        ) s ON s.account_id = a.account_id
        ORDER BY a.account_id
      LOOP
        IF k.locations IS NOT NULL THEN
          PERFORM review_rollups_recount(k.account_id, k.locations, k.days);
        END IF;
        IF k.search_days IS NOT NULL THEN
          PERFORM search_rollups_recount(k.account_id, k.search_days);
        END IF;
      END LOOP;
      DELETE FROM review_rollup_pending WHERE xact = NEW.xact;
      DELETE FROM review_search_pending WHERE xact = NEW.xact;
      RETURN NULL;
    END
    $fn$;
  `.execute(db);

  // Reviews: inserted and deleted rows where they are (unless deleted at the source); an updated row in its old
  // and its new place when its text, its day or its deletion at the source changed.
  await sql`
    CREATE FUNCTION search_rollups_reviews_written() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_search_pending (xact, account_id, day)
      SELECT DISTINCT me, w.account_id, (w.published_at AT TIME ZONE a.time_zone)::date
      FROM written_reviews w JOIN accounts a ON a.id = w.account_id
      WHERE w.deleted_at_source IS NULL
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION search_rollups_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_search_pending (xact, account_id, day)
      SELECT DISTINCT me, v.account_id, (v.published_at AT TIME ZONE a.time_zone)::date
      FROM old_reviews o
      FULL JOIN new_reviews n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.account_id, o.published_at, o.deleted_at_source IS NULL),
        (n.account_id, n.published_at, n.deleted_at_source IS NULL)
      ) AS v(account_id, published_at, counted)
      JOIN accounts a ON a.id = v.account_id
      WHERE v.counted
        AND (o.id IS NULL OR n.id IS NULL
          OR (o.account_id, o.published_at, o.title, o.content, o.author_name, o.deleted_at_source IS NULL)
            IS DISTINCT FROM
             (n.account_id, n.published_at, n.title, n.content, n.author_name, n.deleted_at_source IS NULL))
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER reviews_search_rollups_insert AFTER INSERT ON reviews
      REFERENCING NEW TABLE AS written_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION search_rollups_reviews_written();
    CREATE TRIGGER reviews_search_rollups_delete AFTER DELETE ON reviews
      REFERENCING OLD TABLE AS written_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION search_rollups_reviews_written();
    CREATE TRIGGER reviews_search_rollups_update AFTER UPDATE ON reviews
      REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION search_rollups_reviews_updated();
  `.execute(db);

  // The rows of the reviews that exist already.
  await sql`SELECT search_rollups_recount(a.id) FROM accounts a ORDER BY a.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS reviews_search_rollups_insert ON reviews;
    DROP TRIGGER IF EXISTS reviews_search_rollups_delete ON reviews;
    DROP TRIGGER IF EXISTS reviews_search_rollups_update ON reviews;
    DROP FUNCTION IF EXISTS search_rollups_reviews_written(), search_rollups_reviews_updated();
    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL,
      p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM review_rollups_recount_locations(p_account, p_locations, p_days);
      PERFORM insights_group_rollups_recount(p_account, p_locations, p_days);
      PERFORM overview_group_rollups_recount(p_account, p_locations, p_days);
    END
    $fn$;
    CREATE OR REPLACE FUNCTION review_rollups_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      DELETE FROM review_rollup_flushes WHERE xact = NEW.xact;
      FOR k IN
        SELECT account_id, array_agg(location_id) AS locations, array_agg(day) AS days
        FROM review_rollup_pending WHERE xact = NEW.xact
        GROUP BY account_id ORDER BY account_id
      LOOP
        PERFORM review_rollups_recount(k.account_id, k.locations, k.days);
      END LOOP;
      DELETE FROM review_rollup_pending WHERE xact = NEW.xact;
      RETURN NULL;
    END
    $fn$;
    DROP FUNCTION IF EXISTS search_rollups_recount(uuid, date[]);
    DROP TABLE IF EXISTS review_search_pending;
    DROP TABLE IF EXISTS review_daily_search_stats;
  `.execute(db);
}
