import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, type Kysely, Migrator } from "kysely";

/** Applies every migration under db/migrations in name order. Safe to call on every start. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    // Features land their migrations independently; a database that has a later one still takes an earlier newcomer.
    allowUnorderedMigrations: true,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, "migrations") }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
