import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";

// Sending review requests (features/request-sending; docs/api.md "Sending review requests"):
// - requests.send_claimed_at: the moment the send job took the request (frequency cap reserved, contact's
//   last_requested_at set); a retry after a crash resumes the send instead of re-applying the skip rules.
// - request_send_slots: the throttle, one row per channel and sender; each queued request reserves the next
//   slot in the transaction that queues it (shared by every campaign of that sender, crash-safe).
// - app_secrets 'request_links': the key a request's link token is derived from (HMAC-SHA256 of the request
//   id), so the token can be rebuilt for the message while only its hash is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE requests ADD COLUMN IF NOT EXISTS send_claimed_at timestamptz`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS request_send_slots (
    sender_key text PRIMARY KEY,
    next_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const key = crypto.randomBytes(32).toString("hex");
  await sql`INSERT INTO app_secrets (name, value) VALUES ('request_links', ${key}) ON CONFLICT (name) DO NOTHING`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM app_secrets WHERE name = 'request_links'`.execute(db);
  await sql`DROP TABLE IF EXISTS request_send_slots`.execute(db);
  await sql`ALTER TABLE requests DROP COLUMN IF EXISTS send_claimed_at`.execute(db);
}
