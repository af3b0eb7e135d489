import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Serves one PGlite database on a loopback TCP port, speaking PostgreSQL's wire
 * protocol, for any number of client connections.
 *
 * PGlite is a single backend session, so statements of different connections
 * must never interleave. A connection's messages are grouped into batches that
 * end where the protocol hands control back (Sync, a simple Query, Flush), and
 * each batch runs while holding one lock. A connection that leaves a batch
 * inside a transaction keeps the lock until the transaction ends, so other
 * connections never see or disturb it. (pglite-socket 0.2 queues single
 * messages, which lets an extended-protocol query of one connection interleave
 * with another's: "unnamed prepared statement does not exist".)
 */
export class PGliteServer {
  private server: net.Server | null = null;
  private lockTail: Promise<void> = Promise.resolve();
  private owner: Connection | null = null;
  private readonly connections = new Set<Connection>();

  constructor(private readonly db: PGlite) {}

  async start(port = 0, host = "127.0.0.1"): Promise<string> {
    await this.db.waitReady;
    this.server = net.createServer((socket) => {
      const connection = new Connection(socket, this);
      this.connections.add(connection);
      socket.on("close", () => {
        this.connections.delete(connection);
        void connection.release();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(port, host, () => resolve());
    });
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    return `${host}:${address.port}`;
  }

  /** Waits for the lock unless this connection already holds it (inside a transaction). */
  async acquire(connection: Connection): Promise<void> {
    if (this.owner === connection) return;
    let release!: () => void;
    const previous = this.lockTail;
    this.lockTail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.owner = connection;
    connection.releaseLock = () => {
      this.owner = null;
      connection.releaseLock = null;
      release();
    };
  }

  async run(messages: Uint8Array[]): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    for (const m of messages) out.push(await this.db.execProtocolRaw(m));
    return out;
  }

  inTransaction() {
    return this.db.isInTransaction();
  }

  async rollbackIfOwner(connection: Connection) {
    if (this.owner === connection && this.db.isInTransaction()) await this.db.exec("ROLLBACK");
  }

  async stop() {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Message types after which the client waits for the server: a batch ends there. */
const BATCH_END = new Set(["S", "Q", "H", "X"]);

class Connection {
  releaseLock: (() => void) | null = null;
  private buffer = Buffer.alloc(0);
  private started = false;
  private pending: Uint8Array[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: net.Socket,
    private readonly server: PGliteServer,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.chain = this.chain
        .then(() => this.drain())
        .catch(() => {
          socket.destroy();
        });
    });
    socket.on("error", () => socket.destroy());
  }

  /** Cuts complete messages off the buffer and runs each finished batch. */
  private async drain() {
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (code === SSL_REQUEST) {
          this.buffer = this.buffer.subarray(8);
          this.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.buffer = this.buffer.subarray(length);
          continue;
        }
        if (this.buffer.length < length) return;
        if (code !== PROTOCOL_3) {
          this.socket.destroy();
          return;
        }
        const startup = new Uint8Array(this.buffer.subarray(0, length));
        this.buffer = this.buffer.subarray(length);
        this.started = true;
        await this.execute([startup]);
        continue;
      }
      if (this.buffer.length < 5) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const length = this.buffer.readInt32BE(1) + 1;
      if (this.buffer.length < length) return;
      const message = new Uint8Array(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
      if (type === "X") {
        await this.release();
        this.socket.end();
        return;
      }
      this.pending.push(message);
      if (BATCH_END.has(type)) {
        const batch = this.pending;
        this.pending = [];
        await this.execute(batch);
      }
    }
  }

  private async execute(batch: Uint8Array[]) {
    await this.server.acquire(this);
    try {
      const replies = await this.server.run(batch);
      for (const r of replies) if (r.length > 0 && this.socket.writable) this.socket.write(r);
    } finally {
      // Keep the lock across a transaction; give it up as soon as the session is idle.
      if (!this.server.inTransaction()) this.releaseLock?.();
    }
  }

  /** On close: roll back an open transaction of this connection and free the lock. */
  async release() {
    if (!this.releaseLock) return;
    await this.server.rollbackIfOwner(this);
    this.releaseLock?.();
  }
}
