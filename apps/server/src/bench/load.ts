import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { BenchEnv, BenchSuite } from "./harness.ts";

/**
 * Load suites: instead of timing one request at a time (harness.ts), they drive the app listening on
 * loopback with many connections at once and report throughput and latency percentiles. The load
 * generator (autocannon) runs in a child process (load-worker.ts), so it does not share the server's
 * event loop; it still shares the machine's cores.
 */

/** One request to drive under load: what the web client sends. */
export interface LoadCase {
  name: string;
  method: "GET" | "POST";
  /** Path and query under the server's base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Paths sent in turn, one per request, in place of `path` (which is sent first, to check the answer). */
  paths?: string[];
  /** Printed under the table, e.g. what dominates the case's cost. */
  note?: string;
  /**
   * Work kept running while the case is driven (its warm-up included), e.g. statements that keep the database
   * busy; `stop` ends it and says what it did, which is added to the note.
   */
  alongside?: () => { stop(): Promise<string> };
}

export interface LoadPlan {
  /** The data the cases run on, for the table's heading. */
  data: string;
  /** The ceiling, measured on the same server in the same run: each case's req/s is compared with it. */
  health: LoadCase;
  cases: LoadCase[];
}

/** A suite driven under load. Its `setup` answers no cases: there is nothing to time one request at a time. */
export interface LoadSuite extends BenchSuite {
  /** Prepares data on the database and answers the requests to drive. */
  load(env: BenchEnv): Promise<LoadPlan>;
}

export const isLoadSuite = (suite: BenchSuite): suite is LoadSuite => "load" in suite;

export interface LoadOptions {
  /** Seconds per case, measured. */
  duration: number;
  connections: number;
  /** Seconds per case before the measured run, at the same connections, not reported. */
  warmup: number;
}

/** What the worker is asked to do. */
export interface LoadJob extends LoadOptions {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Paths sent in turn, one per request (LoadCase.paths). */
  paths?: string[];
  /** After each run, the worker waits until GET /api/health answers within idleMs again (see settle). */
  healthUrl: string;
  idleMs: number;
}

/** What the worker measured (autocannon's numbers). */
export interface LoadMeasurement {
  /** Mean of the per-second counts of answers (autocannon's `requests.average`). */
  requestsPerSecond: number;
  /** Latency of the 2xx answers in milliseconds (autocannon's histogram, whole milliseconds). */
  p50: number;
  p99: number;
  /** Answers received, any status. */
  answers: number;
  ok: number;
  non2xx: number;
  /** Count per HTTP status. */
  statuses: Record<string, number>;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Seconds the measured run lasted. */
  seconds: number;
}

export interface LoadResult extends LoadMeasurement {
  case: string;
  method: string;
  path: string;
  /** req/s of the case over req/s of GET /api/health in the same run. */
  vsHealth: number;
  /** Some answers were not 2xx, or connections failed: the numbers are not those of the case. */
  failed: boolean;
  note?: string;
}

export interface LoadReport {
  suite: string;
  data: string;
  options: LoadOptions;
  health: LoadResult;
  results: LoadResult[];
}

const WORKER = fileURLToPath(new URL("./load-worker.ts", import.meta.url));

/**
 * Drives one case from a child process (forked with this process's loader flags, so it runs the
 * TypeScript worker the same way), with its `alongside` work running meanwhile, and answers what it measured
 * (and what that work did).
 */
export async function drive(
  baseUrl: string,
  c: LoadCase,
  options: LoadOptions & { idleMs: number },
): Promise<LoadMeasurement & { alongside?: string }> {
  const beside = c.alongside?.();
  let alongside: string | undefined;
  const measured = await driveFromChild(baseUrl, c, options).finally(async () => {
    alongside = await beside?.stop();
  });
  return alongside === undefined ? measured : { ...measured, alongside };
}

function driveFromChild(
  baseUrl: string,
  c: LoadCase,
  options: LoadOptions & { idleMs: number },
): Promise<LoadMeasurement> {
  const job: LoadJob = {
    ...options,
    healthUrl: `${baseUrl}/api/health`,
    url: `${baseUrl}${c.path}`,
    method: c.method,
    headers: c.headers,
    ...(c.body === undefined ? {} : { body: c.body }),
    ...(c.paths === undefined ? {} : { paths: c.paths }),
  };
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let answer: { measurement?: LoadMeasurement; error?: string } | undefined;
    child.once("message", (message) => {
      answer = message as typeof answer;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (answer?.measurement) resolve(answer.measurement);
      else reject(new Error(`load worker for ${c.name}: ${answer?.error ?? `exited with ${code}`}`));
    });
    child.send(job);
  });
}

const isFailed = (m: LoadMeasurement) => m.non2xx > 0 || m.errors > 0 || m.ok === 0;

/**
 * How fast GET /api/health answers on the idle server, one request at a time: three times its median
 * (at least 5 ms) is the bar the worker waits for between runs.
 */
async function idleHealthMs(baseUrl: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/health`);
    await res.arrayBuffer();
    if (i >= 10) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return Math.max(5, 3 * samples[Math.floor(samples.length / 2)]!);
}

/** Sets up each load suite and drives GET /api/health, then each case, one after another. */
export async function runLoadSuites(
  suites: LoadSuite[],
  env: BenchEnv,
  options: LoadOptions & { onResult?: (suite: string, result: LoadResult) => void },
): Promise<LoadReport[]> {
  const reports: LoadReport[] = [];
  for (const suite of suites) {
    const plan = await suite.load(env);
    const idleMs = await idleHealthMs(env.baseUrl);
    const { duration, connections, warmup } = options;
    const run = async (c: LoadCase, health?: LoadMeasurement): Promise<LoadResult> => {
      const { alongside, ...m } = await drive(env.baseUrl, c, { duration, connections, warmup, idleMs });
      const note = [c.note, alongside].filter(Boolean).join("; ");
      const result: LoadResult = {
        case: c.name,
        method: c.method,
        path: c.path,
        ...m,
        vsHealth: health ? m.requestsPerSecond / health.requestsPerSecond : 1,
        failed: isFailed(m),
        ...(note ? { note } : {}),
      };
      options.onResult?.(suite.name, result);
      return result;
    };
    const health = await run(plan.health);
    const results: LoadResult[] = [];
    for (const c of plan.cases) results.push(await run(c, health));
    reports.push({ suite: suite.name, data: plan.data, options: { duration, connections, warmup }, health, results });
  }
  return reports;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "");

/**
 * `case | req/s | p50 ms | p99 ms | vs health | answers | non-2xx | errors`, GET /api/health first; a
 * case with non-2xx answers or errors is marked FAILED and its statuses are listed under the table.
 */
export function formatLoadTable(report: LoadReport, heading: string): string {
  const header = ["case", "req/s", "p50 ms", "p99 ms", "vs health", "answers", "non-2xx", "errors"];
  const all = [report.health, ...report.results];
  const rows = all.map((r) => [
    `${r.case}${r.failed ? " (FAILED)" : ""}`,
    fixed(r.requestsPerSecond, r.requestsPerSecond >= 100 ? 0 : 1),
    fixed(r.p50, 0),
    fixed(r.p99, 0),
    r === report.health ? "1.00x" : `${fixed(r.vsHealth, r.vsHealth >= 0.01 ? 2 : 4)}x`,
    String(r.answers),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i > 0 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  const { duration, connections, warmup } = report.options;
  const notes = [
    `${heading}; ${report.data}`,
    `${connections} connections, ${duration} s per case after ${warmup} s of warm-up; autocannon in a child process on the same machine; ` +
      "between runs, the requests left in flight are let finish",
    "",
    line(header),
    rule,
    ...rows.map(line),
    "",
    "req/s: mean of autocannon's per-second counts; p50/p99: latency of the 2xx answers, whole milliseconds; vs health: req/s over GET /api/health's",
  ];
  for (const r of all) {
    if (r.note) notes.push(`${r.case}: ${r.note}`);
    if (r.failed) {
      const statuses = Object.entries(r.statuses)
        .map(([status, n]) => `${n} x ${status}`)
        .join(", ");
      notes.push(
        `${r.case} FAILED: ${statuses || (r.ok === 0 ? "no answer within the run" : "")}; ${r.errors} connection errors (${r.timeouts} timeouts)`,
      );
    }
  }
  return notes.join("\n");
}
