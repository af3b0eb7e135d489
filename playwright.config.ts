import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
/** The fake Google the server's connector talks to (the same default is in e2e/helpers.ts). */
const fakeGooglePort = Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 3101);
/** One data directory per port: each run starts by removing the previous run's. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `starboard-e2e-${port}`);

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser)
 * against the real server on a fresh embedded database with the demo, whose
 * Google connector talks to a local fake My Business API (cli/fake-sources.ts).
 */
export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // Started (and healthy) before the app, which reads reviews from it and publishes replies to it.
      command: "tsx apps/server/src/cli/fake-sources.ts",
      url: `http://127.0.0.1:${fakeGooglePort}/__fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_GOOGLE_PORT: String(fakeGooglePort) },
    },
    {
      command: `rm -rf ${dataDir} && tsx apps/server/src/main.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        STARBOARD_ENV: "test",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        GOOGLE_API_BASE: `http://127.0.0.1:${fakeGooglePort}`,
        // Tests sync the same demo listings one after another (and a retry syncs again): no 5-minute wait.
        LOCATION_SYNC_INTERVAL_SECONDS: "1",
        // Parallel work in one tree builds the client into a folder of its own (`vite build --outDir`).
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
  ],
});
