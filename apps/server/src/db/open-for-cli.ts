import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { type Database, openDatabase } from "./database.ts";

/** How a CLI tool reached the database. */
export type CliDatabaseRoute =
  /** The PostgreSQL server named by DATABASE_URL. */
  | "database-url"
  /** The embedded database of a running server, through its loopback socket (DATA_DIR/socket.json). */
  | "server"
  /** The embedded database under DATA_DIR, opened by this process (no live server owns it). */
  | "embedded";

export interface CliDatabase {
  database: Database;
  route: CliDatabaseRoute;
  /** One line for stderr: where the tool is working. */
  describe: string;
}

/**
 * Opens the database a CLI tool should use, the same one the server uses: DATABASE_URL when set;
 * otherwise the embedded database under DATA_DIR. PGlite can be opened by one process only, so
 * when a live server owns DATA_DIR (socket.json names its pid and loopback connection string,
 * see database.ts) the tool connects through that server instead of opening PGlite itself.
 */
export async function openDatabaseForCli(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  opts: { poolSize?: number } = {},
): Promise<CliDatabase> {
  const poolSize = opts.poolSize ?? 4;
  if (config.databaseUrl) {
    return {
      database: await openDatabase({ databaseUrl: config.databaseUrl, poolSize }),
      route: "database-url",
      describe: "PostgreSQL server (DATABASE_URL)",
    };
  }
  const live = await liveServerConnection(config.dataDir);
  if (live) {
    return {
      database: await openDatabase({ databaseUrl: live.connectionString, poolSize }),
      route: "server",
      describe: `embedded database in ${config.dataDir}, through the process that has it open (pid ${live.pid})`,
    };
  }
  return {
    database: await openDatabase({ dataDir: config.dataDir, poolSize }),
    route: "embedded",
    describe: `embedded database in ${config.dataDir}`,
  };
}

/**
 * The connection string of the process serving DATA_DIR's embedded database, when one is alive
 * and answers. A socket.json left by a crashed process (its pid dead, or reused by another process
 * that does not answer on that port) is ignored.
 */
export async function liveServerConnection(dataDir: string): Promise<{ connectionString: string; pid: number } | null> {
  let info: { connectionString?: unknown; pid?: unknown };
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, "socket.json"), "utf8"));
  } catch {
    return null;
  }
  const { connectionString, pid } = info;
  if (typeof connectionString !== "string" || typeof pid !== "number" || pid === process.pid) return null;
  if (!isAlive(pid)) return null;
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
  client.on("error", () => {
    // A failed connection is reported by connect() below.
  });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { connectionString, pid };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
