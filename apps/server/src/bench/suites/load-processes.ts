import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { BenchEnv } from "../harness.ts";
import { drive, type LoadCase, type LoadMeasurement, type LoadOptions, type LoadPlan } from "../load.ts";

/**
 * `npm run bench -- --suite load --processes N` (PostgreSQL only): the load suite's cases driven against
 * `src/main.ts` started as a child process on the bench's database, first as one app process, then with
 * APP_PROCESSES=N (node:cluster, N workers behind one port). The same autocannon run (--connections
 * keep-alive connections, which the cluster's primary deals to the workers in turn) drives each; the
 * table sets req/s, p50 and p99 side by side with the factor (req/s with N over req/s with one).
 * The servers run as `npm start` does (STARBOARD_ENV=production) without job workers (RUN_WORKERS=false),
 * so only HTTP is measured.
 */

const MAIN = path.join(import.meta.dirname, "../../main.ts");
const log = (m: string) => console.error(`  [load --processes] ${m}`);

export interface ProcessesRow {
  case: string;
  one: LoadMeasurement;
  many: LoadMeasurement;
  /** req/s with N processes over req/s with one. */
  factor: number;
}

export interface ProcessesReport {
  processes: number;
  data: string;
  options: LoadOptions;
  rows: ProcessesRow[];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `src/main.ts` with APP_PROCESSES=processes on the database; resolves once it prints its banner. */
async function startServer(databaseUrl: string, processes: number): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `starboard-bench-${randomUUID()}`);
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      APP_PROCESSES: String(processes),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, "no-web"),
      STARBOARD_ENV: "production",
      RUN_WORKERS: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on("data", (c: Buffer) => {
    output += c.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code}:\n${output}`));
    child.once("exit", onExit);
    const check = () => {
      if (!output.includes("Starboard is running")) return void setTimeout(check, 100);
      clearTimeout(timer);
      child.off("exit", onExit);
      resolve();
    };
    check();
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Three times the median of GET /api/health one at a time on the idle server (at least 5 ms): the bar between runs. */
async function idleHealthMs(baseUrl: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
    if (i >= 10) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return Math.max(5, 3 * samples[Math.floor(samples.length / 2)]!);
}

/** Drives GET /api/health and each case of the plan on one process, then on `processes`. */
export async function compareProcesses(
  env: BenchEnv,
  plan: LoadPlan,
  options: LoadOptions & { processes: number },
): Promise<ProcessesReport> {
  const cases: LoadCase[] = [plan.health, ...plan.cases];
  const measured: LoadMeasurement[][] = [];
  for (const processes of [1, options.processes]) {
    log(`starting src/main.ts with APP_PROCESSES=${processes}`);
    const { baseUrl, child } = await startServer(env.ctx.database.connectionString, processes);
    try {
      const idleMs = await idleHealthMs(baseUrl);
      const runs: LoadMeasurement[] = [];
      for (const c of cases) {
        const { alongside: _, ...m } = await drive(baseUrl, c, { ...options, idleMs });
        log(`${processes} process(es): ${c.name} ${m.requestsPerSecond.toFixed(0)} req/s`);
        runs.push(m);
      }
      measured.push(runs);
    } finally {
      await stopServer(child);
    }
  }
  const rows = cases.map((c, i) => {
    const one = measured[0]![i]!;
    const many = measured[1]![i]!;
    return { case: c.name, one, many, factor: many.requestsPerSecond / one.requestsPerSecond };
  });
  const { duration, connections, warmup } = options;
  return { processes: options.processes, data: plan.data, options: { duration, connections, warmup }, rows };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "");
const failed = (m: LoadMeasurement) => m.non2xx > 0 || m.errors > 0 || m.ok === 0;

/** `case | req/s | p50 | p99` with one process, the same with N, and the factor; GET /api/health first. */
export function formatProcessesTable(report: ProcessesReport, heading: string): string {
  const n = report.processes;
  const header = ["case", "1: req/s", "p50 ms", "p99 ms", `${n}: req/s`, "p50 ms", "p99 ms", "factor"];
  const rows = report.rows.map((r) => [
    `${r.case}${failed(r.one) || failed(r.many) ? " (FAILED)" : ""}`,
    fixed(r.one.requestsPerSecond, r.one.requestsPerSecond >= 100 ? 0 : 1),
    fixed(r.one.p50, 0),
    fixed(r.one.p99, 0),
    fixed(r.many.requestsPerSecond, r.many.requestsPerSecond >= 100 ? 0 : 1),
    fixed(r.many.p50, 0),
    fixed(r.many.p99, 0),
    `${fixed(r.factor, 2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i > 0 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  const { duration, connections, warmup } = report.options;
  const notes = [
    `${heading}; ${report.data}`,
    `src/main.ts in a child process, one app process, then APP_PROCESSES=${n} (node:cluster, one port); STARBOARD_ENV=production, RUN_WORKERS=false; ` +
      `${connections} connections, ${duration} s per case after ${warmup} s of warm-up; autocannon in a child process on the same machine (${os.cpus().length} cores)`,
    "",
    line(header),
    rule,
    ...rows.map(line),
    "",
    `factor: req/s with ${n} processes over req/s with one; p50/p99: latency of the 2xx answers, whole milliseconds`,
  ];
  for (const r of report.rows) {
    for (const [label, m] of [
      ["1", r.one],
      [String(n), r.many],
    ] as const) {
      if (failed(m))
        notes.push(
          `${r.case} FAILED with ${label}: ${m.non2xx} non-2xx, ${m.errors} connection errors (${m.timeouts} timeouts)`,
        );
    }
  }
  return notes.join("\n");
}
