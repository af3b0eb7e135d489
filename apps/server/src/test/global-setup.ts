import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { makeTemplate } from "./harness.ts";

/**
 * Vitest's global setup: one migrated, seeded database made once per run, which every test app
 * (test/harness.ts) starts as a copy of. On PGlite a data folder (STARBOARD_TEST_TEMPLATE), which
 * each test app copies and opens instead of running initdb and the migrations in memory; on the
 * PostgreSQL server of DATABASE_URL a template database (STARBOARD_TEST_TEMPLATE_DB) for CREATE DATABASE.
 * The variables reach the test processes, which vitest starts after this; without them (the bench) each
 * test app migrates its own database as before.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const id = randomUUID().replaceAll("-", "");
  if (process.env.DATABASE_URL) {
    const name = `starboard_template_${id}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    await makeTemplate({ databaseUrl: url.toString() });
    process.env.STARBOARD_TEST_TEMPLATE_DB = name;
    return async () => {
      delete process.env.STARBOARD_TEST_TEMPLATE_DB;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starboard-template-"));
  await makeTemplate({ dataDir: dir });
  process.env.STARBOARD_TEST_TEMPLATE = path.join(dir, "pgdata");
  return async () => {
    delete process.env.STARBOARD_TEST_TEMPLATE;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
