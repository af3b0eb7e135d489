import { type Kysely, sql } from "kysely";

// The metrics overviews are cached in each app process for a few seconds (features/metrics, a NotifiedCache;
// decision 005). What an overview is built from tells every process when it changes: any statement that
// changes a review or a response (the reviews-table path), a source (its name), a group or its locations (a
// group filter expands in SQL), or a daily roll-up (a new time zone, the nightly rebuild) sends
// NOTIFY sb_metrics at its commit. The roll-ups a review changes are recounted within the same transaction, so
// a process that hears the notification reads them already recounted. Statement-level triggers: a bulk change
// sends one notification, and PostgreSQL folds the same one sent twice in a transaction. Locations are not
// watched: no overview shows a location's own fields (its reviews go with it, and their trigger fires), and the
// demo's listing sync updates them every second.
const TABLES = [
  "reviews",
  "responses",
  "sources",
  "groups",
  "group_locations",
  "review_daily_stats",
  "review_daily_account_stats",
  "review_daily_category_stats",
  "review_daily_account_category_stats",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notify_metrics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sb_metrics', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `CREATE OR REPLACE TRIGGER ${table}_metrics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_metrics_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_metrics_changed ON ${table}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_metrics_changed()`.execute(db);
}
