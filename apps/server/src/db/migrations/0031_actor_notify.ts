import { type Kysely, sql } from "kysely";

// The signed-in actor is cached in each app process for a few seconds (platform/auth.ts, issue 12; decision 005).
// What it is built from tells every process when it changes: any statement that changes a session (sign-out,
// revocation, impersonation's end), a user, an account (its state, its trial, a child added to a parent) or an
// account's settings sends NOTIFY sb_actor at its commit. One connection of every app process LISTENs, and a
// cached actor is used only once that connection has heard what was committed before the call (db/listener.ts,
// platform/notified-cache.ts), so every process refuses a revoked session on its very next call. Statement-level
// triggers: a bulk change sends one notification, and PostgreSQL folds the same one sent twice in a transaction.
// New sessions (sign-in) send nothing: a token nobody has used is in no cache.
const TABLES = [
  { table: "sessions", events: "UPDATE OR DELETE" },
  { table: "users", events: "UPDATE OR DELETE" },
  { table: "accounts", events: "INSERT OR UPDATE OR DELETE" },
  { table: "account_settings", events: "INSERT OR UPDATE OR DELETE" },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notify_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sb_actor', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, events } of TABLES) {
    await sql
      .raw(
        `CREATE OR REPLACE TRIGGER ${table}_actor_changed AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TABLES)
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_actor_changed ON ${table}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_actor_changed()`.execute(db);
}
