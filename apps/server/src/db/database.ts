import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteServer } from "./pglite-server.ts";
import type { DB } from "./schema.ts";

// Return bigint counts and numerics as JS numbers; dates stay Date.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1082, (v) => v); // date as YYYY-MM-DD string

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  /** A connection string every PostgreSQL client (pg-boss, CLI tools) can use. */
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Loopback port for the embedded socket server; 0 picks a free one. */
  socketPort?: number;
  poolSize?: number;
}

/**
 * Opens the database. One code path: the app always speaks PostgreSQL's wire
 * protocol through node-postgres. Without a server URL it opens PGlite and
 * serves it on a loopback port, so the pool, the job queue and the CLI tools
 * connect to it like to any PostgreSQL server.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let socket: PGliteServer | undefined;
  let lite: PGlite | undefined;
  let connectionString: string;
  if (opts.databaseUrl) {
    connectionString = opts.databaseUrl;
  } else {
    let dataPath: string | undefined;
    if (opts.dataDir) {
      dataPath = path.join(opts.dataDir, "pgdata");
      fs.mkdirSync(dataPath, { recursive: true });
    }
    lite = await PGlite.create(dataPath ? { dataDir: dataPath } : {});
    socket = new PGliteServer(lite);
    const conn = await socket.start(opts.socketPort ?? 0);
    connectionString = `postgresql://postgres:postgres@${conn}/postgres?sslmode=disable`;
    if (opts.dataDir) {
      // Lets CLI tools reach the running server's embedded database.
      fs.writeFileSync(path.join(opts.dataDir, "socket.json"), JSON.stringify({ connectionString, pid: process.pid }));
    }
  }
  const pool = new pg.Pool({ connectionString, max: opts.poolSize ?? (lite ? 8 : 20) });
  pool.on("error", () => {
    // Idle client errors (server restart) are reported by the next query.
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    connectionString,
    embedded: Boolean(lite),
    async close() {
      await db.destroy();
      if (socket) await socket.stop();
      if (lite) await lite.close();
      if (opts.dataDir && lite) fs.rmSync(path.join(opts.dataDir, "socket.json"), { force: true });
    },
  };
}
