import { MESSAGES } from "@starboard/contract/errors";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createAccount, createUser, signedIn, TEST_PASSWORD } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { USER_MESSAGES } from "./service.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { errors?: Record<string, string>; error?: string };
type Page = { _embedded: { users: Body[] }; _total: number };

describe("GET /api/users", () => {
  it("lists the account's users with keywords on name or e-mail, paging and sort", async () => {
    const { client, account, user } = await signedIn(t, { type: "read_only" });
    await createUser(t.ctx.database, account.id, { name: "Zoe Quinn", email: `zoe-${account.id}@example.test` });
    await createUser(t.ctx.database, account.id, { name: "Adam Berg", email: `adam-${account.id}@shop.test` });
    const all = await client.get<Page>(`/api/users?account_id=${account.id}&sort[by]=name&sort[order]=desc&nonce=1`);
    expect(all.status).toBe(200);
    expect(all.body._total).toBe(3);
    expect(all.body._embedded.users.map((u) => u.name)).toEqual(["Zoe Quinn", "Test User", "Adam Berg"]);
    const first = all.body._embedded.users.find((u) => u.id === user.id);
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        "_links",
        "account_id",
        "created_at",
        "email",
        "id",
        "is_account_owner",
        "is_shadow",
        "name",
        "profile_name",
        "status",
        "user_type",
        "user_type_id",
      ].sort(),
    );
    expect(first).toMatchObject({ user_type: "Read Only", is_account_owner: true });
    const byEmail = await client.get<Page>("/api/users?keywords=shop.test&search_type=full");
    expect(byEmail.body._embedded.users.map((u) => u.name)).toEqual(["Adam Berg"]);
    const typeahead = await client.get<Page>("/api/users?keywords=zo&search_type=typeahead");
    expect(typeahead.body._embedded.users.map((u) => u.name)).toEqual(["Zoe Quinn"]);
    const paged = await client.get<Page & { _total_pages: number }>("/api/users?per_page=2&page=2");
    expect(paged.body._embedded.users).toHaveLength(1);
    expect(paged.body._total_pages).toBe(2);
  });

  it("hides shadow users unless asked", async () => {
    const { client, account } = await signedIn(t);
    await t.ctx.database.db
      .insertInto("users")
      .values({ account_id: account.id, email: `shadow-${account.id}@example.test`, user_type_id: 1, is_shadow: true })
      .execute();
    expect((await client.get<Page>("/api/users")).body._total).toBe(1);
    expect((await client.get<Page>("/api/users?include_shadow_users=true")).body._total).toBe(2);
  });

  it("answers 400, 401, 403 and 404 where due", async () => {
    const { client } = await signedIn(t);
    const bad = await client.get<Body>("/api/users?include_shadow_users=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("include_shadow_users");
    const other = await createAccount(t.ctx.database);
    expect((await client.get(`/api/users?account_id=${other.id}`)).status).toBe(404);
    expect((await anon.get("/api/users")).status).toBe(401);
    const emailOnly = await signedIn(t, { type: "email_only" });
    expect((await emailOnly.client.get("/api/users")).status).toBe(403);
  });
});

describe("GET /api/users/{id}", () => {
  it("answers a user of the account, never the password hash", async () => {
    const { client, account } = await signedIn(t, { type: "user" });
    const colleague = await createUser(t.ctx.database, account.id, { type: "manager" });
    const res = await client.get<Body>(`/api/users/${colleague.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: colleague.id, user_type_id: USER_TYPE_IDS.manager, user_type: "Manager" });
    expect(JSON.stringify(res.body)).not.toContain("password");
  });

  it("lets anyone read themselves, and answers 404 for another account's user", async () => {
    const emailOnly = await signedIn(t, { type: "email_only" });
    expect((await emailOnly.client.get(`/api/users/${emailOnly.user.id}`)).status).toBe(200);
    const other = await signedIn(t);
    expect((await other.client.get(`/api/users/${emailOnly.user.id}`)).status).toBe(404);
    expect((await other.client.get("/api/users/nope")).status).toBe(404);
    expect((await anon.get(`/api/users/${emailOnly.user.id}`)).status).toBe(401);
  });
});

describe("POST /api/users", () => {
  it("creates a user with an argon2id hash when a password is given", async () => {
    const { client } = await signedIn(t);
    const email = `new-${Date.now()}@example.test`;
    const res = await client.post<Body>("/api/users", {
      email,
      name: "New Person",
      user_type_id: USER_TYPE_IDS.user,
      password: "a long password",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, user_type: "User", status: "active", is_account_owner: false });
    const row = await t.ctx.database.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", String(res.body.id))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const login = await anon.post("/api/auth", { email, password: "a long password" });
    expect(login.status).toBe(201);
  });

  it("e-mails a link to choose a password when none is given", async () => {
    const { client } = await signedIn(t);
    const email = `invited-${Date.now()}@example.test`;
    const res = await client.post<Body>("/api/users", { email, name: "Invited", user_type_id: USER_TYPE_IDS.manager });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("pending");
    const resets = await t.ctx.database.db
      .selectFrom("password_resets")
      .select("id")
      .where("user_id", "=", String(res.body.id))
      .execute();
    expect(resets).toHaveLength(1);
    const { rows } = await t.ctx.database.pool.query(
      "SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'to' = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].data.text).toContain("/reset-password?reset_password_token=");
  });

  it("answers 409 on an e-mail already used (whatever its case)", async () => {
    const { client, user } = await signedIn(t);
    const res = await client.post<Body>("/api/users", {
      email: user.email.toUpperCase(),
      name: "Dup",
      user_type_id: USER_TYPE_IDS.user,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ email: USER_MESSAGES.emailTaken });
  });

  it("answers 400 with the field, 403 to a Manager, 404 for another account, 401 signed out", async () => {
    const admin = await signedIn(t);
    const bad = await admin.client.post<Body>("/api/users", { email: "not-an-email", name: "X", user_type_id: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("email");
    const badType = await admin.client.post<Body>("/api/users", { email: "a@b.test", name: "X", user_type_id: 99 });
    expect(badType.body.errors).toHaveProperty("user_type_id");
    const body = { email: `x-${Date.now()}@example.test`, name: "X", user_type_id: 3 };
    const manager = await signedIn(t, { type: "manager" });
    expect((await manager.client.post("/api/users", body)).status).toBe(403);
    expect((await admin.client.post("/api/users", { ...body, account_id: manager.account.id })).status).toBe(404);
    expect((await anon.post("/api/users", body)).status).toBe(401);
  });
});

describe("PATCH /api/users/{id}", () => {
  it("lets an admin change another user's details and type", async () => {
    const { client, account } = await signedIn(t);
    const target = await createUser(t.ctx.database, account.id, { type: "user" });
    const res = await client.patch<Body>(`/api/users/${target.id}`, { name: "Renamed", user_type_id: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", user_type: "Manager" });
    const put = await client.put<Body>(`/api/users/${target.id}`, {
      name: "Put",
      email: target.email,
      user_type_id: 3,
    });
    expect(put.body).toMatchObject({ name: "Put", user_type_id: 3 });
  });

  it("lets anyone change their own name and e-mail, but not their type", async () => {
    const { client, user, account } = await signedIn(t, { type: "read_only" });
    const email = `me-${account.id}@example.test`;
    const res = await client.patch<Body>(`/api/users/${user.id}`, { name: "Me", email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Me", email });
    // Credentials carry the e-mail: sign in again with the new one.
    const renamed = await clientFor(t, { ...user, email });
    const same = await renamed.patch(`/api/users/${user.id}`, { user_type_id: USER_TYPE_IDS.read_only });
    expect(same.status).toBe(200);
    const promote = await renamed.patch<Body>(`/api/users/${user.id}`, { user_type_id: USER_TYPE_IDS.admin });
    expect(promote.status).toBe(409);
    expect(promote.body.error).toBe(USER_MESSAGES.cannotChangeOwnType);
  });

  it("changes one's own password with the current one, and ends other sessions", async () => {
    const { client, user, account } = await signedIn(t, { type: "user" });
    const otherSession = await clientFor(t, user);
    const wrong = await client.patch<Body>(`/api/users/${user.id}`, {
      current_password: "wrong password",
      password: "a brand new password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: USER_MESSAGES.currentPasswordWrong });
    const missing = await client.patch<Body>(`/api/users/${user.id}`, { password: "a brand new password" });
    expect(missing.body.errors).toHaveProperty("current_password");
    const short = await client.patch<Body>(`/api/users/${user.id}`, { current_password: TEST_PASSWORD, password: "x" });
    expect(short.body.errors).toHaveProperty("password");
    const ok = await client.patch(`/api/users/${user.id}`, {
      current_password: TEST_PASSWORD,
      password: "a brand new password",
    });
    expect(ok.status).toBe(200);
    expect((await client.get("/api/auth")).status).toBe(200);
    expect((await otherSession.get("/api/auth")).status).toBe(401);
    expect((await anon.post("/api/auth", { email: user.email, password: "a brand new password" })).status).toBe(201);
    // An admin cannot set another user's password.
    const admin = await clientFor(t, await createUser(t.ctx.database, account.id, { type: "admin" }));
    const forOther = await admin.patch(`/api/users/${user.id}`, {
      current_password: "x",
      password: "another password",
    });
    expect(forOther.status).toBe(403);
  });

  it("answers 403 to a non-admin editing someone else, 409 on a taken e-mail, 404 across accounts", async () => {
    const { client, account } = await signedIn(t, { type: "manager" });
    const colleague = await createUser(t.ctx.database, account.id);
    expect((await client.patch(`/api/users/${colleague.id}`, { name: "No" })).status).toBe(403);
    const admin = await clientFor(t, await createUser(t.ctx.database, account.id, { type: "admin" }));
    const taken = await admin.patch<Body>(`/api/users/${colleague.id}`, { email: (await signedIn(t)).user.email });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toHaveProperty("email");
    const owner = await t.ctx.database.db
      .selectFrom("users")
      .select("id")
      .where("account_id", "=", account.id)
      .where("is_account_owner", "=", true)
      .executeTakeFirstOrThrow();
    const demote = await admin.patch<Body>(`/api/users/${owner.id}`, { user_type_id: USER_TYPE_IDS.read_only });
    expect(demote.status).toBe(409);
    const stranger = await signedIn(t);
    expect((await stranger.client.patch(`/api/users/${colleague.id}`, { name: "x" })).status).toBe(404);
    expect((await anon.patch(`/api/users/${colleague.id}`, { name: "x" })).status).toBe(401);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("lets an admin delete a user, never the account owner nor themselves", async () => {
    const owner = await signedIn(t);
    const admin = await createUser(t.ctx.database, owner.account.id, { type: "admin" });
    const adminClient = await clientFor(t, admin);
    const target = await createUser(t.ctx.database, owner.account.id);
    expect((await adminClient.delete(`/api/users/${target.id}`)).status).toBe(204);
    expect((await adminClient.get(`/api/users/${target.id}`)).status).toBe(404);
    const self = await adminClient.delete<Body>(`/api/users/${admin.id}`);
    expect(self.status).toBe(409);
    expect(self.body.error).toBe(USER_MESSAGES.cannotDeleteSelf);
    const ownerDelete = await adminClient.delete<Body>(`/api/users/${owner.user.id}`);
    expect(ownerDelete.status).toBe(409);
    expect(ownerDelete.body.error).toBe(USER_MESSAGES.cannotDeleteOwner);
  });

  it("answers 403 to a Manager, 404 across accounts, 401 signed out", async () => {
    const { client, account } = await signedIn(t, { type: "manager" });
    const target = await createUser(t.ctx.database, account.id);
    const res = await client.delete<Body>(`/api/users/${target.id}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(MESSAGES.forbidden);
    expect((await (await signedIn(t)).client.delete(`/api/users/${target.id}`)).status).toBe(404);
    expect((await anon.delete(`/api/users/${target.id}`)).status).toBe(401);
  });
});

describe("GET /api/user_types", () => {
  it("lists the six user types", async () => {
    const { client } = await signedIn(t, { type: "read_only" });
    const res = await client.get<{ _embedded: { user_types: Body[] } }>("/api/user_types?per_page=25");
    expect(res.status).toBe(200);
    expect(res.body._embedded.user_types.map((u) => u.name)).toEqual([
      "Admin",
      "Manager",
      "User",
      "Limited User",
      "Read Only",
      "Email Only",
    ]);
    expect((await client.get("/api/user_types?page=x")).status).toBe(400);
    expect((await anon.get("/api/user_types")).status).toBe(401);
  });
});
