import cluster, { type Worker } from "node:cluster";
import { buildApp } from "./app.ts";
import { productFeatures } from "./compose.ts";
import { type Config, loadConfig, SCHEDULE_SETTINGS } from "./config.ts";
import { openDatabase, SERVER_CONNECTION_IDLE_MS } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { liveServerConnection } from "./db/open-for-cli.ts";
import { DEMO_PASSWORD, DEMO_USERS, hasDemo, isDatabaseEmpty, seedDemo } from "./features/demo/seed.ts";
import { seedReferenceData } from "./features/geo/seed.ts";
import { npiSandboxFeature } from "./features/npi/index.ts";
import { sandboxesFeature, twilioSandboxFeature } from "./features/sandboxes/index.ts";
import type { Feature } from "./platform/feature.ts";
import { isCronExpression } from "./platform/jobs.ts";

// One process by default. APP_PROCESSES=N (N > 1, with DATABASE_URL) runs N app processes on one
// PostgreSQL server: this process (the primary) migrates and seeds the reference data once, then forks
// N workers with node:cluster; they share PORT (the primary hands each connection to one of them in
// turn). Each worker is a whole app: HTTP, its pg-boss workers and the minute tick. Sessions are read
// from the database on every request (platform/auth.ts), so a sign-out on one process is refused by
// every process on the very next call; pg-boss hands each job to one worker (SKIP LOCKED) and a
// schedule's slot is claimed once (platform/jobs.ts runDue). See docs/architecture.md, "Operations".

const config = loadConfig();
const processes = config.appProcesses ?? 1;
if (process.env.APP_PROCESSES && config.appProcesses === undefined) {
  console.error(`APP_PROCESSES must be a whole number of at least 1 (it is "${process.env.APP_PROCESSES}").`);
  process.exit(1);
}
for (const [variable, field] of Object.entries(SCHEDULE_SETTINGS)) {
  const cron = config[field];
  if (typeof cron === "string" && !isCronExpression(cron)) {
    console.error(`${variable} must be a cron expression (such as "15 3 * * *", in UTC) or "off" (it is "${cron}").`);
    process.exit(1);
  }
}
if (processes > 1 && !config.databaseUrl) {
  console.error(
    `APP_PROCESSES=${processes} needs a PostgreSQL server (DATABASE_URL): the embedded database can be opened ` +
      "by one process only. Set DATABASE_URL, or unset APP_PROCESSES to run one process on the embedded database.",
  );
  process.exit(1);
}

/**
 * The demo's sandbox sources (review sources, NPI registry, Twilio) are servers inside the app process
 * that keep their state in it: N copies would each hold their own. In cluster mode they do not run; the
 * demo's data and pages do.
 */
const ONE_PROCESS_ONLY: ReadonlySet<Feature> = new Set([sandboxesFeature, npiSandboxFeature, twilioSandboxFeature]);

if (processes > 1 && cluster.isPrimary) await runPrimary(config, processes);
else await runApp(config, { inCluster: cluster.isWorker });

/**
 * One app process: HTTP, the job workers (unless RUN_WORKERS=false) and the minute tick. Alone, it
 * migrates, seeds and (on an empty embedded database) creates the demo itself; as a cluster worker the
 * primary has done that already.
 */
async function runApp(config: Config, { inCluster }: { inCluster: boolean }) {
  // PGlite can be opened by one process only: refuse when another live process (a server, or a CLI
  // tool such as `npm run jobs -- work`) serves this DATA_DIR's embedded database.
  const owner = config.databaseUrl ? null : await liveServerConnection(config.dataDir);
  if (owner) {
    console.error(`The embedded database in ${config.dataDir} is in use by process ${owner.pid}; stop it first.`);
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    idleMs: SERVER_CONNECTION_IDLE_MS,
  });
  if (!inCluster) {
    await migrateToLatest(database.db);
    await seedReferenceData(database);
  }
  // An empty embedded database gets the demo; a PostgreSQL server only when asked (npm run seed:demo).
  const createDemo = !inCluster && !config.databaseUrl && (await isDatabaseEmpty(database));
  const demo = createDemo || (await hasDemo(database));
  const features = productFeatures({ demo }).filter((f) => !inCluster || !ONE_PROCESS_ONLY.has(f));
  const { app, ctx } = await buildApp(config, database, features);

  if (createDemo) {
    app.log.info("empty embedded database: creating the demo");
    await seedDemo(database, { log: (m) => app.log.info(m) });
  }
  await ctx.jobs.start({ work: config.runWorkers });
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await ctx.jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  if (!inCluster) printBanner(config, `Data: ${dataLine(config)}`, true);
}

/**
 * The cluster's primary: does what must happen once (migrations, reference data), then forks the
 * workers and keeps their number: a worker that dies after it listened is replaced; one that dies
 * before (it could not start) stops the whole cluster. SIGINT/SIGTERM stop every worker (each closes
 * HTTP, finishes its jobs and closes its pool), then the primary.
 */
async function runPrimary(config: Config, processes: number) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  await migrateToLatest(database.db);
  await seedReferenceData(database);
  const demo = await hasDemo(database);
  await database.close();
  if (demo) {
    console.warn(
      `APP_PROCESSES=${processes}: this database holds the demo; its sandbox sources (review sources, NPI ` +
        "registry, Twilio) keep their state in one process and do not run with several: syncing, replying and " +
        "texting on the demo's accounts fail. Run the demo with one process (unset APP_PROCESSES) for them.",
    );
  }

  let stopping = false;
  let exitCode = 0;
  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  let started = false;
  const fork = () => alive.add(cluster.fork());
  cluster.on("listening", (worker) => {
    listening.add(worker);
    console.log(`app process ${worker.id} (pid ${worker.process.pid}) listening`);
    if (!started && listening.size === processes) {
      started = true;
      printBanner(config, `Data: ${dataLine(config)}; ${processes} app processes (APP_PROCESSES)`, false);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    const listened = listening.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    console.error(`app process ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`})`);
    if (listened) {
      fork();
      return;
    }
    console.error("it did not start: stopping the other app processes");
    stopAll(1);
  });

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive.size === 0) process.exit(exitCode);
    for (const w of alive) w.process.kill("SIGTERM");
    // A worker that has not stopped within 20 s is killed.
    setTimeout(() => {
      for (const w of alive) w.process.kill("SIGKILL");
      process.exit(exitCode);
    }, 20_000).unref();
  };
  process.once("SIGINT", () => stopAll(0));
  process.once("SIGTERM", () => stopAll(0));

  for (let i = 0; i < processes; i++) fork();
}

function dataLine(config: Config) {
  return config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PostgreSQL in ${config.dataDir}`;
}

function printBanner(config: Config, data: string, demoLine: boolean) {
  console.log(`\nStarboard is running on http://localhost:${config.port}`);
  console.log(data);
  if (demoLine) console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(", ")}`);
  console.log("");
}
