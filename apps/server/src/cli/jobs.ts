// Background jobs from the command line, on the same DATA_DIR or DATABASE_URL as the server, whether
// or not the server is running (see db/open-for-cli.ts).
//   npm run jobs -- work                                    run the job workers in this process
//   npm run --silent jobs -- run-due --at <ISO instant>     fire the schedules due at that instant
// run-due prints one JSON line per fired schedule once its job has completed or failed:
//   {"schedule","job","slot","job_id","state"[,"error"]}
// and exits 1 when a job did not complete (failed, or still pending after --timeout seconds, default
// 300), 2 on bad arguments. Logs go to stderr.
import { parseArgs } from "node:util";
import { buildApp } from "../app.ts";
import { productFeatures } from "../compose.ts";
import { loadConfig, SCHEDULE_SETTINGS } from "../config.ts";
import { openDatabaseForCli } from "../db/open-for-cli.ts";

const USAGE = `usage:
  npm run jobs -- work
  npm run --silent jobs -- run-due --at <ISO instant, e.g. 2026-11-23T13:00:00Z> [--timeout <seconds>]`;

/** An ISO 8601 instant: a date, a time and a zone (Z or an offset), so it names one moment. */
function parseInstant(value: string | undefined): Date | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function openContext() {
  // The nightly rebuild's and the review sync's schedules are the server's setting: a tool run without their
  // variable leaves each as stored (else the default would bring back a schedule the server turned off, or move
  // the one it set).
  const config = loadConfig();
  for (const [variable, field] of Object.entries(SCHEDULE_SETTINGS)) {
    if (process.env[variable] === undefined) config[field] = undefined;
  }
  const { database, describe } = await openDatabaseForCli(config);
  console.error(`Database: ${describe}`);
  const { app, ctx } = await buildApp(config, database, productFeatures({ demo: false }), {
    logStream: process.stderr,
  });
  return {
    ctx,
    async close() {
      await ctx.jobs.stop();
      await app.close();
      await database.close();
    },
  };
}

async function runDue(args: string[]) {
  let values: { at?: string; timeout?: string };
  try {
    ({ values } = parseArgs({ args, options: { at: { type: "string" }, timeout: { type: "string" } } }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const at = parseInstant(values.at);
  if (!at) fail(`--at must be an ISO 8601 instant with a zone; got ${JSON.stringify(values.at ?? null)}`);
  const timeoutSeconds = values.timeout === undefined ? 300 : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) fail("--timeout must be a positive number of seconds");

  const { ctx, close } = await openContext();
  let allCompleted = true;
  try {
    // Work the queues here too (the server may run without workers, or not at all), but not the
    // minute tick: this command fires what is due at --at, nothing else.
    await ctx.jobs.start({ work: true, tick: false });
    const fired = await ctx.jobs.runDue(at);
    console.error(`${fired.length} schedule(s) due at ${at.toISOString()}`);
    const results = await Promise.all(
      fired.map(async (f) => {
        if (!f.id) return { ...f, state: "not_enqueued" as const, output: null };
        return { ...f, ...(await ctx.jobs.waitFor(f.job, f.id, { timeoutMs: timeoutSeconds * 1000 })) };
      }),
    );
    for (const r of results) {
      if (r.state !== "completed") allCompleted = false;
      const error = r.state === "failed" ? errorMessage(r.output) : undefined;
      console.log(JSON.stringify({ schedule: r.name, job: r.job, slot: r.slot, job_id: r.id, state: r.state, error }));
    }
  } finally {
    await close();
  }
  process.exitCode = allCompleted ? 0 : 1;
}

function errorMessage(output: unknown): string | undefined {
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output === null || output === undefined ? undefined : JSON.stringify(output);
}

async function work() {
  const { ctx, close } = await openContext();
  await ctx.jobs.start({ work: true });
  console.error("Working background jobs; stop with Ctrl-C or SIGTERM.");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  console.error("Stopping: waiting for running jobs.");
  await close();
}

const [command, ...rest] = process.argv.slice(2);
if (command === "run-due") await runDue(rest);
else if (command === "work") await work();
else fail(command ? `unknown command: ${command}` : "missing command");
