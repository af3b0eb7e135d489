import { type Kysely, sql } from "kysely";

// Accounts whose review sources are the built-in sandboxes (features/sandboxes): the demo's.
// A listed account's connectors reach only the sandboxes; any other account's never do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sandbox_accounts (
    account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sandbox_accounts`.execute(db);
}
