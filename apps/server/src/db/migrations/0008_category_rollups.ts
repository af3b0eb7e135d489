import { type Kysely, sql } from "kysely";

// The metrics roll-ups by experience category (reviews.categories): the same counts as
// review_daily_stats / review_daily_account_stats (migration 0005), one row per category a review
// names (a review counts once in each of its categories), so the overview answers a filter on ONE
// category from them. Kept current with the other roll-ups by the triggers of migration 0009 (see
// features/metrics/rollup.ts); filled here for the reviews that exist already (the same rules: day in
// the account's time zone, reviews deleted at the source left out, each review's first published
// response).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One row per (location, category, day in the account's time zone, source, rating, sentiment).
    -- The key leads with the location so that a location or group filter walks it per location.
    CREATE TABLE review_daily_category_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      category text NOT NULL,
      source_id uuid NOT NULL REFERENCES sources(id),
      day date NOT NULL,
      rating smallint NOT NULL,
      sentiment smallint NOT NULL,
      review_count integer NOT NULL,
      respondable_count integer NOT NULL,
      responded_count integer NOT NULL,
      response_count integer NOT NULL,
      response_hours_sum double precision NOT NULL,
      PRIMARY KEY (account_id, location_id, category, day, source_id, rating, sentiment)
    );
    -- A refresh of some days across every location, and the account rows built from them.
    CREATE INDEX review_daily_category_stats_day_idx ON review_daily_category_stats(account_id, day);
    -- The same without the location: what an account-wide overview with a category reads.
    CREATE TABLE review_daily_account_category_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      category text NOT NULL,
      source_id uuid NOT NULL REFERENCES sources(id),
      day date NOT NULL,
      rating smallint NOT NULL,
      sentiment smallint NOT NULL,
      review_count integer NOT NULL,
      respondable_count integer NOT NULL,
      responded_count integer NOT NULL,
      response_count integer NOT NULL,
      response_hours_sum double precision NOT NULL,
      PRIMARY KEY (account_id, category, day, source_id, rating, sentiment)
    );
    CREATE INDEX review_daily_account_category_stats_day_idx ON review_daily_account_category_stats(account_id, day);
  `.execute(db);
  await sql`
    INSERT INTO review_daily_category_stats (account_id, location_id, category, day, source_id, rating, sentiment,
      review_count, respondable_count, responded_count, response_count, response_hours_sum)
    SELECT r.account_id, r.location_id, c.category, (r.published_at AT TIME ZONE a.time_zone)::date, r.source_id,
      coalesce(r.rating, 0), r.sentiment, count(*),
      count(*) FILTER (WHERE r.respondable),
      count(*) FILTER (WHERE r.respondable AND fr.at IS NOT NULL),
      count(fr.at),
      coalesce(sum(greatest(0, extract(epoch FROM fr.at - r.published_at) / 3600.0)), 0)
    FROM reviews r
    JOIN accounts a ON a.id = r.account_id
    LEFT JOIN LATERAL (
      SELECT min(p.published_at) AS at FROM responses p
      WHERE p.review_id = r.id AND p.status = 'published' AND p.deleted_at IS NULL
    ) fr ON true
    CROSS JOIN LATERAL unnest(r.categories) WITH ORDINALITY AS c(category, n)
    WHERE r.deleted_at_source IS NULL AND c.category IS NOT NULL AND array_position(r.categories, c.category) = c.n
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
  `.execute(db);
  await sql`
    INSERT INTO review_daily_account_category_stats (account_id, category, source_id, day, rating, sentiment,
      review_count, respondable_count, responded_count, response_count, response_hours_sum)
    SELECT account_id, category, source_id, day, rating, sentiment, sum(review_count), sum(respondable_count),
      sum(responded_count), sum(response_count), sum(response_hours_sum)
    FROM review_daily_category_stats
    GROUP BY account_id, category, source_id, day, rating, sentiment
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS review_daily_account_category_stats, review_daily_category_stats`.execute(db);
}
