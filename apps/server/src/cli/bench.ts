// Times API calls side by side with their baselines (the same database work issued directly), on the
// real app started in-process on a fresh database: embedded PGlite in memory, or a new database on the
// PostgreSQL server named by DATABASE_URL (dropped afterwards). Prints numbers only: no thresholds.
//   npm run bench -- [--suite <name>]... [--iterations N] [--warmup N] [--json <file>] [--list]
import os from "node:os";
import { parseArgs } from "node:util";
import { formatTable, runSuites, writeJson } from "../bench/harness.ts";
import { SUITES } from "../bench/suites/index.ts";
import { startTestApp } from "../test/harness.ts";

const USAGE = "usage: npm run bench -- [--suite <name>]... [--iterations N] [--warmup N] [--json <file>] [--list]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}\nsuites: ${SUITES.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

let values: { suite?: string[]; iterations?: string; warmup?: string; json?: string; list?: boolean };
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      suite: { type: "string", multiple: true },
      iterations: { type: "string" },
      warmup: { type: "string" },
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
  if (!Number.isInteger(n) || n < 0 || (name === "iterations" && n === 0)) fail(`--${name} must be a whole number`);
  return n;
};
const iterations = count(values.iterations, 500, "iterations");
const warmup = count(values.warmup, 50, "warmup");
const wanted = values.suite ?? SUITES.map((s) => s.name);
const unknown = wanted.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length > 0) fail(`unknown suite: ${unknown.join(", ")}`);
const suites = SUITES.filter((s) => wanted.includes(s.name));

const database = process.env.DATABASE_URL ? "PostgreSQL (new database on DATABASE_URL)" : "embedded PGlite (memory)";
console.error(`Starting the app on ${database}; ${warmup} warm-up + ${iterations} timed runs per case`);
const env = await startTestApp({ workers: false });
try {
  const results = await runSuites(suites, env, {
    iterations,
    warmup,
    onResult: (r) => console.error(`  measured ${r.suite}: ${r.case}`),
  });
  console.log(formatTable(results));
  if (values.json) {
    writeJson(values.json, results, {
      measured_at: new Date().toISOString(),
      database,
      node: process.version,
      cpus: os.cpus().length,
      iterations,
      warmup,
    });
    console.error(`Wrote ${values.json}`);
  }
} finally {
  await env.close();
}
