import { type Kysely, sql } from "kysely";

// SMS (features/sms; docs/api.md "SMS"): an incoming STOP or START finds the accounts that texted the phone
// by the SMS sends to it (request_sends.to_address); this index keeps that a lookup, not a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS request_sends_sms_to ON request_sends (to_address) WHERE channel = 'sms'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS request_sends_sms_to`.execute(db);
}
