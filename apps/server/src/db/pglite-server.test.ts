import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PGliteServer } from "./pglite-server.ts";

// The wire server in front of an in-memory PGlite, reached by real node-postgres clients (and, where
// the exact split of protocol messages matters, by a raw socket) on loopback.

let lite: PGlite;
let server: PGliteServer;
let connectionString: string;
let port: number;
const opened = new Set<pg.Client | pg.Pool | RawClient>();

beforeAll(async () => {
  lite = await PGlite.create();
  server = new PGliteServer(lite);
  const address = await server.start();
  port = Number(address.split(":")[1]);
  connectionString = `postgresql://postgres:postgres@${address}/postgres?sslmode=disable`;
});

afterAll(async () => {
  await server.stop();
  await lite.close();
});

beforeEach(async () => {
  await lite.exec(`
    DROP TABLE IF EXISTS items;
    CREATE TABLE items (id serial PRIMARY KEY, owner int NOT NULL, label text NOT NULL UNIQUE);
    DROP TABLE IF EXISTS counters;
    CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL);
    INSERT INTO counters VALUES (1, 0);
  `);
});

afterEach(async () => {
  await Promise.all(
    [...opened].map(async (c) => {
      if (c instanceof RawClient) c.destroy();
      else await c.end().catch(() => {});
    }),
  );
  opened.clear();
  // Every test leaves the embedded session idle: no open transaction, no connection's statements.
  await waitFor(async () => !lite.isInTransaction() && (await preparedCount()) === 0);
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => {
    // A destroyed socket is reported here; the tests look at what the others see.
  });
  await client.connect();
  opened.add(client);
  return client;
}

function pool(max: number): pg.Pool {
  const p = new pg.Pool({ connectionString, max });
  p.on("error", () => {});
  opened.add(p);
  return p;
}

/** Rejects if `promise` has not settled within `ms`: a query that hangs means a lock never released. */
function within<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`still waiting after ${ms} ms`);
    }),
  ]);
}

/** Whether `promise` is still pending after `ms`. */
async function stillPending(promise: Promise<unknown>, ms = 150): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await sleep(ms);
  return !settled;
}

async function waitFor(check: () => Promise<boolean> | boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached");
    await sleep(10);
  }
}

/** Statements prepared in the embedded session (asked through the server, so it waits its turn). */
async function preparedCount(): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements");
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function itemCount(client: pg.Client | pg.Pool): Promise<number> {
  const r = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM items");
  return r.rows[0]!.n;
}

// ---------------------------------------------------------------------------------------------
// A raw protocol client: sends exactly the bytes a test asks for, in the writes it asks for.

type Message = { type: string; body: Buffer };

function cstring(s: string) {
  return Buffer.concat([Buffer.from(s, "utf8"), Buffer.from([0])]);
}
function message(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
function int16(n: number) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}
function int32(n: number) {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
const wire = {
  query: (sql: string) => message("Q", cstring(sql)),
  parse: (name: string, sql: string) => message("P", cstring(name), cstring(sql), int16(0)),
  bind: (portal: string, statement: string, params: string[]) =>
    message(
      "B",
      cstring(portal),
      cstring(statement),
      int16(0),
      int16(params.length),
      ...params.flatMap((p) => [int32(Buffer.byteLength(p)), Buffer.from(p)]),
      int16(0),
    ),
  describePortal: (portal: string) => message("D", Buffer.from("P"), cstring(portal)),
  execute: (portal: string, maxRows = 0) => message("E", cstring(portal), int32(maxRows)),
  sync: () => message("S"),
  flush: () => message("H"),
};

class RawClient {
  private buffer = Buffer.alloc(0);
  private readonly received: Message[] = [];
  private waiter: (() => void) | null = null;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      while (this.buffer.length >= 5) {
        const length = this.buffer.readInt32BE(1) + 1;
        if (this.buffer.length < length) break;
        this.received.push({ type: String.fromCharCode(this.buffer[0]!), body: this.buffer.subarray(5, length) });
        this.buffer = this.buffer.subarray(length);
      }
      this.waiter?.();
    });
    socket.on("error", () => {});
  }

  static async connect(): Promise<RawClient> {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const raw = new RawClient(socket);
    opened.add(raw);
    const params = Buffer.concat([cstring("user"), cstring("postgres"), cstring("database"), cstring("postgres")]);
    const body = Buffer.concat([int32(196608), params, Buffer.from([0])]);
    socket.write(Buffer.concat([int32(body.length + 4), body]));
    await raw.until("Z");
    return raw;
  }

  write(...messages: Buffer[]) {
    this.socket.write(Buffer.concat(messages));
  }

  /** Messages received up to and including the first of type `type`. */
  async until(type: string, ms = 5_000): Promise<Message[]> {
    const end = Date.now() + ms;
    for (;;) {
      const at = this.received.findIndex((m) => m.type === type);
      if (at >= 0) return this.received.splice(0, at + 1);
      if (Date.now() > end) throw new Error(`no '${type}' message after ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  destroy() {
    this.socket.destroy();
  }
}

/** The text values of the DataRow messages. */
function rows(messages: Message[]): (string | null)[][] {
  return messages
    .filter((m) => m.type === "D")
    .map((m) => {
      const out: (string | null)[] = [];
      let at = 2;
      for (let i = 0; i < m.body.readInt16BE(0); i++) {
        const len = m.body.readInt32BE(at);
        at += 4;
        out.push(len < 0 ? null : m.body.subarray(at, at + len).toString("utf8"));
        if (len > 0) at += len;
      }
      return out;
    });
}

function errors(messages: Message[]): string[] {
  return messages
    .filter((m) => m.type === "E")
    .map((m) => {
      const fields = m.body.toString("utf8").split("\0");
      return (fields.find((f) => f.startsWith("M")) ?? "M").slice(1);
    });
}

// ---------------------------------------------------------------------------------------------

describe("PGliteServer", () => {
  it("answers many connections querying at once, each with its own results", async () => {
    const clients = await Promise.all(Array.from({ length: 24 }, () => connect()));
    const results = await within(
      Promise.all(
        clients.map(async (client, c) => {
          const seen: string[] = [];
          for (let q = 0; q < 10; q++) {
            // Alternate the simple protocol (no parameters) and the extended one.
            const r =
              q % 2 === 0
                ? await client.query<{ c: number; q: number }>(`SELECT ${c} AS c, ${q} AS q`)
                : await client.query<{ c: number; q: number; pad: string }>(
                    "SELECT $1::int AS c, $2::int AS q, repeat($3, 200) AS pad",
                    [c, q, String(c % 10)],
                  );
            expect(r.rows).toHaveLength(1);
            seen.push(`${r.rows[0]!.c}:${r.rows[0]!.q}`);
          }
          return seen;
        }),
      ),
      20_000,
    );
    results.forEach((seen, c) => {
      expect(seen).toEqual(Array.from({ length: 10 }, (_, q) => `${c}:${q}`));
    });
  });

  it("serves a pool's concurrent queries and writes", async () => {
    const p = pool(10);
    const answers = await within(
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          p.query<{ id: number; owner: number }>(
            "INSERT INTO items (owner, label) VALUES ($1, $2) RETURNING id, owner",
            [i, `item-${i}`],
          ),
        ),
      ),
      20_000,
    );
    expect(answers.map((r) => r.rows[0]!.owner)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(new Set(answers.map((r) => r.rows[0]!.id)).size).toBe(200);
    expect(await itemCount(p)).toBe(200);
  });

  it("hands a notification to the connection that sent it before its answer, and to every other one before the next statement", async () => {
    const [listener, sender, bystander] = await Promise.all([connect(), connect(), connect()]);
    await listener.query("LISTEN sb_test");
    const heard = new Map<pg.Client, string[]>();
    for (const c of [listener, sender, bystander]) {
      heard.set(c, []);
      c.on("notification", (n) => heard.get(c)!.push(n.payload ?? ""));
    }
    await sender.query("SELECT pg_notify('sb_test', 'one')");
    // The sender's own copy came with the answer; the others' before any other statement could run.
    expect(heard.get(sender)).toEqual(["one"]);
    await bystander.query("SELECT 1");
    expect(heard.get(listener)).toEqual(["one"]);
    expect(heard.get(bystander)).toEqual(["one"]);
    await listener.query("UNLISTEN sb_test");
  });

  describe("extended protocol", () => {
    it("keeps parameterised queries of many clients apart (unnamed statements of different shapes)", async () => {
      const clients = await Promise.all(Array.from({ length: 16 }, () => connect()));
      await within(
        Promise.all(
          clients.map(async (client, c) => {
            for (let q = 0; q < 20; q++) {
              if (c % 2 === 0) {
                const r = await client.query<{ n: number; s: string }>("SELECT $1::int AS n, $2::text AS s", [
                  c * 100 + q,
                  `c${c}`,
                ]);
                expect(r.rows).toEqual([{ n: c * 100 + q, s: `c${c}` }]);
              } else {
                const r = await client.query<{ joined: string }>("SELECT $1::text || '-' || $2::text AS joined", [
                  `c${c}`,
                  `q${q}`,
                ]);
                expect(r.rows).toEqual([{ joined: `c${c}-q${q}` }]);
              }
            }
          }),
        ),
        20_000,
      );
    });

    it("gives each connection its own named prepared statements", async () => {
      const clients = await Promise.all(Array.from({ length: 12 }, () => connect()));
      await within(
        Promise.all(
          clients.map(async (client, c) => {
            for (let q = 0; q < 10; q++) {
              // The same name everywhere, a different text per connection (as two sessions of a real server allow).
              const own = await client.query<{ v: number }>({
                name: "lookup",
                text: `SELECT $1::int + ${c * 1000} AS v`,
                values: [q],
              });
              expect(own.rows).toEqual([{ v: c * 1000 + q }]);
              // The same name and text everywhere: each connection prepares it once.
              const shared = await client.query<{ v: string }>({
                name: "shared",
                text: "SELECT $1::text AS v",
                values: [`${c}/${q}`],
              });
              expect(shared.rows).toEqual([{ v: `${c}/${q}` }]);
            }
          }),
        ),
        20_000,
      );
      // A connection's statements go away with it.
      await Promise.all(clients.map((c) => c.end()));
      for (const c of clients) opened.delete(c);
      await waitFor(async () => (await preparedCount()) === 0);
    });

    it("runs a batch split over several writes as one, whatever other clients do in between", async () => {
      const raw = await RawClient.connect();
      const other = await connect();
      // Parse and Bind now; Describe, Execute and Sync later (one message even cut in two writes).
      raw.write(wire.parse("", "SELECT $1::int * 2 AS doubled"), wire.bind("", "", ["21"]));
      const tail = Buffer.concat([wire.describePortal(""), wire.execute(""), wire.sync()]);
      raw.write(tail.subarray(0, 3));
      // The other client runs whole batches of its own meanwhile (unnamed statement and portal too).
      for (let i = 0; i < 5; i++) {
        const r = await within(other.query<{ x: string }>("SELECT $1::text AS x", [`other-${i}`]));
        expect(r.rows).toEqual([{ x: `other-${i}` }]);
      }
      raw.write(tail.subarray(3));
      const reply = await raw.until("Z");
      expect(errors(reply)).toEqual([]);
      expect(rows(reply)).toEqual([["42"]]);
    });

    it("keeps a portal read in parts (Execute with a row limit, then Flush) from other clients until Sync", async () => {
      const raw = await RawClient.connect();
      const other = await connect();
      raw.write(
        wire.parse("", "SELECT g FROM generate_series(1, 3) AS g"),
        wire.bind("", "", []),
        wire.execute("", 1),
        wire.flush(),
      );
      const first = await raw.until("s"); // PortalSuspended
      expect(rows(first)).toEqual([["1"]]);
      // Another client's query must not run in the middle of the portal (it would replace it).
      const pending = other.query<{ y: number }>("SELECT $1::int AS y", [7]);
      expect(await stillPending(pending)).toBe(true);
      raw.write(wire.execute("", 0), wire.sync());
      const rest = await raw.until("Z");
      expect(errors(rest)).toEqual([]);
      expect(rows(rest)).toEqual([["2"], ["3"]]);
      expect((await within(pending)).rows).toEqual([{ y: 7 }]);
    });
  });

  describe("transactions", () => {
    it("commits a transaction's work and rolls back another's, leaving nothing of it", async () => {
      const a = await connect();
      const b = await connect();
      await a.query("BEGIN");
      await a.query("INSERT INTO items (owner, label) VALUES (1, 'kept')");
      await a.query("COMMIT");
      await b.query("BEGIN");
      await b.query("INSERT INTO items (owner, label) VALUES (2, 'dropped')");
      await b.query("UPDATE counters SET value = 99");
      await b.query("ROLLBACK");
      const seen = await a.query<{ label: string }>("SELECT label FROM items ORDER BY id");
      expect(seen.rows).toEqual([{ label: "kept" }]);
      const counter = await a.query<{ value: number }>("SELECT value FROM counters");
      expect(counter.rows).toEqual([{ value: 0 }]);
    });

    it("does not interleave other connections' statements with an open transaction", async () => {
      const a = await connect();
      const b = await connect();
      await a.query("BEGIN");
      await a.query("INSERT INTO items (owner, label) VALUES (1, 'uncommitted')");
      // b waits for a's transaction to end: it never sees (or joins) the uncommitted row.
      const count = itemCount(b);
      const write = b.query("INSERT INTO items (owner, label) VALUES (2, 'from-b')");
      expect(await stillPending(count)).toBe(true);
      // a goes on inside its transaction meanwhile.
      const mine = await within(a.query<{ n: number }>("SELECT count(*)::int AS n FROM items"));
      expect(mine.rows).toEqual([{ n: 1 }]);
      await a.query("ROLLBACK");
      expect(await within(count)).toBe(0);
      await within(write);
      const labels = await a.query<{ label: string }>("SELECT label FROM items");
      expect(labels.rows).toEqual([{ label: "from-b" }]);
    });

    it("runs concurrent read-modify-write transactions one after another (no lost update)", async () => {
      const p = pool(8);
      await within(
        Promise.all(
          Array.from({ length: 40 }, async () => {
            const client = await p.connect();
            try {
              await client.query("BEGIN");
              const r = await client.query<{ value: number }>("SELECT value FROM counters WHERE id = 1");
              await sleep(1);
              await client.query("UPDATE counters SET value = $1 WHERE id = 1", [r.rows[0]!.value + 1]);
              await client.query("COMMIT");
            } finally {
              client.release();
            }
          }),
        ),
        20_000,
      );
      const r = await p.query<{ value: number }>("SELECT value FROM counters WHERE id = 1");
      expect(r.rows).toEqual([{ value: 40 }]);
    });

    it("keeps a failed transaction to its connection until it rolls back", async () => {
      const a = await connect();
      const b = await connect();
      await a.query("BEGIN");
      await a.query("INSERT INTO items (owner, label) VALUES (1, 'x')");
      await expect(a.query("INSERT INTO items (owner, label) VALUES (1, 'x')")).rejects.toThrow(/duplicate key/);
      const waiting = b.query<{ ok: number }>("SELECT 1 AS ok");
      expect(await stillPending(waiting)).toBe(true);
      await expect(a.query("SELECT 1")).rejects.toThrow(/current transaction is aborted/);
      await a.query("ROLLBACK");
      expect((await within(waiting)).rows).toEqual([{ ok: 1 }]);
      expect(await itemCount(a)).toBe(0);
    });
  });

  describe("a client that goes away", () => {
    it("has its open transaction rolled back and the lock released", async () => {
      const a = await connect();
      const b = await connect();
      await a.query("BEGIN");
      await a.query("INSERT INTO items (owner, label) VALUES (1, 'orphan')");
      const waiting = itemCount(b);
      expect(await stillPending(waiting)).toBe(true);
      await a.query({ name: "mine", text: "SELECT 1" }); // its statements go too (checked after each test)
      a.connection.stream.destroy();
      expect(await within(waiting)).toBe(0);
      expect(lite.isInTransaction()).toBe(false);
      // And the others go on writing.
      await within(b.query("INSERT INTO items (owner, label) VALUES (2, 'after')"));
      expect(await itemCount(b)).toBe(1);
    });

    it("is cleaned up even when it drops while its batch waits for the lock", async () => {
      const holder = await connect();
      const raw = await RawClient.connect();
      await holder.query("BEGIN");
      // Queued behind holder's transaction: BEGIN and a write, then the client is gone.
      raw.write(wire.query("BEGIN; INSERT INTO items (owner, label) VALUES (9, 'ghost')"));
      await sleep(50);
      raw.destroy();
      await sleep(50);
      await holder.query("COMMIT");
      // The queued batch may run, but its transaction must not outlive its connection.
      const c = await connect();
      expect(await within(itemCount(c))).toBe(0);
      await waitFor(() => !lite.isInTransaction());
      await within(c.query("INSERT INTO items (owner, label) VALUES (3, 'next')"));
    });

    it("is cleaned up when it drops in the middle of a failed extended-protocol batch", async () => {
      const raw = await RawClient.connect();
      // A Parse error puts the session into "skip until Sync"; the client flushes, then vanishes.
      raw.write(wire.parse("", "SELEC nonsense"), wire.flush());
      const reply = await raw.until("E");
      expect(errors(reply)[0]).toMatch(/syntax error/);
      raw.destroy();
      const b = await connect();
      const r = await within(b.query<{ v: number }>("SELECT $1::int AS v", [5]));
      expect(r.rows).toEqual([{ v: 5 }]);
    });

    it("is cleaned up after a plain disconnect (Terminate) inside a transaction", async () => {
      const a = await connect();
      await a.query("BEGIN");
      await a.query("INSERT INTO items (owner, label) VALUES (1, 'left')");
      await a.end();
      opened.delete(a);
      const b = await connect();
      expect(await within(itemCount(b))).toBe(0);
    });
  });

  describe("errors", () => {
    it("do not poison other connections' batches", async () => {
      const clients = await Promise.all(Array.from({ length: 12 }, () => connect()));
      await within(
        Promise.all(
          clients.map(async (client, c) => {
            for (let q = 0; q < 10; q++) {
              if (c % 3 === 0) {
                // Fails at Bind (bad parameter), then in execution, then at Parse.
                await expect(client.query("SELECT $1::int AS v", ["not a number"])).rejects.toThrow(/invalid input/);
                await expect(client.query("SELECT 1 / $1::int AS v", [0])).rejects.toThrow(/division by zero/);
                await expect(client.query("SELEC 1")).rejects.toThrow(/syntax error/);
              } else {
                const r = await client.query<{ v: number }>("SELECT $1::int AS v", [c * 10 + q]);
                expect(r.rows).toEqual([{ v: c * 10 + q }]);
              }
            }
            // The failing connections work afterwards.
            const r = await client.query<{ v: number }>("SELECT $1::int + 1 AS v", [c]);
            expect(r.rows).toEqual([{ v: c + 1 }]);
          }),
        ),
        20_000,
      );
    });

    it("in a batch left unsynced do not reach the next client's statements", async () => {
      const raw = await RawClient.connect();
      const other = await connect();
      raw.write(wire.parse("", "SELEC nonsense"), wire.flush());
      await raw.until("E");
      // The session skips messages until raw's Sync; another client's query must not be swallowed by that.
      const pending = other.query<{ v: number }>("SELECT $1::int AS v", [1]);
      expect(await stillPending(pending)).toBe(true);
      raw.write(wire.sync());
      await raw.until("Z");
      expect((await within(pending)).rows).toEqual([{ v: 1 }]);
      raw.write(wire.query("SELECT 2 AS v"));
      expect(rows(await raw.until("Z"))).toEqual([["2"]]);
    });
  });

  it("stops with clients still connected, rolling back what they left open", async () => {
    // A second server on the same database (the first one has no client meanwhile).
    const own = new PGliteServer(lite);
    const address = await own.start();
    const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@${address}/postgres` });
    client.on("error", () => {});
    await client.connect();
    await client.query({ name: "left-behind", text: "SELECT 1" });
    await client.query("BEGIN");
    await client.query("INSERT INTO items (owner, label) VALUES (1, 'left open')");
    await within(own.stop());
    expect(lite.isInTransaction()).toBe(false);
    expect(await itemCount(await connect())).toBe(0);
    // afterEach checks that the statement went too.
  });
});
