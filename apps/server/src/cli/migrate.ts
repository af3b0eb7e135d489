// Applies the migrations (and the reference data every install needs) to DATABASE_URL, or to the
// embedded database under DATA_DIR, through the running server when one owns it.
// Run: npm run migrate
import { loadConfig } from "../config.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { openDatabaseForCli } from "../db/open-for-cli.ts";
import { seedReferenceData } from "../features/geo/seed.ts";

const config = loadConfig();
const { database, describe } = await openDatabaseForCli(config);
try {
  console.error(`Database: ${describe}`);
  const applied = await migrateToLatest(database.db);
  await seedReferenceData(database);
  if (applied.length === 0) console.log("Already up to date.");
  for (const name of applied) console.log(`applied ${name}`);
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
