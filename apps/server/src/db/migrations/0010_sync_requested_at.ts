import { type Kysely, sql } from "kysely";

// When POST /api/locations/{id}/sync last queued a sync of the listing: it throttles
// manual syncs (one per listing every few minutes, features/ingestion/service.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE source_syncs ADD COLUMN requested_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE source_syncs DROP COLUMN IF EXISTS requested_at`.execute(db);
}
