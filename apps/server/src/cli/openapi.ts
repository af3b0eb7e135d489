// Writes the OpenAPI document the server serves at /api/openapi.json to docs/openapi.json, so that a
// change to the API shows up in review as a diff (test/openapi.test.ts fails while the two differ).
// Run: npm run openapi
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { productFeatures } from "../compose.ts";
import { loadConfig, repoRoot } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

export const OPENAPI_FILE = path.join(repoRoot(), "docs/openapi.json");

/** The document as committed: stable key order as served, two-space indent, final newline. */
export function formatOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "starboard-openapi-"));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }), databaseUrl: undefined };
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  const { app } = await buildApp(config, database, productFeatures({ demo: true }), { logStream: process.stderr });
  await app.ready();
  fs.writeFileSync(OPENAPI_FILE, formatOpenApi(app.swagger()));
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
