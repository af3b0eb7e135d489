import path from "node:path";

/** Runtime configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Public origin used in e-mailed links. */
  publicUrl: string;
  environment: "production" | "development" | "test" | "staging" | "qa" | "sandbox";
  /** Run background workers inside the server process. */
  runWorkers: boolean;
  /** Folder with the built web client; served when it exists. */
  webDist: string;
  logLevel: string;
  /** Seconds before a location's listing may be synced again on demand (POST /api/locations/{id}/sync). */
  syncIntervalSeconds: number;
  /**
   * The demo's sandbox sources (features/sandboxes): milliseconds each call takes (SANDBOX_DELAY_MS), the
   * share of calls answered with a temporary failure (SANDBOX_FAILURE_RATE, 0-1), and a fixed loopback port
   * for the Google sandbox (SANDBOX_GOOGLE_PORT; a free port otherwise). Unset: 300 ms and 0.05, or 0 and 0
   * when STARBOARD_ENV is test.
   */
  sandboxDelayMs?: number | undefined;
  sandboxFailureRate?: number | undefined;
  sandboxGooglePort?: number | undefined;
  /** The NPPES NPI Registry API (NPI_API_BASE, default https://npiregistry.cms.hhs.gov/api); unset with the demo: its sandbox (features/npi/sandbox.ts, on NPI_SANDBOX_PORT or a free port). */
  npiApiBase?: string | undefined;
  npiSandboxPort?: number | undefined;
  /**
   * SMS through Twilio's Messages API (features/sms): TWILIO_BASE_URL (default https://api.twilio.com),
   * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (the sending number, E.164). Without a SID, token
   * and sender, messages go to the outbox under DATA_DIR/sms-outbox. SANDBOX_TWILIO_PORT: a fixed loopback
   * port for the demo's Twilio sandbox (a free port otherwise).
   */
  twilioBaseUrl?: string | undefined;
  twilioAccountSid?: string | undefined;
  twilioAuthToken?: string | undefined;
  twilioFrom?: string | undefined;
  sandboxTwilioPort?: number | undefined;
  /**
   * APP_PROCESSES: how many app processes `npm start` runs on one PostgreSQL server (DATABASE_URL), forked
   * with node:cluster and sharing PORT (default 1: this process alone). See main.ts and docs/architecture.md.
   */
  appProcesses?: number | undefined;
  /**
   * ROLLUP_REBUILD_CRON: when the nightly rebuild of every account's roll-ups runs (a cron expression in UTC;
   * default `15 3 * * *`), or `off` for never (the triggers keep the roll-ups current; the rebuild is a safety
   * net). On the embedded database the rebuild holds the database while it runs (about 45 s for the demo), so an
   * operator picks a quiet hour. Not a cron expression: main.ts refuses to start. Undefined: the schedule stored is
   * left as it is (the command-line tools, which run beside a server whose setting it is, unless they are given it).
   */
  rollupRebuildCron: string | null | undefined;
  /**
   * REVIEW_SYNC_CRON: when every connected listing's reviews are read from its source (a cron expression in UTC;
   * default every four hours, on the hour: DEFAULT_REVIEW_SYNC_CRON), or `off` for never (a user's Sync still reads
   * a location at once). Checked at start, and left as stored when undefined, as ROLLUP_REBUILD_CRON is.
   */
  reviewSyncCron: string | null | undefined;
}

/** The nightly roll-up rebuild's default time: 03:15 UTC. */
const DEFAULT_ROLLUP_REBUILD_CRON = "15 3 * * *";
/** The scheduled review sync's default: every four hours, on the hour (UTC). */
const DEFAULT_REVIEW_SYNC_CRON = "0 */4 * * *";

/** The environment variables of schedules that are the server's setting, and their fields of Config. */
export const SCHEDULE_SETTINGS = {
  ROLLUP_REBUILD_CRON: "rollupRebuildCron",
  REVIEW_SYNC_CRON: "reviewSyncCron",
} as const satisfies Record<string, keyof Config>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot(), "data"));
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    environment: (env.STARBOARD_ENV as Config["environment"]) ?? "production",
    runWorkers: env.RUN_WORKERS !== "false",
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot(), "apps/web/dist")),
    logLevel: env.LOG_LEVEL ?? "info",
    syncIntervalSeconds: positiveInteger(env.LOCATION_SYNC_INTERVAL_SECONDS) ?? 300,
    sandboxDelayMs: nonNegative(env.SANDBOX_DELAY_MS),
    sandboxFailureRate: share(env.SANDBOX_FAILURE_RATE),
    sandboxGooglePort: positiveInteger(env.SANDBOX_GOOGLE_PORT),
    npiApiBase: env.NPI_API_BASE || undefined,
    npiSandboxPort: positiveInteger(env.NPI_SANDBOX_PORT),
    twilioBaseUrl: env.TWILIO_BASE_URL || undefined,
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    twilioFrom: env.TWILIO_FROM || undefined,
    sandboxTwilioPort: positiveInteger(env.SANDBOX_TWILIO_PORT),
    appProcesses: positiveInteger(env.APP_PROCESSES),
    rollupRebuildCron: scheduleSetting(env.ROLLUP_REBUILD_CRON, DEFAULT_ROLLUP_REBUILD_CRON),
    reviewSyncCron: scheduleSetting(env.REVIEW_SYNC_CRON, DEFAULT_REVIEW_SYNC_CRON),
  };
}

/** A schedule's setting: `off` is null (never); unset or empty, the default. */
function scheduleSetting(value: string | undefined, fallback: string): string | null {
  return value === "off" ? null : value || fallback;
}

function nonNegative(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function share(value: string | undefined): number | undefined {
  const n = nonNegative(value);
  return n !== undefined && n <= 1 ? n : undefined;
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The repository root: two levels above apps/server. */
export function repoRoot(): string {
  return path.resolve(import.meta.dirname, "../../..");
}
