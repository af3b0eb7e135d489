import { type Kysely, sql } from "kysely";

// Insights (issue 13): the keyword roll-ups the keyword screens read, kept current by the database the
// way migration 0009 keeps the metrics roll-ups (docs/decisions/002-rollups-by-trigger.md), and the
// re-analysis runs (an account's reviews analysed again, in batches, with their progress).
//
// - What a keyword counts (docs/api.md "Insights"): REVIEWS, not sentences. For each (review, keyword)
//   of review_mentions: positive when the review has a positive mention of it, negative when it has a
//   negative one (a review can be both), neutral when it has only neutral ones; its category is the
//   least of its mentions' categories ('' for none). Reviews deleted at the source count, as the review
//   list shows them. The day, location, source and rating are the review's (the day in the account's
//   time zone), so the review filter's dimensions narrow these rows as they narrow the list.
// - keyword_daily_stats: one row per (location, day, keyword, category, source, rating);
//   keyword_daily_account_stats: the same without location, source and rating, and
//   keyword_monthly_account_stats the same by calendar month (an account-wide keyword list reads its
//   whole months from it and only its partial first and last months by day).
// - Statement triggers on review_mentions (every write) and reviews (a change of account, location,
//   source, day or rating) collect the touched (account, location, day) keys in keyword_rollup_pending;
//   a deferred constraint trigger recounts them once at commit (keyword_rollups_recount), under the
//   same advisory lock as the metrics recount (so the two never wait on each other in a cycle). A change
//   of an account's time zone recounts the whole account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE keyword_daily_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL,
      day date NOT NULL,
      keyword text NOT NULL,
      category text NOT NULL,
      source_id uuid NOT NULL,
      rating smallint NOT NULL,
      positive_count integer NOT NULL,
      negative_count integer NOT NULL,
      neutral_count integer NOT NULL,
      PRIMARY KEY (account_id, location_id, day, keyword, category, source_id, rating)
    );
    CREATE INDEX keyword_daily_stats_day_idx ON keyword_daily_stats(account_id, day);
    CREATE TABLE keyword_daily_account_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      day date NOT NULL,
      keyword text NOT NULL,
      category text NOT NULL,
      positive_count integer NOT NULL,
      negative_count integer NOT NULL,
      neutral_count integer NOT NULL,
      PRIMARY KEY (account_id, day, keyword, category)
    );
    -- A keyword's detail (its months) and the reviews that mention it.
    CREATE INDEX keyword_daily_account_stats_keyword_idx ON keyword_daily_account_stats(account_id, keyword, day);
    -- The account rows by calendar month: a period reads its whole months here and only its first and
    -- last partial months by day. Kept by adding the change of each recounted day (no month is re-read).
    CREATE TABLE keyword_monthly_account_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      month date NOT NULL,
      keyword text NOT NULL,
      category text NOT NULL,
      positive_count integer NOT NULL,
      negative_count integer NOT NULL,
      neutral_count integer NOT NULL,
      PRIMARY KEY (account_id, month, keyword, category)
    );
    CREATE INDEX review_mentions_keyword_idx ON review_mentions(account_id, keyword, published_at);

    CREATE TABLE keyword_rollup_pending (
      xact bigint NOT NULL,
      account_id uuid NOT NULL,
      location_id uuid NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (xact, account_id, location_id, day)
    );
    CREATE TABLE keyword_rollup_flushes (
      xact bigint PRIMARY KEY
    );

    -- Re-analysis of an account's reviews (after a model change): progress in done / total.
    CREATE TABLE analysis_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      reason text NOT NULL,
      model_version text NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      total integer NOT NULL DEFAULT 0,
      done integer NOT NULL DEFAULT 0,
      last_review_id uuid,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX analysis_runs_account_idx ON analysis_runs(account_id, created_at DESC);
  `.execute(db);

  // The one definition of the keyword numbers: all rows of an account (p_locations NULL), or those of
  // the (location, day) pairs given.
  await sql`
    CREATE FUNCTION keyword_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      tz text;
      days date[];
      reviews_of text;
      stats_of text;
      account_rows_of text;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('daily_stats:' || p_account::text));
      SELECT a.time_zone INTO tz FROM accounts a WHERE a.id = p_account;
      IF NOT FOUND THEN RETURN; END IF;
      IF p_locations IS NULL THEN
        reviews_of := 'reviews r';
        stats_of := 'account_id = $1';
        account_rows_of := 'account_id = $1';
      ELSE
        SELECT array_agg(DISTINCT d ORDER BY d) INTO days FROM unnest(p_days) d;
        IF days IS NULL THEN RETURN; END IF;
        reviews_of := '(SELECT DISTINCT k.location_id, k.day FROM unnest($2, $3) AS k(location_id, day)) k
          JOIN reviews r ON r.location_id = k.location_id
            AND r.published_at >= (k.day::timestamp AT TIME ZONE $4)
            AND r.published_at < ((k.day + 1)::timestamp AT TIME ZONE $4)
            AND (r.published_at AT TIME ZONE $4)::date = k.day';
        stats_of := 'account_id = $1 AND (location_id, day) IN (SELECT * FROM unnest($2, $3))';
        account_rows_of := 'account_id = $1 AND day = ANY($5)';
      END IF;

      EXECUTE 'DELETE FROM keyword_daily_stats WHERE ' || stats_of USING p_account, p_locations, p_days, tz, days;
      EXECUTE format('
        INSERT INTO keyword_daily_stats (account_id, location_id, day, keyword, category, source_id, rating,
          positive_count, negative_count, neutral_count)
        SELECT r.account_id, r.location_id, (r.published_at AT TIME ZONE $4)::date, m.keyword, m.category,
          r.source_id, coalesce(r.rating, 0),
          count(*) FILTER (WHERE m.positive), count(*) FILTER (WHERE m.negative),
          count(*) FILTER (WHERE NOT m.positive AND NOT m.negative)
        FROM %s
        CROSS JOIN LATERAL (
          SELECT rm.keyword, min(coalesce(rm.category, %L)) AS category,
            bool_or(rm.sentiment = %L) AS positive, bool_or(rm.sentiment = %L) AS negative
          FROM review_mentions rm WHERE rm.review_id = r.id GROUP BY rm.keyword
        ) m
        WHERE r.account_id = $1
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 1, 2, 3, 4, 5, 6, 7', reviews_of, '', 'positive', 'negative')
        USING p_account, p_locations, p_days, tz, days;

      -- The months lose the days' old account rows ...
      IF p_locations IS NULL THEN
        DELETE FROM keyword_monthly_account_stats WHERE account_id = p_account;
      ELSE
        EXECUTE format('
          UPDATE keyword_monthly_account_stats m
          SET positive_count = m.positive_count - d.p, negative_count = m.negative_count - d.n,
            neutral_count = m.neutral_count - d.u
          FROM (
            SELECT date_trunc(%L, day)::date AS month, keyword, category, sum(positive_count) AS p,
              sum(negative_count) AS n, sum(neutral_count) AS u
            FROM keyword_daily_account_stats WHERE %s GROUP BY 1, 2, 3
          ) d
          WHERE m.account_id = $1 AND m.month = d.month AND m.keyword = d.keyword AND m.category = d.category',
          'month', account_rows_of)
          USING p_account, p_locations, p_days, tz, days;
      END IF;
      EXECUTE 'DELETE FROM keyword_daily_account_stats WHERE ' || account_rows_of
        USING p_account, p_locations, p_days, tz, days;
      EXECUTE format('
        INSERT INTO keyword_daily_account_stats (account_id, day, keyword, category, positive_count,
          negative_count, neutral_count)
        SELECT account_id, day, keyword, category, sum(positive_count), sum(negative_count), sum(neutral_count)
        FROM keyword_daily_stats WHERE %s
        GROUP BY account_id, day, keyword, category
        ORDER BY account_id, day, keyword, category', account_rows_of)
        USING p_account, p_locations, p_days, tz, days;
      -- ... and gain their new ones; months left at zero go.
      EXECUTE format('
        INSERT INTO keyword_monthly_account_stats AS m (account_id, month, keyword, category, positive_count,
          negative_count, neutral_count)
        SELECT account_id, date_trunc(%L, day)::date, keyword, category, sum(positive_count), sum(negative_count),
          sum(neutral_count)
        FROM keyword_daily_account_stats WHERE %s
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3, 4
        ON CONFLICT (account_id, month, keyword, category) DO UPDATE
        SET positive_count = m.positive_count + excluded.positive_count,
          negative_count = m.negative_count + excluded.negative_count,
          neutral_count = m.neutral_count + excluded.neutral_count', 'month', account_rows_of)
        USING p_account, p_locations, p_days, tz, days;
      IF p_locations IS NOT NULL THEN
        DELETE FROM keyword_monthly_account_stats
        WHERE account_id = p_account AND month = ANY(ARRAY(SELECT DISTINCT date_trunc('month', d)::date FROM unnest(days) d))
          AND positive_count = 0 AND negative_count = 0 AND neutral_count = 0;
      END IF;
    END
    $fn$;

    CREATE FUNCTION keyword_rollups_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      DELETE FROM keyword_rollup_flushes WHERE xact = NEW.xact;
      FOR k IN
        SELECT account_id, array_agg(location_id) AS locations, array_agg(day) AS days
        FROM keyword_rollup_pending WHERE xact = NEW.xact
        GROUP BY account_id ORDER BY account_id
      LOOP
        PERFORM keyword_rollups_recount(k.account_id, k.locations, k.days);
      END LOOP;
      DELETE FROM keyword_rollup_pending WHERE xact = NEW.xact;
      RETURN NULL;
    END
    $fn$;

    CREATE CONSTRAINT TRIGGER keyword_rollup_flushes_at_commit AFTER INSERT ON keyword_rollup_flushes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keyword_rollups_flush();

    CREATE FUNCTION keyword_rollups_flush_at_commit() RETURNS void LANGUAGE sql AS $fn$
      INSERT INTO keyword_rollup_flushes (xact) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
    $fn$;
  `.execute(db);

  // Mentions written: the keys of their reviews (the review's place and day, not the copies on the row).
  await sql`
    CREATE FUNCTION keyword_rollups_mentions_written() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO keyword_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, w.account_id, w.location_id, (w.published_at AT TIME ZONE a.time_zone)::date
      FROM (
        SELECT coalesce(r.account_id, m.account_id) AS account_id, coalesce(r.location_id, m.location_id) AS location_id,
          coalesce(r.published_at, m.published_at) AS published_at
        FROM (SELECT DISTINCT review_id, account_id, location_id, published_at FROM written_mentions) m
        LEFT JOIN reviews r ON r.id = m.review_id
        UNION
        SELECT account_id, location_id, published_at FROM written_mentions
      ) w JOIN accounts a ON a.id = w.account_id
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM keyword_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION keyword_rollups_mentions_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO keyword_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, v.account_id, v.location_id, (v.published_at AT TIME ZONE a.time_zone)::date
      FROM (
        SELECT account_id, location_id, published_at FROM old_mentions
        UNION SELECT account_id, location_id, published_at FROM new_mentions
        UNION SELECT r.account_id, r.location_id, r.published_at
          FROM reviews r WHERE r.id IN (SELECT review_id FROM old_mentions UNION SELECT review_id FROM new_mentions)
      ) v JOIN accounts a ON a.id = v.account_id
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM keyword_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER review_mentions_keyword_insert AFTER INSERT ON review_mentions
      REFERENCING NEW TABLE AS written_mentions
      FOR EACH STATEMENT EXECUTE FUNCTION keyword_rollups_mentions_written();
    CREATE TRIGGER review_mentions_keyword_delete AFTER DELETE ON review_mentions
      REFERENCING OLD TABLE AS written_mentions
      FOR EACH STATEMENT EXECUTE FUNCTION keyword_rollups_mentions_written();
    CREATE TRIGGER review_mentions_keyword_update AFTER UPDATE ON review_mentions
      REFERENCING OLD TABLE AS old_mentions NEW TABLE AS new_mentions
      FOR EACH STATEMENT EXECUTE FUNCTION keyword_rollups_mentions_updated();

    -- Reviews: a change of what places a review's keywords (account, location, source, day, rating)
    -- recounts its old and its new key (only reviews with mentions matter, the recount reads them).
    CREATE FUNCTION keyword_rollups_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO keyword_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, v.account_id, v.location_id, (v.published_at AT TIME ZONE a.time_zone)::date
      FROM old_reviews o
      JOIN new_reviews n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.account_id, o.location_id, o.published_at),
        (n.account_id, n.location_id, n.published_at)
      ) AS v(account_id, location_id, published_at)
      JOIN accounts a ON a.id = v.account_id
      WHERE (o.account_id, o.location_id, o.source_id, o.published_at, o.rating)
          IS DISTINCT FROM (n.account_id, n.location_id, n.source_id, n.published_at, n.rating)
        AND EXISTS (SELECT 1 FROM review_mentions m WHERE m.review_id = n.id)
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM keyword_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER reviews_keyword_rollups_update AFTER UPDATE ON reviews
      REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION keyword_rollups_reviews_updated();

    -- A new time zone moves every day: the account is recounted in full.
    CREATE FUNCTION keyword_rollups_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM keyword_rollups_recount(NEW.id);
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER accounts_keyword_rollups_time_zone AFTER UPDATE OF time_zone ON accounts
      FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
      EXECUTE FUNCTION keyword_rollups_time_zone_changed();

    CREATE FUNCTION keyword_rollups_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      DELETE FROM keyword_daily_stats;
      DELETE FROM keyword_daily_account_stats;
      DELETE FROM keyword_monthly_account_stats;
      FOR k IN SELECT DISTINCT account_id FROM review_mentions ORDER BY 1 LOOP
        PERFORM keyword_rollups_recount(k.account_id);
      END LOOP;
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER review_mentions_keyword_truncate AFTER TRUNCATE ON review_mentions
      FOR EACH STATEMENT EXECUTE FUNCTION keyword_rollups_truncated();
  `.execute(db);

  // The roll-ups of the mentions that exist already.
  await sql`SELECT keyword_rollups_recount(a.id) FROM accounts a
    WHERE EXISTS (SELECT 1 FROM review_mentions m WHERE m.account_id = a.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS review_mentions_keyword_insert ON review_mentions;
    DROP TRIGGER IF EXISTS review_mentions_keyword_delete ON review_mentions;
    DROP TRIGGER IF EXISTS review_mentions_keyword_update ON review_mentions;
    DROP TRIGGER IF EXISTS review_mentions_keyword_truncate ON review_mentions;
    DROP TRIGGER IF EXISTS reviews_keyword_rollups_update ON reviews;
    DROP TRIGGER IF EXISTS accounts_keyword_rollups_time_zone ON accounts;
    DROP TABLE IF EXISTS analysis_runs, keyword_rollup_flushes, keyword_rollup_pending, keyword_monthly_account_stats,
      keyword_daily_account_stats,
      keyword_daily_stats;
    DROP INDEX IF EXISTS review_mentions_keyword_idx;
    DROP FUNCTION IF EXISTS keyword_rollups_truncated(), keyword_rollups_time_zone_changed(),
      keyword_rollups_reviews_updated(), keyword_rollups_mentions_updated(), keyword_rollups_mentions_written(),
      keyword_rollups_flush_at_commit(), keyword_rollups_flush(), keyword_rollups_recount(uuid, uuid[], date[]);
  `.execute(db);
}
