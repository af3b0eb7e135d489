import crypto from "node:crypto";
import type { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { Kysely, type RawBuilder, sql } from "kysely";
import pg from "pg";
import { StarboardPostgresDialect } from "./limits-in-text.ts";
import { Listener } from "./listener.ts";
import type { FromPGliteWorker, PGliteWorkerData, ToPGliteWorker } from "./pglite-worker.ts";
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
  /**
   * NOTIFY on the channels of LISTEN_CHANNELS, heard by the process's one listening connection
   * (db/listener.ts): an event per notification, named by its channel, with its payload.
   */
  notifications: EventEmitter<Record<ListenChannel, [payload: string]>>;
  /** Whether that connection is open and listening, so that a notification sent now is heard. */
  listening(): boolean;
  /**
   * Resolves true once every notification committed before the call has been heard (a round trip on the
   * listening connection, shared by the calls of a burst); false when that cannot be known. A cache kept
   * current by notifications answers from what it holds only after this (platform/notified-cache.ts).
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The channels each app process LISTENs on (db/listener.ts; each empties a NotifiedCache):
 * - sb_actor: a session, user, account or account setting changed (migration 0031), so the actors cached
 *   by platform/auth.ts are stale;
 * - sb_metrics: a review, response, source, group's locations or daily roll-up changed (migration 0032), so
 *   the metrics overviews cached by features/metrics are stale;
 * - sb_reviews: what else a review list shows changed (a review's tags, images or status label, a location's
 *   name or address, a sandbox connection; migration 0034), so the review lists cached by
 *   features/reviews are stale (they also listen to sb_metrics and sb_actor).
 */
export const LISTEN_CHANNELS = ["sb_actor", "sb_metrics", "sb_reviews"] as const;
export type ListenChannel = (typeof LISTEN_CHANNELS)[number];

export interface OpenOptions {
  /** A PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Loopback port for the embedded socket server; 0 picks a free one. */
  socketPort?: number;
  poolSize?: number;
  /**
   * How long a pooled connection may sit idle before it is closed (node-postgres's 10 s unless given). The
   * server keeps its connections longer (SERVER_CONNECTION_IDLE_MS); tools and tests keep the default.
   */
  idleMs?: number;
}

/**
 * How long the server's pooled connections stay open while idle: 5 minutes. A connection closed after
 * node-postgres's 10 s costs the next call a new one (connect, SCRAM sign-in) on a fresh backend, which parses and
 * plans its statements again: at 1,000,000 reviews the list's page statement took 3.6-8.8 ms to parse and 4-9.5 ms
 * to bind there (docs/decisions/005-throughput.md, stop 35). An idle connection costs PostgreSQL a few MB.
 */
export const SERVER_CONNECTION_IDLE_MS = 5 * 60_000;

/**
 * Opens the database. One code path: the app always speaks PostgreSQL's wire
 * protocol through node-postgres. Without a server URL it opens PGlite in a
 * worker thread (db/pglite-worker.ts) that serves it on a loopback port, so the
 * pool, the job queue and the CLI tools connect to it like to any PostgreSQL
 * server, and a long statement never holds up the HTTP event loop.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let connectionString: string;
  if (opts.databaseUrl) {
    connectionString = opts.databaseUrl;
  } else {
    let dataPath: string | undefined;
    if (opts.dataDir) {
      dataPath = path.join(opts.dataDir, "pgdata");
      fs.mkdirSync(dataPath, { recursive: true });
    }
    embedded = await startEmbedded(dataPath, opts.socketPort ?? 0);
    connectionString = `postgresql://postgres:postgres@${embedded.address}/postgres?sslmode=disable`;
    if (opts.dataDir) {
      // Lets CLI tools reach the running server's embedded database.
      fs.writeFileSync(path.join(opts.dataDir, "socket.json"), JSON.stringify({ connectionString, pid: process.pid }));
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: opts.poolSize ?? (embedded ? 8 : 20),
    ...(opts.idleMs === undefined ? {} : { idleTimeoutMillis: opts.idleMs }),
    // PostgreSQL: no parallel workers for the app's statements (PGlite has none to start).
    ...(embedded ? {} : { options: `-c max_parallel_workers_per_gather=${PARALLEL_WORKERS_PER_GATHER}` }),
  });
  const listener = new Listener(connectionString, LISTEN_CHANNELS);
  try {
    await listener.start();
  } catch (error) {
    await listener.close();
    await embedded?.close();
    throw error;
  }
  pool.on("connect", (client) => prepareStatements(client));
  pool.on("error", () => {
    // Idle client errors (server restart) are reported by the next query.
  });
  const db = new Kysely<DB>({ dialect: new StarboardPostgresDialect({ pool }) });
  return {
    db,
    pool,
    connectionString,
    embedded: Boolean(embedded),
    notifications: listener.notifications,
    listening: () => listener.listening(),
    caughtUp: () => listener.caughtUp(),
    async close() {
      await listener.close();
      await db.destroy();
      if (embedded) await embedded.close();
      if (opts.dataDir && embedded) fs.rmSync(path.join(opts.dataDir, "socket.json"), { force: true });
    },
  };
}

/**
 * Parallel workers per statement on the app's PostgreSQL connections: none. The app serves many small
 * statements at once; a parallel plan starts worker processes for one of them, which on a small machine
 * costs more than it saves and takes cores from the other calls. Measured at 1,000,000 reviews (PostgreSQL
 * 15, 2 cores): six months of an account's keywords from the roll-ups, 73 ms with a Gather of two workers,
 * 5.5 ms without (docs/decisions/005-throughput.md).
 */
export const PARALLEL_WORKERS_PER_GATHER = 0;

/**
 * Marks a statement to be planned on every call, with its values (PostgreSQL's custom plan): it runs
 * unnamed instead of prepared. For statements whose best plan depends on the values in a way a generic
 * plan cannot see, such as the number of locations a group filter expands to (`planEachCall`).
 */
export const PLAN_EACH_CALL = "/* sb:plan-each-call */";

/** The statement, marked to be planned on every call with its values (see PLAN_EACH_CALL). */
export function planEachCall<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${statement} ${sql.raw(PLAN_EACH_CALL)}`;
}

/** At most this many named statements per connection; past it, new statements run unnamed (planned each time). */
export const NAMED_STATEMENTS_PER_CONNECTION = 200;
const statementNames = new Map<string, string>();

/** The statement's name: a digest of its text (the same text has the same name on every connection). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `sb_${crypto.createHash("sha1").update(text).digest("base64url")}`;
    // The texts the app runs are few (a query's shape, not its values); a runaway set is dropped whole.
    if (statementNames.size >= 5000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Prepared statements: every statement with parameters (what Kysely sends: one statement, its values
 * apart) runs as a named statement of node-postgres, so that the server parses and plans its text once
 * per connection and then only binds and executes it (PostgreSQL keeps a generic plan once it is not
 * costlier than the custom ones, and plans each call otherwise). A statement without parameters (DDL,
 * several statements in one text, BEGIN) runs as before, and so does one marked PLAN_EACH_CALL. PGlite's wire server keeps each connection's
 * names apart (db/pglite-server.ts).
 */
function prepareStatements(client: pg.PoolClient) {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (
      typeof text === "string" &&
      Array.isArray(values) &&
      values.length > 0 &&
      callback === undefined &&
      !text.includes(PLAN_EACH_CALL)
    ) {
      const name = statementName(text);
      if (named.has(name) || named.size < NAMED_STATEMENTS_PER_CONNECTION) {
        named.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}

interface EmbeddedDatabase {
  /** `127.0.0.1:port` of the worker's socket server. */
  address: string;
  /** Closes the connections and PGlite (written to disk), then ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the embedded database's worker thread and waits until it serves. A failure to open
 * (a data folder PGlite cannot read, a port in use) rejects with the worker's message.
 *
 * Should the thread die later (an uncaught error, a WASM abort), it is logged, and its sockets
 * close with it: a statement in flight fails ("Connection terminated unexpectedly") and new
 * connections are refused, so the pool's queries fail rather than wait forever. Nothing
 * restarts it: the process keeps answering HTTP (static files; routes that query, /api/health
 * included, answer an error) until it is restarted.
 */
async function startEmbedded(dataPath: string | undefined, port: number): Promise<EmbeddedDatabase> {
  const workerData: PGliteWorkerData = { dataPath, port };
  const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData });
  let exited = false;
  let closing = false;
  worker.once("exit", () => {
    exited = true;
  });
  const where = dataPath ?? "memory";
  const address = await new Promise<string>((resolve, reject) => {
    const settle = (error: Error | null, value = "") => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (error) reject(error);
      else resolve(value);
    };
    const onMessage = (message: FromPGliteWorker) => {
      if (message.type === "ready") settle(null, message.address);
      else if (message.type === "error")
        settle(new Error(`Could not open the embedded database (${where}): ${message.message}`));
    };
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) =>
      settle(new Error(`Could not open the embedded database (${where}): its thread exited with code ${code}`));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.on("error", (error) => {
    console.error(`The embedded database's thread failed (${where}); database queries fail until a restart:`, error);
  });
  worker.on("exit", (code) => {
    if (!closing) console.error(`The embedded database's thread stopped (${where}, exit code ${code}).`);
  });
  return {
    address,
    async close() {
      closing = true;
      if (exited) return;
      try {
        await new Promise<void>((resolve, reject) => {
          const onMessage = (message: FromPGliteWorker) => {
            if (message.type === "closed") resolve();
            else if (message.type === "error") reject(new Error(`Closing the embedded database: ${message.message}`));
          };
          worker.on("message", onMessage).once("exit", () => resolve());
          worker.postMessage({ type: "close" } satisfies ToPGliteWorker);
        });
      } finally {
        await worker.terminate();
      }
    },
  };
}
