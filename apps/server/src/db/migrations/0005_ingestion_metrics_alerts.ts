import { type Kysely, sql } from "kysely";

// Ingestion state (per location and source, per review), review import files, the
// metrics roll-ups (per location and per account) kept up to date by ingestion, the
// responses publish path and a nightly rebuild, and when an alert was last switched on
// (an unsubscribe link used after that switches it off).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE source_syncs (
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      full_syncs integer NOT NULL DEFAULT 0,
      last_started_at timestamptz,
      last_completed_at timestamptz,
      last_status text,
      last_error text,
      last_counts jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (location_id, source_id)
    );
    -- Consecutive full syncs a review was missing from (two record a deletion at the source).
    CREATE TABLE review_source_misses (
      review_id uuid PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
      misses integer NOT NULL DEFAULT 0,
      last_missed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE review_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      file_name text,
      status text NOT NULL DEFAULT 'pending',
      total integer NOT NULL DEFAULT 0,
      processed integer NOT NULL DEFAULT 0,
      imported integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      skipped integer NOT NULL DEFAULT 0,
      error_count integer NOT NULL DEFAULT 0,
      errors jsonb NOT NULL DEFAULT '[]',
      rows jsonb,
      status_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX review_imports_account_idx ON review_imports(account_id, created_at DESC);
    -- One row per (location, source, day in the account's time zone, rating, sentiment).
    CREATE TABLE review_daily_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      day date NOT NULL,
      rating smallint NOT NULL,
      sentiment smallint NOT NULL,
      review_count integer NOT NULL,
      respondable_count integer NOT NULL,
      responded_count integer NOT NULL,
      response_count integer NOT NULL,
      response_hours_sum double precision NOT NULL,
      PRIMARY KEY (account_id, location_id, day, source_id, rating, sentiment)
    );
    CREATE INDEX review_daily_stats_day_idx ON review_daily_stats(account_id, day);
    -- The same without the location: what an account-wide overview reads.
    ALTER TABLE alerts ADD COLUMN enabled_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX alerts_user_idx ON alerts(user_id);
    CREATE TABLE review_daily_account_stats (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      day date NOT NULL,
      rating smallint NOT NULL,
      sentiment smallint NOT NULL,
      review_count integer NOT NULL,
      respondable_count integer NOT NULL,
      responded_count integer NOT NULL,
      response_count integer NOT NULL,
      response_hours_sum double precision NOT NULL,
      PRIMARY KEY (account_id, day, source_id, rating, sentiment)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS alerts_user_idx`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN IF EXISTS enabled_at`.execute(db);
  await sql`DROP TABLE IF EXISTS review_daily_account_stats, review_daily_stats, review_imports,
    review_source_misses, source_syncs CASCADE`.execute(db);
}
