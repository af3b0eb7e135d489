import { type Kysely, sql } from "kysely";

// E-mail unsubscribe links (alerts, review requests, scheduled exports). Only the
// SHA-256 of a link's token is stored, as for session tokens: the link in the
// e-mail is the only copy of the token.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_unsubscribes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('alerts', 'requests', 'scheduled_exports')),
      token_hash text NOT NULL UNIQUE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      resource_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      unsubscribed_at timestamptz
    );
    CREATE INDEX email_unsubscribes_lookup_idx
      ON email_unsubscribes (account_id, kind, lower(email)) WHERE unsubscribed_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS email_unsubscribes`.execute(db);
}
