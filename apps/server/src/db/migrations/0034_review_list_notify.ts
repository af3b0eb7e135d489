import { type Kysely, sql } from "kysely";

// The review lists are cached in each app process for a few seconds (features/reviews, a NotifiedCache;
// decision 005). A list shows the reviews and their responses (sb_metrics already tells of those, of sources,
// groups and the roll-ups its counts come from) and the assigned user's name (sb_actor). What else it shows
// sends NOTIFY sb_reviews at its commit: a review's tags, images or status label, a sandbox account or a
// source's credentials (the source's sandbox mark), and a location's name or address. Statement-level triggers, as in 0031 and 0032; a location's update only when one of the four
// columns the list shows changes (a row-level trigger with WHEN), because listing syncs update locations often
// and the list shows nothing else of them.
const TABLES = [
  "review_tags",
  "review_images",
  "review_status_labels",
  "sandbox_accounts",
  "source_credentials",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notify_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sb_reviews', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `CREATE OR REPLACE TRIGGER ${table}_reviews_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed()`,
      )
      .execute(db);
  }
  await sql`CREATE OR REPLACE TRIGGER locations_reviews_changed AFTER INSERT OR DELETE OR TRUNCATE ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed()`.execute(db);
  await sql`CREATE OR REPLACE TRIGGER locations_shown_changed AFTER UPDATE ON locations FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.address IS DISTINCT FROM NEW.address
      OR OLD.city IS DISTINCT FROM NEW.city OR OLD.state IS DISTINCT FROM NEW.state)
    EXECUTE FUNCTION notify_reviews_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_reviews_changed ON ${table}`).execute(db);
  await sql`DROP TRIGGER IF EXISTS locations_reviews_changed ON locations`.execute(db);
  await sql`DROP TRIGGER IF EXISTS locations_shown_changed ON locations`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_reviews_changed()`.execute(db);
}
