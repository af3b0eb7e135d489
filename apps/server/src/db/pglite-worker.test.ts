import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starboard-pglite-worker-"));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded database in its own thread", () => {
  it("keeps the main event loop answering while a long statement runs", { timeout: 120_000 }, async () => {
    const database = await openDatabase({});
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      await database.pool.query("SELECT 1");
      // 5000 x 5000 rows: about 1.5 s on PGlite on a quiet 2-core machine, all of it one synchronous WASM call.
      const n = 5000;
      let finishedAt = 0;
      const started = performance.now();
      const long = database.pool
        .query<{ n: number }>(`SELECT count(*) AS n FROM generate_series(1, ${n}) a, generate_series(1, ${n}) b`)
        .then((result) => {
          finishedAt = performance.now();
          return result.rows[0]?.n;
        });

      // A 10 ms timer, and an HTTP request on this thread once the statement has been running for 200 ms.
      let ticks = 0;
      let answer: Promise<{ body: string; beforeStatementEnded: boolean }> | undefined;
      const timer = setInterval(() => {
        ticks++;
        if (!answer && performance.now() - started >= 200 && finishedAt === 0) {
          answer = fetch(`http://127.0.0.1:${port}/`).then(async (res) => ({
            body: await res.text(),
            beforeStatementEnded: finishedAt === 0,
          }));
        }
      }, 10);
      const count = await long;
      clearInterval(timer);
      const elapsed = finishedAt - started;

      expect(count).toBe(n * n);
      expect(elapsed, "the statement ran long enough to tell").toBeGreaterThan(400);
      // In the main thread PGlite would run the statement in one synchronous call: no tick, no answer until it ends.
      expect(await answer).toEqual({ body: "ok", beforeStatementEnded: true });
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 10 / 4));
    } finally {
      server.close();
      await database.close();
    }
  });

  it("writes the data to DATA_DIR on close, and a new open reads it", { timeout: 120_000 }, async () => {
    const dataDir = tmpDir();
    const first = await openDatabase({ dataDir });
    expect(first.embedded).toBe(true);
    const socket = JSON.parse(fs.readFileSync(path.join(dataDir, "socket.json"), "utf8"));
    expect(socket).toEqual({ connectionString: first.connectionString, pid: process.pid });
    await first.pool.query("CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)");
    await first.pool.query("INSERT INTO notes VALUES (1, 'kept'), (2, 'also kept')");
    await first.close();
    expect(fs.existsSync(path.join(dataDir, "socket.json"))).toBe(false);

    const second = await openDatabase({ dataDir });
    try {
      const { rows } = await second.pool.query("SELECT id, body FROM notes ORDER BY id");
      expect(rows).toEqual([
        { id: 1, body: "kept" },
        { id: 2, body: "also kept" },
      ]);
    } finally {
      await second.close();
    }
  });

  it("rejects with the database's message when DATA_DIR cannot be opened", { timeout: 120_000 }, async () => {
    const dataDir = tmpDir();
    fs.mkdirSync(path.join(dataDir, "pgdata"));
    fs.writeFileSync(path.join(dataDir, "pgdata", "PG_VERSION"), "9\n");
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `Could not open the embedded database (${path.join(dataDir, "pgdata")}): PGlite failed to initialize properly`,
    );
    expect(fs.existsSync(path.join(dataDir, "socket.json"))).toBe(false);
  });
});
