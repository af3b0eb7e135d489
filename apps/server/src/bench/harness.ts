import fs from "node:fs";
import path from "node:path";
import type { TestApp } from "../test/harness.ts";

/** What every suite gets: the real app, started in-process on a fresh database, with its base URL. */
export type BenchEnv = TestApp;

/** Something to time once: one request, one query. */
export type BenchRun = () => Promise<unknown>;

export interface BenchCase {
  name: string;
  run: BenchRun;
  /** The same work without the layers around it (e.g. the bare SQL behind an API call). */
  baseline?: { name: string; run: BenchRun };
  /** Overrides the run's iteration count, e.g. for slow cases. */
  iterations?: number;
  /** Overrides the warm-up count: 0 for work that is timed once from cold, such as a full export. */
  warmup?: number;
  /**
   * Untimed work before each call of `run` (warm-up and timed), e.g. emptying the server's caches so that
   * every call is timed as one nobody has just asked for. The baseline runs without it.
   */
  before?: BenchRun;
}

export interface BenchSuite {
  name: string;
  description: string;
  /** Prepares data on the database and answers the cases to time. */
  setup(env: BenchEnv): Promise<BenchCase[]>;
}

export interface Stats {
  iterations: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export interface CaseResult {
  suite: string;
  case: string;
  stats: Stats;
  baseline?: { name: string; stats: Stats };
  /** p50 of the case over p50 of its baseline. */
  ratio?: number;
}

export interface MeasureOptions {
  iterations: number;
  warmup: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Runs `run` `warmup` times untimed (never more often than it is timed: a slow case of a few timed runs,
 * such as a bare scan, is not warmed up fifty times), then `iterations` times one after another, timing each;
 * `before`, if given, runs untimed before every call.
 */
export async function measure(
  run: BenchRun,
  { iterations, warmup }: MeasureOptions,
  before?: BenchRun,
): Promise<Stats> {
  for (let i = 0; i < Math.min(warmup, iterations); i++) {
    await before?.();
    await run();
  }
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    await before?.();
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    iterations,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((sum, s) => sum + s, 0) / samples.length,
    min: samples[0]!,
    max: samples[samples.length - 1]!,
  };
}

/** Sets up each suite and times each case, then its baseline. */
export async function runSuites(
  suites: BenchSuite[],
  env: BenchEnv,
  options: MeasureOptions & { onResult?: (result: CaseResult) => void },
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const suite of suites) {
    const cases = await suite.setup(env);
    for (const c of cases) {
      const opts = { iterations: c.iterations ?? options.iterations, warmup: c.warmup ?? options.warmup };
      const stats = await measure(c.run, opts, c.before);
      const result: CaseResult = { suite: suite.name, case: c.name, stats };
      if (c.baseline) {
        const baseline = await measure(c.baseline.run, opts);
        result.baseline = { name: c.baseline.name, stats: baseline };
        result.ratio = stats.p50 / baseline.p50;
      }
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}

function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return "";
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(3);
}

/** `case | p50 | p95 | baseline | p50 | p95 | ratio`, times in milliseconds, columns aligned. */
export function formatTable(results: CaseResult[]): string {
  const header = ["case", "p50 ms", "p95 ms", "baseline", "p50 ms", "p95 ms", "ratio"];
  const rows = results.map((r) => [
    `${r.suite}: ${r.case}`,
    ms(r.stats.p50),
    ms(r.stats.p95),
    r.baseline?.name ?? "",
    ms(r.baseline?.stats.p50),
    ms(r.baseline?.stats.p95),
    r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([1, 2, 4, 5, 6]);
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (numeric.has(i) ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** Writes the results, with when and where they were measured, as JSON. */
export function writeJson(file: string, results: CaseResult[], meta: Record<string, unknown>) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...meta, results }, null, 2)}\n`);
}
