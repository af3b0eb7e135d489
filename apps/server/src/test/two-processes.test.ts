// Two app processes on one database (docs/architecture.md, "Operations": APP_PROCESSES).
//
// The first block runs always: two app instances in this process (two Fastify servers, two pools, two
// pg-boss instances with their workers and minute ticks) on one database, the second booted on the
// first's database as a second process would be (startTestApp's `sharedDatabase`: no migrations, no
// seeding). On PGlite the second reaches the embedded database through the first's loopback socket.
//
// The second block runs only on PostgreSQL (DATABASE_URL): the real thing, `src/main.ts` started as a
// child process with APP_PROCESSES=2 (node:cluster, two workers sharing one port), driven over fresh
// connections so the primary deals them to both workers in turn.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import type { MailMessage } from "../platform/mail.ts";
import { createAccount, createLocation, createReview, createUser, TEST_PASSWORD } from "./factories.ts";
import { Client, startTestApp, type TestApp } from "./harness.ts";
import { startSmtp } from "./smtp.ts";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

async function newUser(database: Database) {
  const account = await createAccount(database);
  return createUser(database, account.id, { owner: true });
}

/** Signs in with e-mail and password through POST /api/auth, as the web client does. */
async function signIn(baseUrl: string, email: string) {
  const res = await new Client(baseUrl).post<{ token: string }>("/api/auth", { email, password: TEST_PASSWORD });
  expect(res.status).toBe(201);
  return { email, token: res.body.token };
}

describe("two app instances on one database", () => {
  let smtp: Smtp;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    a = await startTestApp({ env: { SMTP_URL: smtp.url } });
    b = await startTestApp({ env: { SMTP_URL: smtp.url }, sharedDatabase: a.ctx.database.connectionString });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it("a session opened on one works on the other; a sign-out on either is refused by the other on the very next call", async () => {
    const user = await newUser(a.ctx.database);
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const credentials = await signIn(first.baseUrl, user.email);
      const onFirst = new Client(first.baseUrl, credentials);
      const onSecond = new Client(second.baseUrl, credentials);
      expect((await onSecond.get("/api/auth")).status).toBe(200);
      expect((await onFirst.get("/api/auth")).status).toBe(200);

      expect((await onFirst.delete("/api/auth")).status).toBe(204);
      const next = await onSecond.get("/api/auth");
      expect(next.status).toBe(401);
      expect(next.body).toMatchObject({ error: "Must Be Authenticated." });
      expect((await onFirst.get("/api/auth")).status).toBe(401);
    }
  });

  it("a review added through one is counted in the other's cached metrics overview on its very next call", async () => {
    const user = await newUser(a.ctx.database);
    const location = await createLocation(a.ctx.database, user.account_id);
    const review = (instance: TestApp) =>
      createReview(instance.ctx.database, {
        accountId: user.account_id,
        locationId: location.id,
        publishedAt: new Date("2024-05-10T12:00:00Z"),
      });
    await review(a);
    const path = `/api/metrics/${user.account_id}/overview?published_after=2024-05-01&published_before=2024-05-31`;
    const onA = new Client(a.baseUrl, await signIn(a.baseUrl, user.email));
    const onB = new Client(b.baseUrl, await signIn(b.baseUrl, user.email));
    const total = async (client: Client) => (await client.get<{ total_reviews: number }>(path)).body.total_reviews;
    for (const [writer, reader] of [
      [a, onB],
      [b, onA],
    ] as const) {
      const before = await total(reader);
      expect(await total(reader)).toBe(before);
      await review(writer);
      expect(await total(reader)).toBe(before + 1);
    }
  });

  it("a review added through one is listed by the other, from its cached review list, on its very next call", async () => {
    const user = await newUser(a.ctx.database);
    const location = await createLocation(a.ctx.database, user.account_id);
    const path = "/api/reviews?published_after=2024-05-01&published_before=2024-05-31&per_page=25";
    const onA = new Client(a.baseUrl, await signIn(a.baseUrl, user.email));
    const onB = new Client(b.baseUrl, await signIn(b.baseUrl, user.email));
    const first = async (client: Client) =>
      (await client.get<{ _embedded: { reviews: { id: string }[] } }>(path)).body._embedded.reviews[0]?.id;
    let day = 10;
    for (const [writer, reader] of [
      [a, onB],
      [b, onA],
    ] as const) {
      await first(reader);
      const review = await createReview(writer.ctx.database, {
        accountId: user.account_id,
        locationId: location.id,
        publishedAt: new Date(`2024-05-${day++}T12:00:00Z`),
      });
      expect(await first(reader)).toBe(review.id);
    }
  });

  it("each e-mail job enqueued once is worked once, with both instances' workers running", async () => {
    const messages: MailMessage[] = Array.from({ length: 12 }, () => {
      const key = randomUUID();
      return { idempotencyKey: `two:${key}`, to: `p-${key.slice(0, 8)}@example.test`, subject: key, text: "Hello." };
    });
    const ids = await Promise.all(messages.map((m, i) => (i % 2 === 0 ? a : b).ctx.jobs.send("email.send", m)));
    const outcomes = await Promise.all(
      ids.map((id) => a.ctx.jobs.waitFor("email.send", id!, { timeoutMs: 60_000, intervalMs: 100 })),
    );
    expect(outcomes.map((o) => o.state)).toEqual(messages.map(() => "completed"));
    for (const id of ids) {
      const [job] = await a.ctx.jobs.boss.findJobs("email.send", { id: id! });
      expect(job?.retryCount).toBe(0);
    }
    for (const m of messages) expect(smtp.received.filter((r) => r.to.includes(m.to))).toHaveLength(1);
  });

  it("a schedule's slot fires once when both instances run the due schedules at the same instant", async () => {
    const key = randomUUID();
    const name = `two-processes-${key.slice(0, 8)}`;
    const message: MailMessage = {
      idempotencyKey: `schedule:${key}`,
      to: `s-${key.slice(0, 8)}@example.test`,
      subject: `Scheduled ${key}`,
      text: "Once.",
    };
    // Due on 1 January 2001 (computed from a moment in 2000), so no other schedule is due by then.
    await a.ctx.jobs.ensureSchedule(
      { name, cron: "0 0 1 1 *", job: "email.send", data: { ...message } },
      new Date("2000-06-01T00:00:00Z"),
    );
    const at = new Date("2001-01-01T00:00:30Z");
    const fired = (await Promise.all([a.ctx.jobs.runDue(at), b.ctx.jobs.runDue(at), a.ctx.jobs.runDue(at)])).flat();
    // The minute tick of either instance may have claimed the slot first: at most one of these fired it.
    expect(fired.filter((f) => f.name === name).length).toBeLessThanOrEqual(1);
    const slotJobs = await a.ctx.jobs.boss.findJobs("email.send", { key: `${name}@2001-01-01T00:00:00.000Z` });
    expect(slotJobs).toHaveLength(1);
    expect((await a.ctx.jobs.waitFor("email.send", slotJobs[0]!.id, { timeoutMs: 60_000 })).state).toBe("completed");
    expect(smtp.received.filter((r) => r.to.includes(message.to))).toHaveLength(1);
    await a.ctx.jobs.removeSchedule(name);
  });
});

/** A request on a connection of its own (no keep-alive), so the cluster's primary deals each to a worker in turn. */
function freshRequest(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { Accept: MEDIA_TYPE, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!process.env.DATABASE_URL)("npm start with APP_PROCESSES=2 on PostgreSQL (node:cluster)", () => {
  const name = `starboard_test_${randomUUID().replaceAll("-", "")}`;
  let databaseUrl: string;
  let database: Database;
  let smtp: Smtp;
  let server: ChildProcess;
  let baseUrl: string;
  let output = "";

  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(statement);
    await c.end();
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    smtp = await startSmtp();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = path.join(os.tmpdir(), `starboard-cluster-${randomUUID()}`);
    server = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../main.ts")], {
      env: {
        ...process.env,
        APP_PROCESSES: "2",
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, "no-web"),
        SMTP_URL: smtp.url,
        STARBOARD_ENV: "test",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (c: Buffer) => {
      output += c.toString();
    });
    server.stderr!.on("data", (c: Buffer) => {
      output += c.toString();
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the cluster did not start:\n${output}`)), 90_000);
      const check = () => {
        if (output.includes("Starboard is running")) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(check, 100);
      };
      server.once("exit", (code) => reject(new Error(`the cluster exited with ${code}:\n${output}`)));
      check();
    });
    // The primary migrated the database; the test makes its users through a pool of its own.
    database = await openDatabase({ databaseUrl, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    await database?.close();
    await smtp?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it("runs two app processes behind one port", () => {
    expect(output.match(/app process \d+ \(pid \d+\) listening/g)).toHaveLength(2);
  });

  it("a session works on every process and a sign-out is refused by every process on the next calls", async () => {
    const user = await newUser(database);
    const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD });
    const signIn = await freshRequest(`${baseUrl}/api/auth`, "POST", { "Content-Type": MEDIA_TYPE }, body);
    expect(signIn.status).toBe(201);
    const { token } = JSON.parse(signIn.text) as { token: string };
    const auth = { Authorization: `Basic ${Buffer.from(`${user.email}:${token}`).toString("base64")}` };
    // Six connections in a row: the primary deals them to the two workers in turn.
    const before = [];
    for (let i = 0; i < 6; i++) before.push((await freshRequest(`${baseUrl}/api/auth`, "GET", auth)).status);
    expect(before).toEqual([200, 200, 200, 200, 200, 200]);

    expect((await freshRequest(`${baseUrl}/api/auth`, "DELETE", auth)).status).toBe(204);
    const after = [];
    for (let i = 0; i < 6; i++) after.push((await freshRequest(`${baseUrl}/api/auth`, "GET", auth)).status);
    expect(after).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it("each password-reset e-mail asked for is sent once, by one of the processes' job workers", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newUser(database)));
    for (const u of users) {
      const res = await freshRequest(
        `${baseUrl}/api/passwords`,
        "POST",
        { "Content-Type": MEDIA_TYPE },
        JSON.stringify({ email: u.email }),
      );
      expect(res.status).toBe(202);
    }
    const deadline = Date.now() + 60_000;
    const delivered = () => users.filter((u) => smtp.received.some((r) => r.to.includes(u.email))).length;
    while (delivered() < users.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // A moment more for a second delivery, were a job worked twice.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const u of users) expect(smtp.received.filter((r) => r.to.includes(u.email))).toHaveLength(1);
    const jobs = await database.pool.query<{ state: string; retry_count: number }>(
      "SELECT state, retry_count FROM pgboss.job WHERE name = 'email.send'",
    );
    expect(jobs.rows).toHaveLength(users.length);
    expect(jobs.rows.every((j) => j.state === "completed" && j.retry_count === 0)).toBe(true);
  }, 90_000);

  it("stops every process on SIGTERM", async () => {
    server.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
    expect(code).toBe(0);
    await expect(freshRequest(`${baseUrl}/api/health`, "GET")).rejects.toThrow();
  }, 30_000);
});
