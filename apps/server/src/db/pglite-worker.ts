import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGliteServer } from "./pglite-server.ts";

/**
 * The embedded database's thread. PGlite (PostgreSQL in WASM) runs each statement synchronously on
 * the thread that calls it, so it lives here, off the HTTP event loop: this worker opens PGlite,
 * serves it on a loopback port with PGliteServer and tells database.ts the address; the pool,
 * pg-boss and the CLI tools connect there. database.ts starts it; nothing else imports it.
 *
 * This file and what it imports run without the app's TypeScript tooling in some hosts (vitest
 * loads only the test's own modules; a worker is plain Node): erasable syntax only, `.ts` specifiers.
 */

/** What database.ts passes as workerData. */
export interface PGliteWorkerData {
  /** PGlite's folder (DATA_DIR/pgdata); undefined keeps the database in memory. */
  dataPath: string | undefined;
  /** Loopback port to serve on; 0 picks a free one. */
  port: number;
}

/** Asks the worker to close every connection, then PGlite (which writes it to disk). */
export type ToPGliteWorker = { type: "close" };

export type FromPGliteWorker =
  /** Serving: `host:port`. */
  | { type: "ready"; address: string }
  /** Opening or closing failed (the message is PGlite's or the socket's). */
  | { type: "error"; message: string }
  /** Connections closed and PGlite closed: the worker may be terminated. */
  | { type: "closed" };

const parent = parentPort;
if (!parent) throw new Error("pglite-worker.ts runs as a worker thread (started by db/database.ts)");
const { dataPath, port } = workerData as PGliteWorkerData;
const send = (message: FromPGliteWorker) => parent.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let lite: PGlite | undefined;
let server: PGliteServer | undefined;

parent.on("message", (message: ToPGliteWorker) => {
  if (message.type !== "close") return;
  void (async () => {
    try {
      await server?.stop();
      await lite?.close();
      send({ type: "closed" });
    } catch (error) {
      send({ type: "error", message: messageOf(error) });
    }
  })();
});

try {
  lite = await PGlite.create(dataPath ? { dataDir: dataPath } : {});
  server = new PGliteServer(lite);
  send({ type: "ready", address: await server.start(port) });
} catch (error) {
  await lite?.close().catch(() => {});
  send({ type: "error", message: messageOf(error) });
}
