import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TAuditLog } from "@starboard/contract/audit";
import type { TSession } from "@starboard/contract/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createAccount, createUser } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { IMPERSONATION_MESSAGES } from "./impersonation.ts";

// `npm run admin -- impersonate`, run as the operator runs it (the CLI in its own process, on the
// same database), then the link used through the API as the browser uses it.

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../cli/admin.ts");
const PUBLIC_URL = "https://starboard.example.test";
const OPERATOR = "ops@provider.example.test";
let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
    env: { ...process.env, DATABASE_URL: t.ctx.database.connectionString, PUBLIC_URL, LOG_LEVEL: "silent" },
  });
  let stdout = "";
  let stderr = "";
  proc.stdout.on("data", (c) => {
    stdout += c;
  });
  proc.stderr.on("data", (c) => {
    stderr += c;
  });
  return new Promise((resolve) => proc.on("close", (code) => resolve({ code, stdout, stderr })));
}

async function customer() {
  const account = await createAccount(t.ctx.database);
  const owner = await createUser(t.ctx.database, account.id, { type: "admin", owner: true });
  return { account, owner };
}

/** Runs the command and signs in with the link it printed. */
async function enter(target: string, reason = "Ticket 4711: reviews missing") {
  const run = await admin("impersonate", target, "--reason", reason, "--operator", OPERATOR);
  expect(run.code, run.stderr).toBe(0);
  const url = run.stdout.trim();
  expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/sso-login/[A-Za-z0-9_-]+$`));
  const token = decodeURIComponent(url.split("/").at(-1)!);
  const res = await anon.post<TSession>("/api/auth/sso", { token });
  expect(res.status).toBe(201);
  return { token, session: res.body, client: anon.as({ email: res.body.email, token: res.body.token! }) };
}

async function auditOf(accountId: string) {
  return t.ctx.database.db
    .selectFrom("audit_log")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
}

describe("npm run admin -- impersonate", () => {
  it("prints a one-time link that opens an impersonated session of an hour, and logs who, whom, why and when", async () => {
    const { account, owner } = await customer();
    const before = Date.now();
    const { token, session, client } = await enter(owner.email);
    expect(session).toMatchObject({
      user_id: owner.id,
      account_id: account.id,
      is_impersonated: true,
      impersonated_by: OPERATOR,
    });
    const expires = new Date(session.expires_at).getTime();
    expect(expires).toBeGreaterThan(before + 59 * 60_000);
    expect(expires).toBeLessThan(Date.now() + 61 * 60_000);
    expect((await client.get<TSession>("/api/auth")).body).toMatchObject({ is_impersonated: true });
    // The link works once.
    expect((await anon.post("/api/auth/sso", { token })).status).toBe(401);

    const impersonation = await t.ctx.database.db
      .selectFrom("impersonations")
      .selectAll()
      .where("account_id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(impersonation).toMatchObject({
      user_id: owner.id,
      operator: OPERATOR,
      reason: "Ticket 4711: reviews missing",
      ended_at: null,
    });
    expect(impersonation.started_at).toBeInstanceOf(Date);
    expect((await auditOf(account.id)).map((a) => [a.actor, a.action])).toEqual([
      [OPERATOR, "impersonation.created"],
      [OPERATOR, "impersonation.started"],
    ]);
  });

  it("takes the operator first and an account id (entering as its owner); the link lasts five minutes", async () => {
    const { account, owner } = await customer();
    await createUser(t.ctx.database, account.id, { type: "manager" });
    const run = await admin("impersonate", OPERATOR, account.id, "--reason", "Billing question");
    expect(run.code, run.stderr).toBe(0);
    const token = decodeURIComponent(run.stdout.trim().split("/").at(-1)!);
    const link = await t.ctx.database.db
      .selectFrom("sso_tokens")
      .select(["user_id", "expires_at", "created_at"])
      .where("account_id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(link.user_id).toBe(owner.id);
    expect(link.expires_at.getTime() - link.created_at.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(link.expires_at.getTime() - link.created_at.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    // Once five minutes have passed the link no longer works.
    await t.ctx.database.db
      .updateTable("sso_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("account_id", "=", account.id)
      .execute();
    expect((await anon.post("/api/auth/sso", { token })).status).toBe(401);
  });

  it("refuses without a reason or an operator (2), and for an unknown user (1)", async () => {
    const { owner } = await customer();
    const noReason = await admin("impersonate", owner.email, "--operator", OPERATOR);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain("--reason");
    const noOperator = await admin("impersonate", owner.email, "--reason", "x");
    expect(noOperator.code).toBe(2);
    const unknown = await admin("impersonate", "nobody@example.test", "--reason", "x", "--operator", OPERATOR);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(IMPERSONATION_MESSAGES.unknownTarget);
    expect(unknown.stdout).toBe("");
  });
});

describe("an impersonated session", () => {
  it("cannot change a password or an e-mail address, nor open other sessions", async () => {
    const { owner } = await customer();
    const { client } = await enter(owner.email);
    const password = await client.patch<{ errors: Record<string, string> }>(`/api/users/${owner.id}`, {
      current_password: "correct horse battery",
      password: "another horse battery staple",
    });
    expect(password.status).toBe(403);
    expect(password.body.errors).toEqual({ password: IMPERSONATION_MESSAGES.credentials });
    const email = await client.patch(`/api/users/${owner.id}`, { email: "new-address@example.test" });
    expect(email.status).toBe(403);
    const put = await client.request("PUT", `/api/users/${owner.id}`, {
      email: "new-address@example.test",
      name: "Owner",
      user_type_id: owner.user_type_id,
    });
    expect(put.status).toBe(403);
    expect((await client.post("/api/sso_tokens")).status).toBe(403);
    const row = await t.ctx.database.db
      .selectFrom("users")
      .select(["email", "password_hash"])
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: owner.email, password_hash: owner.password_hash });
    // Other changes go through.
    expect((await client.patch(`/api/users/${owner.id}`, { name: "Renamed by support" })).status).toBe(200);
  });

  it("writes every change it makes to the account's audit log under the operator's name", async () => {
    const { account, owner } = await customer();
    const { client } = await enter(owner.email);
    expect((await client.patch(`/api/users/${owner.id}`, { name: "Pat Support" })).status).toBe(200);
    expect((await client.patch(`/api/users/${owner.id}`, { password: "a long enough new password" })).status).toBe(403);
    const writes = (await auditOf(account.id)).filter((a) => a.action === "write");
    expect(writes).toEqual([
      expect.objectContaining({
        actor: OPERATOR,
        details: expect.objectContaining({
          method: "PATCH",
          route: "/api/users/:id",
          status: 200,
          as_user_id: owner.id,
        }),
      }),
      expect.objectContaining({ actor: OPERATOR, details: expect.objectContaining({ status: 403 }) }),
    ]);
    // The user's own session writes nothing there.
    const own = await anon.post<TSession>("/api/auth", { email: owner.email, password: "correct horse battery" });
    await anon.as({ email: owner.email, token: own.body.token! }).patch(`/api/users/${owner.id}`, { name: "Pat" });
    expect((await auditOf(account.id)).filter((a) => a.action === "write")).toHaveLength(2);
  });

  it("ends when signed out or when the operator ends it, and the log says so", async () => {
    const { account, owner } = await customer();
    const first = await enter(owner.email);
    expect((await first.client.delete("/api/auth")).status).toBe(204);
    expect((await first.client.get("/api/auth")).status).toBe(401);

    const second = await enter(owner.email);
    const open = await t.ctx.database.db
      .selectFrom("impersonations")
      .select("id")
      .where("account_id", "=", account.id)
      .where("ended_at", "is", null)
      .executeTakeFirstOrThrow();
    const ended = await admin("end-impersonation", open.id);
    expect(ended.code, ended.stderr).toBe(0);
    expect((await second.client.get("/api/auth")).status).toBe(401);
    expect((await admin("end-impersonation", open.id)).code).toBe(1);

    const rows = await t.ctx.database.db
      .selectFrom("impersonations")
      .selectAll()
      .where("account_id", "=", account.id)
      .execute();
    expect(rows.map((r) => r.ended_at instanceof Date)).toEqual([true, true]);
    expect((await auditOf(account.id)).filter((a) => a.action === "impersonation.ended")).toHaveLength(2);
  });
});

describe("GET /api/audit_log", () => {
  it("lets the account's Admins read the impersonations and their writes, newest first; not Managers, not other accounts", async () => {
    const { account, owner } = await customer();
    const { client } = await enter(owner.email, "Checking the alert settings");
    expect((await client.patch(`/api/users/${owner.id}`, { name: "Changed by support" })).status).toBe(200);

    const admin = await clientFor(t, owner);
    const log = await admin.get<TAuditLog>("/api/audit_log");
    expect(log.status).toBe(200);
    expect(log.body._total).toBe(3);
    expect(log.body._embedded.audit_log.map((e) => [e.actor, e.action])).toEqual([
      [OPERATOR, "write"],
      [OPERATOR, "impersonation.started"],
      [OPERATOR, "impersonation.created"],
    ]);
    expect(log.body._embedded.audit_log[2]!.details).toMatchObject({
      user_email: owner.email,
      reason: "Checking the alert settings",
    });

    const manager = await createUser(t.ctx.database, account.id, { type: "manager" });
    expect((await (await clientFor(t, manager)).get("/api/audit_log")).status).toBe(403);
    const other = await customer();
    expect((await admin.get(`/api/audit_log?account_id=${other.account.id}`)).status).toBe(404);
    expect((await anon.get("/api/audit_log")).status).toBe(401);
  });
});
