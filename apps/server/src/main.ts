import { buildApp } from "./app.ts";
import { productFeatures } from "./compose.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { liveServerConnection } from "./db/open-for-cli.ts";
import { DEMO_PASSWORD, DEMO_USERS, hasDemo, isDatabaseEmpty, seedDemo } from "./features/demo/seed.ts";
import { seedReferenceData } from "./features/geo/seed.ts";

const config = loadConfig();
// PGlite can be opened by one process only: refuse when another live process (a server, or a CLI
// tool such as `npm run jobs -- work`) serves this DATA_DIR's embedded database.
const owner = config.databaseUrl ? null : await liveServerConnection(config.dataDir);
if (owner) {
  console.error(`The embedded database in ${config.dataDir} is in use by process ${owner.pid}; stop it first.`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
await seedReferenceData(database);
// An empty embedded database gets the demo; a PostgreSQL server only when asked (npm run seed:demo).
const createDemo = !config.databaseUrl && (await isDatabaseEmpty(database));
const demo = createDemo || (await hasDemo(database));
const { app, ctx } = await buildApp(config, database, productFeatures({ demo }));

if (createDemo) {
  app.log.info("empty embedded database: creating the demo");
  await seedDemo(database, { log: (m) => app.log.info(m) });
}
await ctx.jobs.start({ work: config.runWorkers });
await app.listen({ port: config.port, host: config.host });

const shutdown = async () => {
  await app.close();
  await ctx.jobs.stop();
  await database.close();
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);

console.log(`\nStarboard is running on http://localhost:${config.port}`);
console.log(
  `Data: ${config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PostgreSQL in ${config.dataDir}`}`,
);
console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(", ")}\n`);
