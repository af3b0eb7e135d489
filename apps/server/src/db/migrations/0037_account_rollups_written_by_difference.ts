import { type Kysely, sql } from "kysely";

// A write to one review commits faster in a big account (issue 12). At its commit, the flush of migration 0009
// recounts the touched (location, day) keys, then the account's rows of those days from the location rows
// (review_rollups_recount_locations, written in migration 0016 and renamed in 0030). The account's rows of a
// day were deleted and inserted again: at 200,000 reviews a day of the bench's account holds some 130 account
// rows and 400 account-category rows, each written with its two indexes and two foreign-key checks, to change
// one or two of them. The keyed case now compares the day's sums with the rows held and writes only the rows
// that differ (as the search roll-up of migration 0036 does); a whole account's rebuild still writes every row.
// The sums are the same either way: the roll-up tests compare every table with a rebuild after each step.
/** The sums an account row holds, each summed from the location rows. */
const SUMS = ["review_count", "respondable_count", "responded_count", "response_count", "response_hours_sum"];

/**
 * One statement writing an account table's rows of `days` (a variable of the function) from its location table:
 * the day's sums afresh, compared with the rows held by `keys`, and only the rows that differ deleted, updated or
 * inserted.
 */
function writtenByDifference(table: string, from: string, keys: string[]): string {
  const list = (prefix: string, names: string[]) => names.map((n) => `${prefix}${n}`).join(", ");
  const sameKey = keys.map((k) => `s.${k} = x.${k}`).join(" AND ");
  const sum = (n: string) => (n === "response_hours_sum" ? `sum(${n}) AS ${n}` : `sum(${n})::int AS ${n}`);
  return `WITH fresh AS (
        SELECT ${keys.join(", ")}, ${SUMS.map(sum).join(", ")}
        FROM ${from} WHERE account_id = p_account AND day = ANY(days)
        GROUP BY ${keys.join(", ")}
      ), held AS (
        SELECT ${keys.join(", ")}, ${SUMS.join(", ")}
        FROM ${table} WHERE account_id = p_account AND day = ANY(days)
      ), diff AS (
        SELECT ${keys.join(", ")}, h.review_count IS NULL AS added, ${list("f.", SUMS)}
        FROM fresh f FULL JOIN held h USING (${keys.join(", ")})
        WHERE (${list("f.", SUMS)}) IS DISTINCT FROM (${list("h.", SUMS)})
      ), gone AS (
        DELETE FROM ${table} s USING diff x
        WHERE x.review_count IS NULL AND s.account_id = p_account AND ${sameKey}
      ), changed AS (
        UPDATE ${table} s SET ${SUMS.map((n) => `${n} = x.${n}`).join(", ")}
        FROM diff x
        WHERE x.review_count IS NOT NULL AND NOT x.added AND s.account_id = p_account AND ${sameKey}
      )
      INSERT INTO ${table} (account_id, ${keys.join(", ")}, ${SUMS.join(", ")})
      SELECT p_account, ${keys.join(", ")}, ${SUMS.join(", ")}
      FROM diff WHERE added ORDER BY ${keys.join(", ")};`;
}

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
      ${sql.raw(writtenByDifference("review_daily_account_stats", "review_daily_stats", ["day", "source_id", "rating", "sentiment"]))}

      ${sql.raw(writtenByDifference("review_daily_account_category_stats", "review_daily_category_stats", ["category", "day", "source_id", "rating", "sentiment"]))}
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
