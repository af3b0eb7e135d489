import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SYNC_ALL_JOB } from "../features/ingestion/jobs.ts";
import { REBUILD_DAILY_STATS } from "../features/metrics/jobs.ts";
import { startTestApp, type TestApp } from "./harness.ts";

/** Starts src/main.ts with `env` over this process's environment; answers how it ended and what it printed. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "starboard-settings-"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../main.ts")], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    // A server that starts is stopped after 60 s, which fails the test.
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe("the server's schedule settings", () => {
  const settings = [
    // In the order of their names (ingestion.sync-all, metrics.rebuild-daily-stats), as `planned` reads them.
    { variable: "REVIEW_SYNC_CRON", job: SYNC_ALL_JOB, byDefault: "0 */4 * * *" }, // every four hours, on the hour
    { variable: "ROLLUP_REBUILD_CRON", job: REBUILD_DAILY_STATS, byDefault: "15 3 * * *" }, // nightly at 03:15 UTC
  ] as const;
  const planned = (app: TestApp) =>
    app.ctx.database.db
      .selectFrom("schedules")
      .select(["name", "cron"])
      .where(
        "name",
        "in",
        settings.map((s) => s.job),
      )
      .orderBy("name")
      .execute();

  it.each([
    ["unset", undefined, settings.map((s) => ({ name: s.job, cron: s.byDefault }))],
    ["a cron expression", "30 1 * * 0", settings.map((s) => ({ name: s.job, cron: "30 1 * * 0" }))],
    ["off", "off", []],
  ])("plan the rebuild and the review sync at their times: %s", async (_, value, expected) => {
    const env = value === undefined ? {} : Object.fromEntries(settings.map((s) => [s.variable, value]));
    const app = await startTestApp({ workers: false, env });
    try {
      expect(await planned(app)).toEqual(expected);
    } finally {
      await app.close();
    }
  });

  it.each([
    ["ROLLUP_REBUILD_CRON", "at night"],
    ["REVIEW_SYNC_CRON", "every 4 hours"],
  ])(
    "%s that is not a cron expression or off stops the server at start, saying so",
    { timeout: 90_000 },
    async (variable, value) => {
      const { code, stderr } = await startServer({ [variable]: value });
      expect(code).toBe(1);
      expect(stderr).toContain(
        `${variable} must be a cron expression (such as "15 3 * * *", in UTC) or "off" (it is "${value}").`,
      );
    },
  );
});
