// Times API calls side by side with their baselines (the same database work issued directly), on the
// real app started in-process on a fresh database: embedded PGlite in memory, or a new database on the
// PostgreSQL server named by DATABASE_URL (dropped afterwards). Prints numbers only: no thresholds.
// Load suites (bench/load.ts) drive the app with autocannon from a child process instead, for
// --duration seconds per case at --connections connections, and print req/s, p50 and p99.
// --processes N (PostgreSQL only): the load suites' cases are driven against src/main.ts in a child process,
// one app process, then APP_PROCESSES=N, side by side with the factor (bench/suites/load-processes.ts).
// --keep-database (PostgreSQL only): the database the suites built is left in place afterwards, its address
// printed, to look into with psql (EXPLAIN); dropping it is then yours to do.
//   npm run bench -- [--suite <name>]... [--iterations N] [--warmup N] [--duration S] [--connections N]
//                    [--processes N] [--keep-database] [--json <file>] [--list]
import os from "node:os";
import { parseArgs } from "node:util";
import { formatTable, runSuites, writeJson } from "../bench/harness.ts";
import { formatLoadTable, isLoadSuite, runLoadSuites } from "../bench/load.ts";
import { SUITES } from "../bench/suites/index.ts";
import { compareProcesses, formatProcessesTable, type ProcessesReport } from "../bench/suites/load-processes.ts";
import { startTestApp } from "../test/harness.ts";

const USAGE =
  "usage: npm run bench -- [--suite <name>]... [--iterations N] [--warmup N] [--duration S] [--connections N] [--processes N] [--keep-database] [--json <file>] [--list]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}\nsuites: ${SUITES.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

let values: {
  suite?: string[];
  iterations?: string;
  warmup?: string;
  duration?: string;
  connections?: string;
  processes?: string;
  "keep-database"?: boolean;
  json?: string;
  list?: boolean;
};
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      suite: { type: "string", multiple: true },
      iterations: { type: "string" },
      warmup: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      processes: { type: "string" },
      "keep-database": { type: "boolean" },
      json: { type: "string" },
      list: { type: "boolean" },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (values.list) {
  for (const s of SUITES) console.log(`${s.name}\t${s.description}`);
  process.exit(0);
}

const count = (value: string | undefined, fallback: number, name: string) => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0 || (name !== "warmup" && n === 0)) fail(`--${name} must be a whole number`);
  return n;
};
const iterations = count(values.iterations, 500, "iterations");
const warmup = count(values.warmup, 50, "warmup");
// Load suites: seconds per case (after a warm-up of a tenth of it, at least 1 s) and connections.
const duration = count(values.duration, 20, "duration");
const connections = count(values.connections, 50, "connections");
const loadWarmup = Math.max(1, Math.round(duration / 10));
const wanted = values.suite ?? SUITES.map((s) => s.name);
const unknown = wanted.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length > 0) fail(`unknown suite: ${unknown.join(", ")}`);
const suites = SUITES.filter((s) => wanted.includes(s.name) && !isLoadSuite(s));
const loadSuites = SUITES.filter(isLoadSuite).filter((s) => wanted.includes(s.name));
// --processes N: the load suites on one app process, then on N (src/main.ts with APP_PROCESSES).
const processes = values.processes === undefined ? undefined : count(values.processes, 2, "processes");
if (processes !== undefined) {
  if (processes < 2) fail("--processes must be 2 or more");
  if (!process.env.DATABASE_URL)
    fail("--processes needs DATABASE_URL: several app processes share a PostgreSQL server");
  if (loadSuites.length === 0) fail("--processes drives the load suites: add --suite load");
}

const keepDatabase = values["keep-database"] === true;
if (keepDatabase && !process.env.DATABASE_URL)
  fail("--keep-database needs DATABASE_URL: the embedded database lives in memory");

const database = process.env.DATABASE_URL ? "PostgreSQL (new database on DATABASE_URL)" : "embedded PGlite (memory)";
const plans = [
  ...(suites.length > 0 ? [`${warmup} warm-up + ${iterations} timed runs per case`] : []),
  ...(loadSuites.length > 0
    ? [
        `load: ${connections} connections, ${loadWarmup} s warm-up + ${duration} s per case` +
          (processes ? `, on 1 app process then ${processes}` : ""),
      ]
    : []),
];
console.error(`Starting the app on ${database}; ${plans.join("; ")}`);
const env = await startTestApp({ workers: false, keepDatabase });
try {
  const results = await runSuites(suites, env, {
    iterations,
    warmup,
    onResult: (r) => console.error(`  measured ${r.suite}: ${r.case}`),
  });
  if (suites.length > 0) console.log(formatTable(results));
  const byProcesses: ProcessesReport[] = [];
  if (processes) {
    for (const suite of loadSuites) {
      const report = await compareProcesses(env, await suite.load(env), {
        duration,
        connections,
        warmup: loadWarmup,
        processes,
      });
      if (suites.length > 0 || byProcesses.length > 0) console.log("");
      console.log(formatProcessesTable(report, `${suite.name} on ${database}`));
      byProcesses.push(report);
    }
  }
  const load = await runLoadSuites(processes ? [] : loadSuites, env, {
    duration,
    connections,
    warmup: loadWarmup,
    onResult: (suite, r) =>
      console.error(
        `  drove ${suite}: ${r.case} (${r.requestsPerSecond.toFixed(0)} req/s${r.failed ? ", FAILED" : ""})`,
      ),
  });
  for (const report of load) {
    if (suites.length > 0 || report !== load[0]) console.log("");
    console.log(formatLoadTable(report, `${report.suite} on ${database}`));
  }
  if (values.json) {
    writeJson(values.json, results, {
      measured_at: new Date().toISOString(),
      database,
      node: process.version,
      cpus: os.cpus().length,
      iterations,
      warmup,
      ...(load.length > 0 ? { load } : {}),
      ...(byProcesses.length > 0 ? { load_processes: byProcesses } : {}),
    });
    console.error(`Wrote ${values.json}`);
  }
} finally {
  await env.close();
  if (keepDatabase) console.error(`Kept the database: ${env.ctx.database.connectionString}`);
}
