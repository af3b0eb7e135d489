import { MESSAGES } from "@starboard/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createUser, createWhitelabel, signedIn, TEST_PASSWORD } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

describe("sign-in", () => {
  it("answers 201 with a session and a token that authenticates later calls", async () => {
    const account = await createAccount(t.ctx.database);
    const user = await createUser(t.ctx.database, account.id, { type: "manager" });
    const res = await anon.post<{
      token: string;
      user_id: string;
      permissions: Record<string, string[]>;
      account: { id: string };
    }>("/api/auth", { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user_id).toBe(user.id);
    expect(res.body.account.id).toBe(account.id);
    expect(res.body.token.length).toBeGreaterThanOrEqual(22);
    expect(res.body.permissions.review).toContain("respond");
    const me = await anon.as({ email: user.email, token: res.body.token }).get<{ user_id: string }>("/api/auth");
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(user.id);
  });

  it("accepts HTTP Basic email:password with no body", async () => {
    const account = await createAccount(t.ctx.database);
    const user = await createUser(t.ctx.database, account.id);
    const basic = Buffer.from(`${user.email}:${TEST_PASSWORD}`).toString("base64");
    const res = await anon.request("POST", "/api/auth", undefined, { Authorization: `Basic ${basic}` });
    expect(res.status).toBe(201);
  });

  it("refuses wrong credentials without saying which part was wrong", async () => {
    const account = await createAccount(t.ctx.database);
    const user = await createUser(t.ctx.database, account.id);
    const wrongPassword = await anon.post("/api/auth", { email: user.email, password: "nope" });
    const unknownUser = await anon.post("/api/auth", { email: "nobody@example.test", password: "nope" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
  });

  it("refuses repeated failures with 429 for a while, even with the right password", async () => {
    const account = await createAccount(t.ctx.database);
    const user = await createUser(t.ctx.database, account.id);
    for (let i = 0; i < 10; i++)
      await t.ctx.database.db.insertInto("sign_in_failures").values({ email: user.email, ip: null }).execute();
    const res = await anon.post("/api/auth", { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("900");
  });

  it("answers 400 with the field when the e-mail is missing", async () => {
    const res = await anon.post<{ errors: Record<string, string> }>("/api/auth", { password: "x" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain("email");
  });

  it("revokes the token on DELETE /api/auth", async () => {
    const { client } = await signedIn(t);
    expect((await client.get("/api/auth")).status).toBe(200);
    expect((await client.delete("/api/auth")).status).toBe(204);
    const after = await client.get("/api/auth");
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ status: 401, error: MESSAGES.mustBeAuthenticated });
    expect(after.headers.get("www-authenticate")).toBe('Basic realm="starboard"');
  });

  it("stores only hashes of tokens", async () => {
    const { credentials } = await signedIn(t);
    const rows = await t.ctx.database.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.some((r) => r.token_hash === credentials.token)).toBe(false);
  });
});

describe("conventions", () => {
  it("answers an unknown API path with Endpoint Not Found", async () => {
    const res = await anon.get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, error: "Endpoint Not Found" });
  });

  it("routes POST with X-HTTP-Method-Override: PATCH as a PATCH", async () => {
    const res = await anon.request(
      "POST",
      "/api/passwords",
      { reset_password_token: "unknown", password: "long enough password" },
      { "X-HTTP-Method-Override": "PATCH" },
    );
    // PATCH /api/passwords (not POST, which would want an e-mail) refuses the unknown token.
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: MESSAGES.invalidResetToken });
  });

  it("answers with the versioned media type when asked for it, and ignores nonce", async () => {
    const { client } = await signedIn(t);
    const res = await client.get("/api/auth?nonce=12345");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/vnd.starboard.v2.hal+json");
  });

  it("answers 402 for an inactive account", async () => {
    const account = await createAccount(t.ctx.database, { account_active: false });
    const user = await createUser(t.ctx.database, account.id);
    const login = await anon.post<{ token: string; account: { account_active: boolean } }>("/api/auth", {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(201);
    expect(login.body.account.account_active).toBe(false);
    const client = anon.as({ email: user.email, token: login.body.token });
    expect((await client.get("/api/countries")).status).toBe(402);
  });
});

describe("single sign-on links", () => {
  it("exchanges a one-time token for a session, once", async () => {
    const { client, user } = await signedIn(t);
    const link = await client.post<{ token: string; url: string }>("/api/sso_tokens");
    expect(link.status).toBe(201);
    expect(link.body.url).toContain("/sso-login/");
    const first = await anon.post<{ user_id: string; token: string }>("/api/auth/sso", { token: link.body.token });
    expect(first.status).toBe(201);
    expect(first.body.user_id).toBe(user.id);
    const again = await anon.post("/api/auth/sso", { token: link.body.token });
    expect(again.status).toBe(401);
  });
});

describe("the session's trial facts", () => {
  type Trial = { has_trial: boolean; banner: boolean; days_left: number | null };
  type Session = { token: string; email: string; account_id: string; trial: Trial };

  it("shows the banner to a new trial account, with its days left", async () => {
    const email = `trial-${Date.now()}@example.test`;
    const signup = await anon.post<Session>("/api/signup/user", {
      name: "Trial Owner",
      email,
      password: "a long password",
      account_name: "Trial Diner",
    });
    expect(signup.status).toBe(201);
    expect(signup.body.trial).toEqual({ has_trial: true, banner: true, days_left: 14 });
    const client = anon.as({ email, token: signup.body.token });
    const settingId = (
      await t.ctx.database.db
        .selectFrom("account_settings")
        .select("id")
        .where("account_id", "=", signup.body.account_id)
        .where("code", "=", "trial_banner")
        .executeTakeFirstOrThrow()
    ).id;
    expect((await client.patch(`/api/account_settings/${settingId}`, { value: false })).status).toBe(200);
    const off = await client.get<Session>("/api/auth");
    expect(off.body.trial).toEqual({ has_trial: true, banner: false, days_left: 14 });
  });

  it("gives no banner to a parent, a whitelabelled account or an account without a trial", async () => {
    const plain = await signedIn(t);
    expect((await plain.client.get<Session>("/api/auth")).body.trial).toEqual({
      has_trial: false,
      banner: false,
      days_left: null,
    });
    const trialEnd = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000 - 60_000);
    const parent = await signedIn(t);
    await createAccount(t.ctx.database, { parent_id: parent.account.id });
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ status: "trial", trial_ended_at: trialEnd })
      .where("id", "=", parent.account.id)
      .execute();
    expect((await parent.client.get<Session>("/api/auth")).body.trial).toEqual({
      has_trial: true,
      banner: false,
      days_left: 3,
    });
    const whitelabelled = await signedIn(t);
    const wl = await createWhitelabel(t.ctx.database);
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ status: "trial", trial_ended_at: trialEnd, whitelabel_id: wl.id })
      .where("id", "=", whitelabelled.account.id)
      .execute();
    expect((await whitelabelled.client.get<Session>("/api/auth")).body.trial.banner).toBe(false);
  });
});

describe("sign-in with HTTP Basic", () => {
  it("answers 400 with the field when the Basic user is not an e-mail address", async () => {
    const basic = Buffer.from("not-an-email:secret").toString("base64");
    const res = await anon.request<{ errors: Record<string, string> }>("POST", "/api/auth", undefined, {
      Authorization: `Basic ${basic}`,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain("email");
  });
});
