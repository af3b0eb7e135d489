import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * The loopback port of the server's own Google sandbox (features/sandboxes), whose `/__fake/` control API the
 * tests drive (the same default is in e2e/helpers.ts).
 */
const fakeGooglePort = Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 3101);
/** One data directory per port: each run starts by removing the previous run's. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `starboard-e2e-${port}`);
/**
 * The local SMTP catcher (apps/server/src/cli/smtp-catcher.ts): SMTP on E2E_PORT+2, what it received as JSON on
 * E2E_PORT+3 (`GET /messages`: from, to, subject, raw). Derived from E2E_PORT so parallel runs do not clash.
 */
const smtpPort = port + 2;
const smtpReadoutPort = port + 3;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server started as
 * `npm start` starts it (src/main.ts on a fresh embedded database, which creates the demo), with no other
 * process: the demo's Google is the server's own sandbox (features/sandboxes). What differs from `npm start`:
 * the ports, the data directory, STARBOARD_ENV=test (answers checked against their schemas), no sandbox
 * failures (SANDBOX_FAILURE_RATE=0, for deterministic tests; the delay stays `npm start`'s 300 ms), the
 * sandbox's fixed port, and a 1-second sync throttle.
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
      command: `tsx apps/server/src/cli/smtp-catcher.ts --smtp-port ${smtpPort} --http-port ${smtpReadoutPort}`,
      url: `http://127.0.0.1:${smtpReadoutPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
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
        // The demo's Google sandbox on a known port; no random failures; npm start's delay.
        SANDBOX_GOOGLE_PORT: String(fakeGooglePort),
        SANDBOX_FAILURE_RATE: "0",
        SANDBOX_DELAY_MS: "300",
        // Tests sync the same demo listings one after another (and a retry syncs again): no 5-minute wait.
        LOCATION_SYNC_INTERVAL_SECONDS: "1",
        // No nightly roll-up rebuild: on the embedded database it holds the database for about 45 s, and a run
        // crossing 03:15 UTC saw sign-ins time out (the rebuild is tested by the roll-up tests).
        ROLLUP_REBUILD_CRON: "off",
        // No scheduled sync of every demo listing: at 00, 04, 08... UTC it queues 191 syncs, whose transactions hold
        // the embedded database for minutes; a run crossing one saw a test's own sync wait behind them. The tests
        // sync what they need (POST /api/locations/{id}/sync), and the schedule is tested by the API tests.
        REVIEW_SYNC_CRON: "off",
        // E-mail goes to the SMTP catcher (review requests, alerts, scheduled exports), not the .eml outbox.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // The demo's Twilio sandbox on a known port (E2E_PORT+4), whose `/__fake/` control API the SMS tests drive.
        SANDBOX_TWILIO_PORT: String(port + 4),
        // Parallel work in one tree builds the client into a folder of its own (`vite build --outDir`).
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
  ],
});
