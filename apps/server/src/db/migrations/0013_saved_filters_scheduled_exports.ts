import { type Kysely, sql } from "kysely";

// Saved filters (user preferences of type saved_filters) and scheduled exports delivered by e-mail
// (docs/product/platform.md §3, §4). A scheduled export's runs and the claim of each (run, recipient)
// send make delivery exactly once per recipient per slot, across crashes and repeated runs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE user_preferences (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    preference_type text NOT NULL,
    name text NOT NULL,
    config jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX user_preferences_name_key
    ON user_preferences (account_id, user_id, preference_type, lower(name))`.execute(db);

  await sql`CREATE TABLE scheduled_exports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_by_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    export_type text NOT NULL,
    resource_id text,
    email_subject text NOT NULL,
    email_body text NOT NULL DEFAULT '',
    email_frequency text NOT NULL,
    scheduled_time text NOT NULL,
    scheduled_day text,
    scheduled_day_of_month integer,
    date_range_legend text NOT NULL,
    filters jsonb NOT NULL DEFAULT '{}'::jsonb,
    recipient_user_ids uuid[] NOT NULL DEFAULT '{}',
    next_run_at timestamptz NOT NULL,
    last_sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX scheduled_exports_account_idx ON scheduled_exports (account_id, created_at)`.execute(db);
  await sql`CREATE INDEX scheduled_exports_due_idx ON scheduled_exports (next_run_at)`.execute(db);

  await sql`CREATE TABLE scheduled_export_runs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    scheduled_export_id uuid NOT NULL REFERENCES scheduled_exports(id) ON DELETE CASCADE,
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    slot timestamptz NOT NULL,
    date_from text,
    date_to text NOT NULL,
    file_id text,
    file_url text,
    file_path text,
    row_count integer,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (scheduled_export_id, slot)
  )`.execute(db);
  await sql`CREATE INDEX scheduled_export_runs_open_idx ON scheduled_export_runs (created_at) WHERE completed_at IS NULL`.execute(
    db,
  );

  await sql`CREATE TABLE scheduled_export_sends (
    run_id uuid NOT NULL REFERENCES scheduled_export_runs(id) ON DELETE CASCADE,
    email text NOT NULL,
    user_id uuid,
    idempotency_key text NOT NULL UNIQUE,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, email)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS scheduled_export_sends`.execute(db);
  await sql`DROP TABLE IF EXISTS scheduled_export_runs`.execute(db);
  await sql`DROP TABLE IF EXISTS scheduled_exports`.execute(db);
  await sql`DROP TABLE IF EXISTS user_preferences`.execute(db);
}
