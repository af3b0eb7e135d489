import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { productFeatures } from "../compose.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedReferenceData } from "../features/geo/seed.ts";
import type { AppContext } from "../platform/context.ts";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Boots the real app on a real, fresh database: PGlite in memory by default,
 * or a new database on the PostgreSQL server named by DATABASE_URL; under vitest a copy of the run's
 * migrated template (test/global-setup.ts), in a folder of its own for PGlite. Closing removes what it made. Requests go
 * over real HTTP. `sharedDatabase` (another test app's `ctx.database.connectionString`)
 * boots a second app on that app's database instead, as a second process would:
 * no new database, no migrations or seeding, and closing it leaves the database.
 */
export async function startTestApp(
  opts: {
    workers?: boolean;
    env?: Record<string, string>;
    webDist?: string;
    sharedDatabase?: string;
    /** PostgreSQL only: closing leaves the new database in place (`npm run bench -- --keep-database`). */
    keepDatabase?: boolean;
    /** The app's log, at level warn, is written here (otherwise it logs nothing, or TEST_LOG_LEVEL). */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  let databaseUrl: string | undefined = opts.sharedDatabase;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL && !opts.sharedDatabase) {
    const name = `starboard_test_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // A copy of the run's migrated template (test/global-setup.ts) when there is one.
    const template = process.env.STARBOARD_TEST_TEMPLATE_DB;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (!opts.keepDatabase)
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
  }
  const dataDir = path.join(os.tmpdir(), `starboard-test-${randomUUID()}`);
  const config = {
    ...loadConfig({
      ...process.env,
      ...opts.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: opts.logStream ? "warn" : (process.env.TEST_LOG_LEVEL ?? "silent"),
    }),
    databaseUrl,
    environment: "test" as const,
    runWorkers: opts.workers ?? true,
    webDist: opts.webDist ?? path.join(dataDir, "no-web"),
  };
  const template = process.env.STARBOARD_TEST_TEMPLATE;
  const embeddedCopy = !databaseUrl && template !== undefined;
  // PGlite opens the copied folder as it is, instead of running initdb and the migrations.
  if (embeddedCopy) fs.cpSync(template, path.join(dataDir, "pgdata"), { recursive: true });
  const fromTemplate =
    embeddedCopy || (databaseUrl !== undefined && process.env.STARBOARD_TEST_TEMPLATE_DB !== undefined);
  const database = await openDatabase({ databaseUrl, dataDir: embeddedCopy ? dataDir : undefined, poolSize: 6 });
  if (!opts.sharedDatabase && !fromTemplate) await prepareDatabase(database);
  const { app, ctx } = await buildApp(
    config,
    database,
    productFeatures({ demo: true }),
    opts.logStream ? { logStream: opts.logStream } : {},
  );
  await ctx.jobs.start({ work: config.runWorkers });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    ctx,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await database.close();
      if (dropDatabase) await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test app's database holds before its test: the migrations and the reference data. */
async function prepareDatabase(database: Database) {
  await migrateToLatest(database.db);
  await seedReferenceData(database);
}

/**
 * Makes the run's template (test/global-setup.ts) on an empty database: migrated, seeded, and with the
 * job queue's schema and queues, which pg-boss would otherwise create in each test app (about a second).
 */
export async function makeTemplate(target: { databaseUrl: string } | { dataDir: string }) {
  const dataDir = "dataDir" in target ? target.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), "starboard-template-"));
  const database = await openDatabase({ ...target, poolSize: 2 });
  try {
    await prepareDatabase(database);
    const config = {
      ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
      databaseUrl: "databaseUrl" in target ? target.databaseUrl : undefined,
      environment: "test" as const,
      runWorkers: false,
      webDist: path.join(dataDir, "no-web"),
    };
    const { app, ctx } = await buildApp(config, database, productFeatures({ demo: true }));
    await ctx.jobs.start({ work: false });
    await ctx.jobs.stop();
    await app.close();
  } finally {
    await database.close();
    if (!("dataDir" in target)) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small HTTP client for tests, speaking the API's conventions. */
export class Client {
  constructor(
    readonly baseUrl: string,
    private credentials?: { email: string; token: string },
  ) {}

  as(credentials: { email: string; token: string }) {
    return new Client(this.baseUrl, credentials);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    pathAndQuery: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { Accept: MEDIA_TYPE, ...headers };
    if (this.credentials && !h.Authorization) {
      h.Authorization = `Basic ${Buffer.from(`${this.credentials.email}:${this.credentials.token}`).toString("base64")}`;
    }
    let payload: string | undefined;
    if (body !== undefined) {
      h["Content-Type"] ??= MEDIA_TYPE;
      payload = typeof body === "string" ? body : JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${pathAndQuery}`, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = Record<string, unknown>>(p: string) {
    return this.request<T>("GET", p);
  }
  post<T = Record<string, unknown>>(p: string, body?: unknown) {
    return this.request<T>("POST", p, body);
  }
  patch<T = Record<string, unknown>>(p: string, body?: unknown) {
    return this.request<T>("PATCH", p, body);
  }
  put<T = Record<string, unknown>>(p: string, body?: unknown) {
    return this.request<T>("PUT", p, body);
  }
  delete<T = Record<string, unknown>>(p: string) {
    return this.request<T>("DELETE", p);
  }
}
