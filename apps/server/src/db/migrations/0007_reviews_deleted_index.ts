import { type Kysely, sql } from "kysely";

// The reviews deleted at the source: the review list shows them, the daily roll-ups leave them out, so a
// list total read from the roll-ups adds them from here (features/reviews/queries.ts). Few rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX reviews_deleted_at_source_idx ON reviews(account_id, published_at)
      WHERE deleted_at_source IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reviews_deleted_at_source_idx`.execute(db);
}
