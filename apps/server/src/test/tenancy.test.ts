import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RouteEntry, registeredRoutes } from "../platform/routes.ts";
import { createAccount, createAccountWithRecords, signedIn } from "./factories.ts";
import { type Client, startTestApp, type TestApp } from "./harness.ts";

/**
 * The tenancy walk: every registered route, called by an Admin of another account
 * with account A's ids (and account_id=A), answers 404. A new route must either
 * take part (its `:id` declares `config.idResource`, filled from A's records), be
 * signed out (`config.auth: false`, listed below), or serve shared reference data
 * (`config.shared`).
 */

/** Routes that answer without a session. Adding one is a decision: list it here. */
const PUBLIC_ROUTES = [
  "DELETE /api/triage",
  "GET /api/docs/",
  "GET /api/docs/js/scalar.js",
  "GET /api/health",
  "GET /api/openapi.json",
  "GET /api/passwords",
  "GET /api/triage",
  "GET /api/whitelabels",
  "PATCH /api/confirm",
  "PATCH /api/passwords",
  "PATCH /api/triage",
  "POST /api/auth",
  "POST /api/auth/sso",
  "POST /api/confirm",
  "POST /api/passwords",
  "POST /api/signup/user",
  "POST /api/triage",
  "POST /api/unsubscribe/:kind/:token",
  "POST /api/webhooks/email-bounces",
  "POST /api/webhooks/twilio/incoming",
  "POST /api/webhooks/twilio/status",
  "PUT /api/triage",
];

/** Routes about the caller's own session: they name no account and no record. */
const SESSION_ROUTES = new Set(["GET /api/auth", "DELETE /api/auth", "POST /api/sso_tokens"]);

/** Path parameters other than `:id`, and how to fill them with account A's values. */
const PARAMS: Record<string, (a: Fixture) => string> = {
  accountId: (a) => a.account.id,
  account_id: (a) => a.account.id,
};

/** Bodies that pass validation, so that the call reaches the tenancy gate (account_id=A is added). */
const BODIES: Record<string, (a: Fixture) => Record<string, unknown>> = {
  "POST /api/users": () => ({ email: `walk-${randomUUID()}@example.test`, name: "Walker", user_type_id: 3 }),
  "PATCH /api/users/:id": () => ({ name: "Walker" }),
  "PUT /api/users/:id": () => ({ email: `walk-${randomUUID()}@example.test`, name: "Walker", user_type_id: 3 }),
  "POST /api/groups": () => ({ name: "Walker" }),
  "PUT /api/groups/:id": () => ({ name: "Walker" }),
  "POST /api/locations": () => ({ name: "Walker" }),
  "PUT /api/locations/:id": () => ({ name: "Walker" }),
  "PATCH /api/account_settings/:id": () => ({ value: "false" }),
  "PUT /api/account_settings/:id": () => ({ value: "false" }),
  "PATCH /api/accounts/:id": () => ({ name: "Walker" }),
  "POST /api/webhooks/notify": () => ({ event: "internal" }),
  "POST /api/shadow_user/tokens": (a) => ({ child_account_id: a.account.id }),
  "POST /api/tags": () => ({ name: "walker" }),
  "POST /api/review_status_labels": () => ({ name: "Walker" }),
  "POST /api/response_templates": () => ({ name: "Walker", content: "Thanks" }),
  "POST /api/notes": (a) => ({ review_id: a.ids.reviews, content: "Walker" }),
  "POST /api/review_tags": (a) => ({ review_id: a.ids.reviews, name: "walker" }),
  "POST /api/responses": (a) => ({ review_id: a.ids.reviews, content: "Walker" }),
  "POST /api/alerts": () => ({ alert_type_id: 1, alert_frequency_id: 1 }),
  "PUT /api/alerts/:id": () => ({ alert_type_id: 1, alert_frequency_id: 1 }),
  "PUT /api/issues/:id": () => ({ muted: true }),
  "PUT /api/notes/:id": () => ({ content: "Walker" }),
  "PUT /api/response_templates/:id": () => ({ name: "Walker", content: "Thanks" }),
  "POST /api/response_templates/:id/render": (a) => ({ review_id: a.ids.reviews }),
  "PUT /api/review_status_labels/:id": () => ({ name: "Walker" }),
  "PUT /api/tags/:id": () => ({ name: "walker" }),
  "PATCH /api/reviews/:id": (a) => ({ status_label_id: a.ids.review_status_labels }),
  "POST /api/reviews/import": () => ({ reviews: [] }),
};

/** Query parameters a route requires (besides account_id=A), filled with A's ids. */
const QUERIES: Record<string, (a: Fixture) => Record<string, string>> = {
  "GET /api/responses": (a) => ({ review_id: a.ids.reviews! }),
  "GET /api/urls_check": (a) => ({ location_id: a.location.id }),
  "DELETE /api/review_tags": (a) => ({ review_id: a.ids.reviews!, name: "walker" }),
};

type Fixture = Awaited<ReturnType<typeof createAccountWithRecords>>;

let t: TestApp;
let routes: RouteEntry[];
let a: Fixture;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  routes = registeredRoutes(t.app).filter((r) => r.url.startsWith("/api"));
  a = await createAccountWithRecords(t);
});
afterAll(async () => t?.close());

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
const walked = () => routes.filter((r) => r.config.auth !== false && !r.config.shared && !SESSION_ROUTES.has(keyOf(r)));

/** The call a route gets in the walk, or why the walker cannot make it. */
function callFor(r: RouteEntry): { path: string; body?: Record<string, unknown> } | { problem: string } {
  let path = r.url;
  for (const name of paramsOf(r.url)) {
    let value: string | undefined;
    if (name === "id") {
      const resource = r.config.idResource;
      if (!resource) return { problem: `${keyOf(r)} takes :id but declares no config.idResource` };
      value = a.ids[resource];
      if (!value) return { problem: `${keyOf(r)}: no record of "${resource}" (add one to createAccountWithRecords)` };
    } else {
      const fill = PARAMS[name];
      if (!fill) return { problem: `${keyOf(r)}: the walker cannot fill :${name} (add it to PARAMS)` };
      value = fill(a);
    }
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  path += `?${new URLSearchParams({ ...(QUERIES[keyOf(r)]?.(a) ?? {}), account_id: a.account.id })}`;
  if (r.method === "GET" || r.method === "DELETE") return { path };
  return { path, body: { ...(BODIES[keyOf(r)]?.(a) ?? {}), account_id: a.account.id } };
}

async function walk(client: Client) {
  const failures: string[] = [];
  for (const r of walked()) {
    const call = callFor(r);
    if ("problem" in call) {
      failures.push(call.problem);
      continue;
    }
    const res = await client.request(r.method, call.path, call.body);
    if (res.status === 400) failures.push(`${keyOf(r)}: 400 ${JSON.stringify(res.body)} (add a valid body to BODIES)`);
    else if (res.status !== 404) failures.push(`${keyOf(r)}: ${res.status} instead of 404`);
  }
  return failures;
}

describe("tenancy walk", () => {
  it("finds the routes and lists exactly the public ones", () => {
    expect(walked().length).toBeGreaterThan(20);
    const publicRoutes = routes
      .filter((r) => r.config.auth === false)
      .map(keyOf)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("gives every route with an :id a resource the walker can fill", () => {
    const problems = walked()
      .map(callFor)
      .flatMap((c) => ("problem" in c ? [c.problem] : []));
    expect(problems).toEqual([]);
  });

  it("answers 404 to an Admin of another account on every route", async () => {
    const b = await signedIn(t);
    expect(await walk(b.client)).toEqual([]);
  });

  it("answers 404 to an Admin of another parent account on every route", async () => {
    const parent = await signedIn(t);
    await createAccount(t.ctx.database, { parent_id: parent.account.id });
    expect(await walk(parent.client)).toEqual([]);
  });

  it("leaves account A's records as they were", async () => {
    const db = t.ctx.database.db;
    const account = await db
      .selectFrom("accounts")
      .selectAll()
      .where("id", "=", a.account.id)
      .executeTakeFirstOrThrow();
    expect(account.name).toBe(a.account.name);
    for (const [table, id] of Object.entries(a.ids)) {
      const row = await db
        .selectFrom(table as "groups")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      expect(row, `${table} ${id}`).toBeDefined();
    }
    const setting = await db
      .selectFrom("account_settings")
      .selectAll()
      .where("id", "=", a.ids.account_settings!)
      .executeTakeFirstOrThrow();
    expect(setting.value).toBe("true");
  });
});
