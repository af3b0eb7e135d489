import { type Kysely, sql } from "kysely";

// E-mail sent once per message across crashes (platform/mail.ts): each send is claimed in
// sent_emails first (claimed → committing → sent; uncertain when an attempt died in between, see
// docs/decisions/004-exactly-once-email.md). Operators entering an account (npm run admin --
// impersonate): the impersonation, its one-time sign-in link (sso_tokens) and an audit log kept
// with the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sent_emails
      ADD COLUMN state text NOT NULL DEFAULT 'sent'
        CONSTRAINT sent_emails_state_check CHECK (state IN ('claimed', 'committing', 'sent', 'uncertain')),
      ADD COLUMN claim_id uuid,
      ADD COLUMN attempts integer NOT NULL DEFAULT 1,
      ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN committing_at timestamptz,
      ADD COLUMN smtp_response text;
    ALTER TABLE sent_emails ALTER COLUMN sent_at DROP NOT NULL, ALTER COLUMN sent_at DROP DEFAULT;
    ALTER TABLE sent_emails ALTER COLUMN state SET DEFAULT 'claimed';
    CREATE INDEX sent_emails_unfinished_idx ON sent_emails(state) WHERE state <> 'sent';

    CREATE TABLE impersonations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      operator text NOT NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      link_expires_at timestamptz NOT NULL,
      session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
      started_at timestamptz,
      expires_at timestamptz,
      ended_at timestamptz
    );
    CREATE INDEX impersonations_account_idx ON impersonations(account_id, created_at DESC);
    ALTER TABLE sso_tokens ADD COLUMN impersonation_id uuid REFERENCES impersonations(id) ON DELETE CASCADE;

    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      impersonation_id uuid REFERENCES impersonations(id) ON DELETE SET NULL,
      actor text NOT NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_account_idx ON audit_log(account_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS audit_log;
    ALTER TABLE sso_tokens DROP COLUMN IF EXISTS impersonation_id;
    DROP TABLE IF EXISTS impersonations;
    DELETE FROM sent_emails WHERE state <> 'sent';
    ALTER TABLE sent_emails ALTER COLUMN sent_at SET DEFAULT now();
    UPDATE sent_emails SET sent_at = coalesce(sent_at, claimed_at);
    ALTER TABLE sent_emails ALTER COLUMN sent_at SET NOT NULL;
    ALTER TABLE sent_emails DROP COLUMN state, DROP COLUMN claim_id, DROP COLUMN attempts, DROP COLUMN claimed_at,
      DROP COLUMN committing_at, DROP COLUMN smtp_response;
  `.execute(db);
}
