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
}

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
  };
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The repository root: two levels above apps/server. */
export function repoRoot(): string {
  return path.resolve(import.meta.dirname, "../../..");
}
