import { type Kysely, sql } from "kysely";

// The demo's customers were seeded with an e-mail consent method ("checkout") outside the contract's
// CONSENT_METHODS, so their answers broke the schema (500 where answers are checked). A demo seeded before
// the fix gets the method the seed now writes ("written"); no other account ever held that value.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE contacts SET email_consent = jsonb_set(email_consent, '{method}', '"written"')
    WHERE email_consent->>'method' = 'checkout'`.execute(db);
}

export async function down(): Promise<void> {
  // The old value was outside the contract: nothing to restore.
}
