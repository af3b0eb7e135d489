import { type Kysely, sql } from "kysely";

// Review triage (issue 11): one definition of "answered", assignment, bulk actions and template sources.
//
// - `review_answered(response_status)`: a review is answered when its response shows at its source
//   (published, being deleted, or a delete that failed). The contract's ANSWERED_RESPONSE_STATUSES
//   (packages/contract/src/review-answered.ts) names the same states, and the review filter, the metrics
//   and the dashboard's links all go through features/reviews/answered.ts, which calls this function.
//   The roll-ups' responded_count becomes "respondable and answered" (it was "respondable with a
//   published responses row", which left out replies being deleted and counted differently from the
//   list's Status "Responded"); the reviews trigger now also recounts when response_status changes.
// - reviews.assigned_user_id: who a review is assigned to (a user of its account).
// - review_bulk_actions / review_bulk_action_items: a bulk change (status label, tags, assignment) run
//   as a job with its progress, and each review's values before it, for the undo.
// - response_templates.source_ids: the sources a template is offered for (empty: every source).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION review_answered(status text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(status IN ('published', 'pending_delete', 'error_unpublished'), false)
    $fn$;
  `.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_recount(p_account uuid, p_locations uuid[] DEFAULT NULL, p_days date[] DEFAULT NULL)
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

  await sql`
    CREATE OR REPLACE FUNCTION review_rollups_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
              o.respondable, o.response_status, o.deleted_at_source IS NULL)
            IS DISTINCT FROM
             (n.account_id, n.location_id, n.source_id, n.published_at, n.rating, n.sentiment, n.categories,
              n.respondable, n.response_status, n.deleted_at_source IS NULL))
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        PERFORM review_rollups_flush_at_commit();
      END IF;
      RETURN NULL;
    END
    $fn$;
  `.execute(db);

  // Every account's roll-ups under the new definition.
  await sql`SELECT review_rollups_recount(a.id) FROM accounts a`.execute(db);

  await sql`
    ALTER TABLE reviews ADD COLUMN assigned_user_id uuid REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX reviews_assigned_user_idx ON reviews (account_id, assigned_user_id, published_at DESC)
      WHERE assigned_user_id IS NOT NULL;

    CREATE TABLE review_bulk_actions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}',
      review_ids uuid[] NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      total integer NOT NULL,
      done integer NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      undone_at timestamptz
    );
    CREATE INDEX review_bulk_actions_account_idx ON review_bulk_actions (account_id, created_at DESC);

    CREATE TABLE review_bulk_action_items (
      bulk_action_id uuid NOT NULL REFERENCES review_bulk_actions(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      before jsonb NOT NULL,
      PRIMARY KEY (bulk_action_id, review_id)
    );

    ALTER TABLE response_templates ADD COLUMN source_ids uuid[] NOT NULL DEFAULT '{}';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE response_templates DROP COLUMN IF EXISTS source_ids;
    DROP TABLE IF EXISTS review_bulk_action_items;
    DROP TABLE IF EXISTS review_bulk_actions;
    ALTER TABLE reviews DROP COLUMN IF EXISTS assigned_user_id;
  `.execute(db);
}
