import { type Kysely, sql } from "kysely";

// Single sign-on tokens: one-time links that open a session (/sso-login/{token}).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sso_tokens`.execute(db);
}
