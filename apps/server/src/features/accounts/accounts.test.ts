import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createAccount,
  createExperiment,
  createLocation,
  createUser,
  createWhitelabel,
  settingOf,
  signedIn,
} from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { errors?: Record<string, string> };
type Page<K extends string> = { _embedded: Record<K, Body[]>; _total: number };

describe("GET /api/accounts/{id}", () => {
  it("answers the own account with its location count", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    await createLocation(t.ctx.database, account.id);
    const res = await client.get<Body>(`/api/accounts/${account.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: account.id, total_locations: 1, parent_id: null, is_parent: false });
  });

  it("answers a child account to its parent, and 404 for any other account", async () => {
    const parent = await signedIn(t);
    const child = await createAccount(t.ctx.database, { parent_id: parent.account.id });
    const other = await createAccount(t.ctx.database);
    expect((await parent.client.get(`/api/accounts/${child.id}`)).body).toMatchObject({ parent_id: parent.account.id });
    expect((await parent.client.get(`/api/accounts/${other.id}`)).status).toBe(404);
    expect((await parent.client.get("/api/accounts/not-a-uuid")).status).toBe(404);
    const childUser = await clientFor(t, await createUser(t.ctx.database, child.id));
    expect((await childUser.get(`/api/accounts/${parent.account.id}`)).status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const account = await createAccount(t.ctx.database);
    expect((await anon.get(`/api/accounts/${account.id}`)).status).toBe(401);
  });
});

describe("GET /api/accounts", () => {
  it("lists the children of the signed-in parent as a HAL page, with keyword search", async () => {
    const parent = await signedIn(t);
    await createAccount(t.ctx.database, { parent_id: parent.account.id, name: "Zebra Clinic" });
    await createAccount(t.ctx.database, { parent_id: parent.account.id, name: "Apple Diner" });
    const res = await parent.client.get<Page<"accounts">>(`/api/accounts?parent_id=${parent.account.id}`);
    expect(res.status).toBe(200);
    expect(res.body._embedded.accounts.map((a) => a.name)).toEqual(["Apple Diner", "Zebra Clinic"]);
    const search = await parent.client.get<Page<"accounts">>("/api/accounts?keywords=zeb");
    expect(search.body._embedded.accounts.map((a) => a.name)).toEqual(["Zebra Clinic"]);
  });

  it("answers 404 for another account's children and 400 for a bad page", async () => {
    const { client } = await signedIn(t);
    const other = await createAccount(t.ctx.database);
    expect((await client.get(`/api/accounts?parent_id=${other.id}`)).status).toBe(404);
    const bad = await client.get<Body>("/api/accounts?page=0");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("page");
  });

  it("answers 403 to an Email Only user and 401 without a session", async () => {
    const { client } = await signedIn(t, { type: "email_only" });
    expect((await client.get("/api/accounts")).status).toBe(403);
    expect((await anon.get("/api/accounts")).status).toBe(401);
  });
});

describe("PATCH /api/accounts/{id}", () => {
  it("changes the name and time zone (also as POST with the override header)", async () => {
    const { client, account } = await signedIn(t);
    const res = await client.patch<Body>(`/api/accounts/${account.id}`, { name: "Renamed", time_zone: "Europe/Paris" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", time_zone: "Europe/Paris" });
    const viaPost = await client.request<Body>(
      "POST",
      `/api/accounts/${account.id}`,
      { name: "Again" },
      { "X-HTTP-Method-Override": "PATCH" },
    );
    expect(viaPost.body).toMatchObject({ name: "Again" });
  });

  it("answers 400 on a bad time zone or an empty name", async () => {
    const { client, account } = await signedIn(t);
    const tz = await client.patch<Body>(`/api/accounts/${account.id}`, { time_zone: "Mars/Olympus" });
    expect(tz.status).toBe(400);
    expect(tz.body.errors).toHaveProperty("time_zone");
    const name = await client.patch<Body>(`/api/accounts/${account.id}`, { name: " " });
    expect(name.body.errors).toHaveProperty("name");
  });

  it("answers 403 to a Manager, 404 for another account, 401 without a session", async () => {
    const manager = await signedIn(t, { type: "manager" });
    expect((await manager.client.patch(`/api/accounts/${manager.account.id}`, { name: "x" })).status).toBe(403);
    const admin = await signedIn(t);
    expect((await admin.client.patch(`/api/accounts/${manager.account.id}`, { name: "x" })).status).toBe(404);
    expect((await anon.patch(`/api/accounts/${manager.account.id}`, { name: "x" })).status).toBe(401);
  });
});

describe("GET /api/accounts/{id}/setup_progress", () => {
  it("computes the checklist from what exists; stage 1 before any review", async () => {
    const { client, account } = await signedIn(t);
    const res = await client.get<Body>(`/api/accounts/${account.id}/setup_progress`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stage: 1,
      ask_campaigns_exist: false,
      facebook_integration_exists: false,
      multiple_users_in_account_exists: false,
      responses_exist: false,
      google_url_scanned: false,
    });
    await createUser(t.ctx.database, account.id);
    const after = await client.get<Body>(`/api/accounts/${account.id}/setup_progress`);
    expect(after.body.multiple_users_in_account_exists).toBe(true);
  });

  it("answers 404 for another account, 403 to Email Only, 401 without a session", async () => {
    const { client } = await signedIn(t);
    const other = await createAccount(t.ctx.database);
    expect((await client.get(`/api/accounts/${other.id}/setup_progress`)).status).toBe(404);
    const emailOnly = await signedIn(t, { type: "email_only" });
    expect((await emailOnly.client.get(`/api/accounts/${emailOnly.account.id}/setup_progress`)).status).toBe(403);
    expect((await anon.get(`/api/accounts/${other.id}/setup_progress`)).status).toBe(401);
  });
});

describe("account settings", () => {
  it("lists code/value pairs as stored strings, up to 250 a page, to every user", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    const res = await client.get<Page<"account_settings">>(
      `/api/account_settings?account_id=${account.id}&per_page=250`,
    );
    expect(res.status).toBe(200);
    const insights = res.body._embedded.account_settings.find((s) => s.code === "insights");
    expect(insights).toEqual({ id: expect.any(String), code: "insights", value: "true" });
  });

  it("lets an admin change a value (booleans stored as strings)", async () => {
    const { client, account } = await signedIn(t);
    const setting = await settingOf(t.ctx.database, account.id, "media");
    const res = await client.patch<Body>(`/api/account_settings/${setting.id}`, { value: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: setting.id, code: "media", value: "false" });
    const session = await client.get<{ settings: Record<string, unknown> }>("/api/auth");
    expect(session.body.settings.media).toBe(false);
  });

  it("answers 400, 403, 404 and 401 where due", async () => {
    const admin = await signedIn(t);
    const setting = await settingOf(t.ctx.database, admin.account.id, "media");
    const bad = await admin.client.patch<Body>(`/api/account_settings/${setting.id}`, { value: { nested: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("value");
    const manager = await clientFor(t, await createUser(t.ctx.database, admin.account.id, { type: "manager" }));
    expect((await manager.patch(`/api/account_settings/${setting.id}`, { value: "true" })).status).toBe(403);
    const other = await signedIn(t);
    expect((await other.client.patch(`/api/account_settings/${setting.id}`, { value: "true" })).status).toBe(404);
    expect((await other.client.get(`/api/account_settings?account_id=${admin.account.id}`)).status).toBe(404);
    expect((await anon.get("/api/account_settings")).status).toBe(401);
  });
});

describe("GET /api/account_experiments", () => {
  it("lists the account's experiments; 404 for another account; 401 without a session", async () => {
    const { client, account } = await signedIn(t);
    await createExperiment(t.ctx.database, account.id, "new-dashboard");
    const res = await client.get<Page<"account_experiments">>("/api/account_experiments");
    expect(res.status).toBe(200);
    expect(res.body._embedded.account_experiments).toMatchObject([{ name: "new-dashboard", variant: "treatment" }]);
    const other = await createAccount(t.ctx.database);
    expect((await client.get(`/api/account_experiments?account_id=${other.id}`)).status).toBe(404);
    expect((await client.get("/api/account_experiments?per_page=0")).status).toBe(400);
    expect((await anon.get("/api/account_experiments")).status).toBe(401);
    const emailOnly = await signedIn(t, { type: "email_only" });
    expect((await emailOnly.client.get("/api/account_experiments")).status).toBe(403);
  });
});

describe("whitelabels", () => {
  it("GET /api/mywhitelabel answers the account's whitelabel, or 404 when it has none", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    expect((await client.get("/api/mywhitelabel")).status).toBe(404);
    const wl = await createWhitelabel(t.ctx.database);
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ whitelabel_id: wl.id })
      .where("id", "=", account.id)
      .execute();
    const res = await client.get<Body>("/api/mywhitelabel");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: wl.id, navigation_background_color: "#112233" });
    const other = await createAccount(t.ctx.database);
    expect((await client.get(`/api/mywhitelabel?account_id=${other.id}`)).status).toBe(404);
    expect((await anon.get("/api/mywhitelabel")).status).toBe(401);
  });

  it("GET /api/whitelabels?custom_domain= answers presentation fields only, signed out", async () => {
    const wl = await createWhitelabel(t.ctx.database, { custom_domain: "reviews.acme.example.test" });
    const res = await anon.get<Page<"whitelabels">>("/api/whitelabels?custom_domain=Reviews.Acme.example.test");
    expect(res.status).toBe(200);
    expect(res.body._embedded.whitelabels).toEqual([
      {
        name: wl.name,
        logo_left: wl.logo_left,
        navigation_background_color: "#112233",
        main_text_color: "#ffffff",
        active_text_color: "#ffcc00",
        background_hover_color: "#223344",
        hover_text_color: "#eeeeee",
      },
    ]);
    const none = await anon.get<Page<"whitelabels">>("/api/whitelabels?custom_domain=unknown.example.test");
    expect(none.body._embedded.whitelabels).toEqual([]);
    const missing = await anon.get<Body>("/api/whitelabels");
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("custom_domain");
  });
});
