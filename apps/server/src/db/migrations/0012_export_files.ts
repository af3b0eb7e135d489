import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";

// Export files (docs/product/platform.md §3 "Export file", features/exports): one row per export asked
// for, written by the `exports.generate` job into the storage folder, downloaded through a signed link.
// `app_secrets` keeps the key the links are signed with (HMAC-SHA256), random per database, so that
// every server process on the same database signs and checks alike and links survive restarts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE export_files (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    resource text NOT NULL,
    file_type text NOT NULL DEFAULT 'csv',
    filters jsonb NOT NULL DEFAULT '{}'::jsonb,
    download_options jsonb,
    request_type text,
    resource_id text,
    send_email boolean NOT NULL DEFAULT false,
    impersonated boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'processing', 'done', 'no_results', 'failed')),
    status_reason text CHECK (status_reason IN ('timeout', 'other')),
    row_count integer NOT NULL DEFAULT 0,
    file_path text,
    byte_size bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    completed_at timestamptz,
    expires_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX export_files_account_created_idx ON export_files (account_id, created_at DESC)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS app_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const key = crypto.randomBytes(32).toString("base64url");
  await sql`INSERT INTO app_secrets (name, value) VALUES ('export_links', ${key}) ON CONFLICT (name) DO NOTHING`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM app_secrets WHERE name = 'export_links'`.execute(db);
  await sql`DROP TABLE IF EXISTS export_files`.execute(db);
}
