// Creates the demo (accounts, users, groups, locations, and what features add to it) on an empty
// database: DATABASE_URL, or the embedded database under DATA_DIR (through the running server when
// one owns it). Migrates first. Refuses, changing nothing, when the database already holds accounts.
// Run: npm run seed:demo
import { loadConfig } from "../config.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { openDatabaseForCli } from "../db/open-for-cli.ts";
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, seedDemo } from "../features/demo/seed.ts";
import { seedReferenceData } from "../features/geo/seed.ts";

const config = loadConfig();
const { database, describe } = await openDatabaseForCli(config);
try {
  console.error(`Database: ${describe}`);
  await migrateToLatest(database.db);
  await seedReferenceData(database);
  if (!(await isDatabaseEmpty(database))) {
    console.error(
      "This database already holds accounts, so the demo was not created and nothing was changed.\n" +
        "The demo goes on an empty database only: point DATABASE_URL or DATA_DIR at a new one.",
    );
    process.exitCode = 1;
  } else {
    await seedDemo(database, { log: (m) => console.error(m) });
    console.log(`Demo created. Sign in with ${DEMO_USERS.map((u) => u.email).join(", ")} (password ${DEMO_PASSWORD}).`);
  }
} catch (error) {
  console.error(`Creating the demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
