import { type Kysely, sql } from "kysely";

// A write to one review commits faster in a big account (issue 12). At its commit, the flush of migration 0009
// recounts the touched (location, day) keys, then the account's rows of those days from the location rows
// (review_rollups_recount_locations, written in migration 0016 and renamed in 0030). The account's rows of a
// day were deleted and inserted again: at 200,000 reviews a day of the bench's account holds some 130 account
// rows and 400 account-category rows, each written with its two indexes and two foreign-key checks, to change
// one or two of them. The keyed case now compares the day's sums with the rows held and writes only the rows
// that differ (as the search roll-up of migration 0036 does); a whole account's rebuild still writes every row.
// The sums are the same either way: the roll-up tests compare every table with a rebuild after each step.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_recount_locations(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      tz text;
      days date[];
      reviews_of text;
      stats_of text;
      account_rows_of text;
      counts constant text := 'count(*),
        count(*) FILTER (WHERE r.respondable),
        count(*) FILTER (WHERE r.respondable AND review_answered(r.response_status)),
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

      -- The account roll-ups of the same days, from the location roll-ups. A whole account is written anew; the
      -- days of a commit's keys are compared with the rows held and only the rows that differ are written.
      IF p_locations IS NULL THEN
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
        RETURN;
      END IF;
      WITH fresh AS (
        SELECT source_id, day, rating, sentiment, sum(review_count)::int AS review_count,
          sum(respondable_count)::int AS respondable_count, sum(responded_count)::int AS responded_count,
          sum(response_count)::int AS response_count, sum(response_hours_sum) AS response_hours_sum
        FROM review_daily_stats WHERE account_id = p_account AND day = ANY(days)
        GROUP BY day, source_id, rating, sentiment
      ), held AS (
        SELECT source_id, day, rating, sentiment, review_count, respondable_count, responded_count, response_count,
          response_hours_sum
        FROM review_daily_account_stats WHERE account_id = p_account AND day = ANY(days)
      ), diff AS (
        SELECT source_id, day, rating, sentiment, h.review_count IS NULL AS added, f.review_count, f.respondable_count,
          f.responded_count, f.response_count, f.response_hours_sum
        FROM fresh f FULL JOIN held h USING (source_id, day, rating, sentiment)
        WHERE (f.review_count, f.respondable_count, f.responded_count, f.response_count, f.response_hours_sum)
          IS DISTINCT FROM (h.review_count, h.respondable_count, h.responded_count, h.response_count, h.response_hours_sum)
      ), gone AS (
        DELETE FROM review_daily_account_stats s USING diff x
        WHERE x.review_count IS NULL AND s.account_id = p_account AND s.day = x.day AND s.source_id = x.source_id
          AND s.rating = x.rating AND s.sentiment = x.sentiment
      ), changed AS (
        UPDATE review_daily_account_stats s SET review_count = x.review_count, respondable_count = x.respondable_count,
          responded_count = x.responded_count, response_count = x.response_count, response_hours_sum = x.response_hours_sum
        FROM diff x
        WHERE x.review_count IS NOT NULL AND NOT x.added AND s.account_id = p_account AND s.day = x.day
          AND s.source_id = x.source_id AND s.rating = x.rating AND s.sentiment = x.sentiment
      )
      INSERT INTO review_daily_account_stats (account_id, source_id, day, rating, sentiment, review_count,
        respondable_count, responded_count, response_count, response_hours_sum)
      SELECT p_account, source_id, day, rating, sentiment, review_count, respondable_count, responded_count,
        response_count, response_hours_sum
      FROM diff WHERE added ORDER BY day, source_id, rating, sentiment;

      WITH fresh AS (
        SELECT category, source_id, day, rating, sentiment, sum(review_count)::int AS review_count,
          sum(respondable_count)::int AS respondable_count, sum(responded_count)::int AS responded_count,
          sum(response_count)::int AS response_count, sum(response_hours_sum) AS response_hours_sum
        FROM review_daily_category_stats WHERE account_id = p_account AND day = ANY(days)
        GROUP BY category, day, source_id, rating, sentiment
      ), held AS (
        SELECT category, source_id, day, rating, sentiment, review_count, respondable_count, responded_count,
          response_count, response_hours_sum
        FROM review_daily_account_category_stats WHERE account_id = p_account AND day = ANY(days)
      ), diff AS (
        SELECT category, source_id, day, rating, sentiment, h.review_count IS NULL AS added, f.review_count,
          f.respondable_count, f.responded_count, f.response_count, f.response_hours_sum
        FROM fresh f FULL JOIN held h USING (category, source_id, day, rating, sentiment)
        WHERE (f.review_count, f.respondable_count, f.responded_count, f.response_count, f.response_hours_sum)
          IS DISTINCT FROM (h.review_count, h.respondable_count, h.responded_count, h.response_count, h.response_hours_sum)
      ), gone AS (
        DELETE FROM review_daily_account_category_stats s USING diff x
        WHERE x.review_count IS NULL AND s.account_id = p_account AND s.category = x.category AND s.day = x.day
          AND s.source_id = x.source_id AND s.rating = x.rating AND s.sentiment = x.sentiment
      ), changed AS (
        UPDATE review_daily_account_category_stats s SET review_count = x.review_count,
          respondable_count = x.respondable_count, responded_count = x.responded_count,
          response_count = x.response_count, response_hours_sum = x.response_hours_sum
        FROM diff x
        WHERE x.review_count IS NOT NULL AND NOT x.added AND s.account_id = p_account AND s.category = x.category
          AND s.day = x.day AND s.source_id = x.source_id AND s.rating = x.rating AND s.sentiment = x.sentiment
      )
      INSERT INTO review_daily_account_category_stats (account_id, category, source_id, day, rating, sentiment,
        review_count, respondable_count, responded_count, response_count, response_hours_sum)
      SELECT p_account, category, source_id, day, rating, sentiment, review_count, respondable_count,
        responded_count, response_count, response_hours_sum
      FROM diff WHERE added ORDER BY category, day, source_id, rating, sentiment;
    END
    $fn$;
  `.execute(db);
}

// Migration 0016's body, as it was (named as migration 0030 renamed it).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_recount_locations(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      tz text;
      days date[];
      reviews_of text;
      stats_of text;
      account_rows_of text;
      counts constant text := 'count(*),
        count(*) FILTER (WHERE r.respondable),
        count(*) FILTER (WHERE r.respondable AND review_answered(r.response_status)),
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
}
