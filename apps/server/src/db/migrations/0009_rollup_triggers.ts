import { type Kysely, sql } from "kysely";

// The metrics roll-ups (review_daily_stats, review_daily_account_stats, migration 0005;
// review_daily_category_stats, review_daily_account_category_stats, migration 0008) kept current by the
// database itself: every INSERT, UPDATE, DELETE and TRUNCATE of reviews and responses passes through the
// triggers below, whoever writes (docs/decisions/002-rollups-by-trigger.md).
//
// - Statement-level AFTER triggers with transition tables collect the (account, location, day in the
//   account's time zone) keys a statement touched: for reviews the old and the new row (only the rows
//   whose counted columns changed), for responses the keys of their reviews (only the rows whose
//   first-published-response candidate changed).
// - The keys wait in review_rollup_pending for the end of the transaction; the first of them adds a
//   row to review_rollup_flushes, whose deferred constraint trigger recounts every waiting key once,
//   at commit: a transaction of many statements (a sync, an import chunk, a bulk load) recounts each
//   key once, and takes the account's lock only at its end, after its row locks (no lock cycle with
//   another writer of the account).
// - review_rollups_recount is the one definition of the numbers (the TypeScript refreshDailyStats
//   calls it for a whole account: the nightly rebuild, a time-zone change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Keys touched by the open transaction (xact), recounted at its commit.
    CREATE TABLE review_rollup_pending (
      xact bigint NOT NULL,
      account_id uuid NOT NULL,
      location_id uuid NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (xact, account_id, location_id, day)
    );
    -- One row per transaction with waiting keys: its deferred trigger recounts them at commit.
    CREATE TABLE review_rollup_flushes (
      xact bigint PRIMARY KEY
    );
  `.execute(db);

  // The roll-up rows of an account: all of them (p_locations and p_days NULL), or those of the
  // (location, day) pairs p_locations[i], p_days[i]. The rules: the day is the calendar day of
  // published_at in the account's time zone; reviews deleted at the source are left out; a review's
  // first published response (through responses(review_id): an index look-up per review whatever the
  // planner knows about freshly loaded tables); a review counts once in each distinct category of its
  // array. Recounts of one account run one at a time (the same lock as before: hashtext('daily_stats:<id>')).
  await sql`
    CREATE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      tz text;
      days date[];
      reviews_of text;
      stats_of text;
      account_rows_of text;
      counts constant text := 'count(*),
        count(*) FILTER (WHERE r.respondable),
        count(*) FILTER (WHERE r.respondable AND fr.at IS NOT NULL),
        count(fr.at),
        coalesce(sum(greatest(0, extract(epoch FROM fr.at - r.published_at) / 3600.0)), 0)';
      first_response constant text := 'LEFT JOIN LATERAL (
          SELECT min(p.published_at) AS at FROM responses p
          WHERE p.review_id = r.id AND p.status = ''published'' AND p.deleted_at IS NULL
        ) fr ON true';
      sums constant text := 'sum(review_count), sum(respondable_count), sum(responded_count), sum(response_count),
        sum(response_hours_sum)';
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
        -- The reviews of the keys: a range of the (location, published_at) index per key when the keys
        -- are few, a hash join on (location, local day) when they are many.
        reviews_of := '(SELECT DISTINCT k.location_id, k.day FROM unnest($2, $3) AS k(location_id, day)) k
          JOIN reviews r ON r.location_id = k.location_id
            AND r.published_at >= (k.day::timestamp AT TIME ZONE $4)
            AND r.published_at < ((k.day + 1)::timestamp AT TIME ZONE $4)
            AND (r.published_at AT TIME ZONE $4)::date = k.day';
        stats_of := 'account_id = $1 AND (location_id, day) IN (SELECT * FROM unnest($2, $3))';
        account_rows_of := 'account_id = $1 AND day = ANY($5)';
      END IF;

      EXECUTE 'DELETE FROM review_daily_stats WHERE ' || stats_of USING p_account, p_locations, p_days, tz, days;
      EXECUTE 'DELETE FROM review_daily_category_stats WHERE ' || stats_of
        USING p_account, p_locations, p_days, tz, days;
      -- Rows go in in key order (location, [category,] day, ...): a rebuild leaves each location's rows
      -- side by side on disk, so an overview walking the key per location (a group) reads few pages.
      EXECUTE format('
        INSERT INTO review_daily_stats (account_id, location_id, day, source_id, rating, sentiment, review_count,
          respondable_count, responded_count, response_count, response_hours_sum)
        SELECT r.account_id, r.location_id, (r.published_at AT TIME ZONE $4)::date, r.source_id,
          coalesce(r.rating, 0), r.sentiment, %s
        FROM %s %s
        WHERE r.account_id = $1 AND r.deleted_at_source IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6
        ORDER BY 1, 2, 3, 4, 5, 6', counts, reviews_of, first_response)
        USING p_account, p_locations, p_days, tz, days;
      -- By category: one row per distinct category of each review (its first occurrence in the array).
      EXECUTE format('
        INSERT INTO review_daily_category_stats (account_id, location_id, category, day, source_id, rating,
          sentiment, review_count, respondable_count, responded_count, response_count, response_hours_sum)
        SELECT r.account_id, r.location_id, c.category, (r.published_at AT TIME ZONE $4)::date, r.source_id,
          coalesce(r.rating, 0), r.sentiment, %s
        FROM %s %s
        CROSS JOIN LATERAL unnest(r.categories) WITH ORDINALITY AS c(category, n)
        WHERE r.account_id = $1 AND r.deleted_at_source IS NULL
          AND c.category IS NOT NULL AND array_position(r.categories, c.category) = c.n
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 1, 2, 3, 4, 5, 6, 7', counts, reviews_of, first_response)
        USING p_account, p_locations, p_days, tz, days;

      -- The account roll-ups of the same days, from the location roll-ups.
      EXECUTE 'DELETE FROM review_daily_account_stats WHERE ' || account_rows_of
        USING p_account, p_locations, p_days, tz, days;
      EXECUTE format('
        INSERT INTO review_daily_account_stats (account_id, source_id, day, rating, sentiment, review_count,
          respondable_count, responded_count, response_count, response_hours_sum)
        SELECT account_id, source_id, day, rating, sentiment, %s
        FROM review_daily_stats WHERE %s
        GROUP BY account_id, day, source_id, rating, sentiment
        ORDER BY account_id, day, source_id, rating, sentiment', sums, account_rows_of)
        USING p_account, p_locations, p_days, tz, days;
      EXECUTE 'DELETE FROM review_daily_account_category_stats WHERE ' || account_rows_of
        USING p_account, p_locations, p_days, tz, days;
      EXECUTE format('
        INSERT INTO review_daily_account_category_stats (account_id, category, source_id, day, rating, sentiment,
          review_count, respondable_count, responded_count, response_count, response_hours_sum)
        SELECT account_id, category, source_id, day, rating, sentiment, %s
        FROM review_daily_category_stats WHERE %s
        GROUP BY account_id, category, day, source_id, rating, sentiment
        ORDER BY account_id, category, day, source_id, rating, sentiment', sums, account_rows_of)
        USING p_account, p_locations, p_days, tz, days;
    END
    $fn$;
  `.execute(db);

  // The triggers below add the keys a statement touched to review_rollup_pending, then call this: the
  // transaction's first call adds its review_rollup_flushes row, whose deferred trigger runs at commit.
  await sql`
    CREATE FUNCTION review_rollups_flush_at_commit() RETURNS void LANGUAGE sql AS $fn$
      INSERT INTO review_rollup_flushes (xact) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
    $fn$;

    -- At commit (or SET CONSTRAINTS ... IMMEDIATE): recounts the transaction's keys, one account at a time
    -- in id order.
    CREATE FUNCTION review_rollups_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
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

    CREATE CONSTRAINT TRIGGER review_rollup_flushes_at_commit AFTER INSERT ON review_rollup_flushes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION review_rollups_flush();
  `.execute(db);

  // Reviews: inserted and deleted rows count where they are (unless deleted at the source); an updated
  // row counts in both its old and its new place when a counted column changed.
  await sql`
    CREATE FUNCTION review_rollups_reviews_written() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, w.account_id, w.location_id, (w.published_at AT TIME ZONE a.time_zone)::date
      FROM written_reviews w JOIN accounts a ON a.id = w.account_id
      WHERE w.deleted_at_source IS NULL
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION review_rollups_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, v.account_id, v.location_id, (v.published_at AT TIME ZONE a.time_zone)::date
      FROM old_reviews o
      FULL JOIN new_reviews n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.account_id, o.location_id, o.published_at, o.deleted_at_source IS NULL),
        (n.account_id, n.location_id, n.published_at, n.deleted_at_source IS NULL)
      ) AS v(account_id, location_id, published_at, counted)
      JOIN accounts a ON a.id = v.account_id
      WHERE v.counted
        AND (o.id IS NULL OR n.id IS NULL
          OR (o.account_id, o.location_id, o.source_id, o.published_at, o.rating, o.sentiment, o.categories,
              o.respondable, o.deleted_at_source IS NULL)
            IS DISTINCT FROM
             (n.account_id, n.location_id, n.source_id, n.published_at, n.rating, n.sentiment, n.categories,
              n.respondable, n.deleted_at_source IS NULL))
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER reviews_rollups_insert AFTER INSERT ON reviews
      REFERENCING NEW TABLE AS written_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_reviews_written();
    CREATE TRIGGER reviews_rollups_delete AFTER DELETE ON reviews
      REFERENCING OLD TABLE AS written_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_reviews_written();
    CREATE TRIGGER reviews_rollups_update AFTER UPDATE ON reviews
      REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_reviews_updated();
  `.execute(db);

  // Responses: the keys of their reviews, for the rows that are (or were) a published, not deleted
  // response with a date: only those can be a review's first published response.
  await sql`
    CREATE FUNCTION review_rollups_responses_written() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, r.account_id, r.location_id, (r.published_at AT TIME ZONE a.time_zone)::date
      FROM written_responses w
      JOIN reviews r ON r.id = w.review_id
      JOIN accounts a ON a.id = r.account_id
      WHERE w.status = 'published' AND w.deleted_at IS NULL AND w.published_at IS NOT NULL
        AND r.deleted_at_source IS NULL
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION review_rollups_responses_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      me constant bigint := pg_current_xact_id()::text::bigint;
    BEGIN
      INSERT INTO review_rollup_pending (xact, account_id, location_id, day)
      SELECT DISTINCT me, r.account_id, r.location_id, (r.published_at AT TIME ZONE a.time_zone)::date
      FROM old_responses o
      FULL JOIN new_responses n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.review_id), (n.review_id)) AS v(review_id)
      JOIN reviews r ON r.id = v.review_id
      JOIN accounts a ON a.id = r.account_id
      WHERE r.deleted_at_source IS NULL
        AND (o.id IS NULL OR n.id IS NULL
          OR (o.review_id, CASE WHEN o.status = 'published' AND o.deleted_at IS NULL THEN o.published_at END)
            IS DISTINCT FROM
             (n.review_id, CASE WHEN n.status = 'published' AND n.deleted_at IS NULL THEN n.published_at END))
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER responses_rollups_insert AFTER INSERT ON responses
      REFERENCING NEW TABLE AS written_responses
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_responses_written();
    CREATE TRIGGER responses_rollups_delete AFTER DELETE ON responses
      REFERENCING OLD TABLE AS written_responses
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_responses_written();
    CREATE TRIGGER responses_rollups_update AFTER UPDATE ON responses
      REFERENCING OLD TABLE AS old_responses NEW TABLE AS new_responses
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_responses_updated();
  `.execute(db);

  // TRUNCATE (no transition table): every account that has roll-up rows or reviews, in full.
  await sql`
    CREATE FUNCTION review_rollups_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      k record;
    BEGIN
      FOR k IN
        SELECT account_id FROM review_daily_account_stats
        UNION SELECT account_id FROM review_daily_stats
        UNION SELECT account_id FROM reviews
        ORDER BY 1
      LOOP
        PERFORM review_rollups_recount(k.account_id);
      END LOOP;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER reviews_rollups_truncate AFTER TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_truncated();
    CREATE TRIGGER responses_rollups_truncate AFTER TRUNCATE ON responses
      FOR EACH STATEMENT EXECUTE FUNCTION review_rollups_truncated();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS reviews_rollups_insert ON reviews;
    DROP TRIGGER IF EXISTS reviews_rollups_delete ON reviews;
    DROP TRIGGER IF EXISTS reviews_rollups_update ON reviews;
    DROP TRIGGER IF EXISTS reviews_rollups_truncate ON reviews;
    DROP TRIGGER IF EXISTS responses_rollups_insert ON responses;
    DROP TRIGGER IF EXISTS responses_rollups_delete ON responses;
    DROP TRIGGER IF EXISTS responses_rollups_update ON responses;
    DROP TRIGGER IF EXISTS responses_rollups_truncate ON responses;
    DROP TABLE IF EXISTS review_rollup_flushes, review_rollup_pending;
    DROP FUNCTION IF EXISTS review_rollups_truncated(), review_rollups_responses_updated(),
      review_rollups_responses_written(), review_rollups_reviews_updated(), review_rollups_reviews_written(),
      review_rollups_flush(), review_rollups_flush_at_commit(), review_rollups_recount(uuid, uuid[], date[]);
  `.execute(db);
}
