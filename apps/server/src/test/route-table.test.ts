import { routeKey } from "@starboard/contract/route";
import { ROUTES } from "@starboard/contract/route-table";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../platform/routes.ts";
import { startTestApp, type TestApp } from "./harness.ts";

/** Routes of the API reference itself (rendered by a plugin, not part of the product's API). */
const REFERENCE_ROUTES = new Set(["GET /api/openapi.json", "GET /api/docs/", "GET /api/docs/js/scalar.js"]);

/**
 * Routes still registered by hand while their features move to the route table (docs/architecture.md).
 * This list only shrinks: a new route goes into the table.
 */
const NOT_YET_IN_TABLE = new Set<string>([
  "DELETE /api/alerts/:id",
  "DELETE /api/auth",
  "DELETE /api/groups/:id",
  "DELETE /api/locations/:id",
  "DELETE /api/notes/:id",
  "DELETE /api/response_templates/:id",
  "DELETE /api/responses/:id",
  "DELETE /api/review_status_labels/:id",
  "DELETE /api/review_tags",
  "DELETE /api/review_tags/:id",
  "DELETE /api/tags/:id",
  "DELETE /api/triage",
  "DELETE /api/users/:id",
  "GET /api/account_experiments",
  "GET /api/account_experiments/:id",
  "GET /api/account_settings",
  "GET /api/account_settings/:id",
  "GET /api/accounts",
  "GET /api/accounts/:id",
  "GET /api/accounts/:id/setup_progress",
  "GET /api/alert_frequencies",
  "GET /api/alert_frequencies/:id",
  "GET /api/alert_types",
  "GET /api/alert_types/:id",
  "GET /api/alerts",
  "GET /api/alerts/:id",
  "GET /api/auth",
  "GET /api/countries",
  "GET /api/countries/:id",
  "GET /api/groups",
  "GET /api/groups/:id",
  "GET /api/health",
  "GET /api/imports/:id",
  "GET /api/issues",
  "GET /api/issues/:id",
  "GET /api/locations",
  "GET /api/locations/:id",
  "GET /api/metrics/:account_id/overview",
  "GET /api/mywhitelabel",
  "GET /api/notes",
  "GET /api/notes/:id",
  "GET /api/passwords",
  "GET /api/response_templates",
  "GET /api/response_templates/:id",
  "GET /api/responses",
  "GET /api/responses/:id",
  "GET /api/review_status_labels",
  "GET /api/review_status_labels/:id",
  "GET /api/review_tags",
  "GET /api/review_tags/:id",
  "GET /api/sources",
  "GET /api/sources/:id",
  "GET /api/states",
  "GET /api/states/:id",
  "GET /api/tags",
  "GET /api/tags/:id",
  "GET /api/triage",
  "GET /api/urls",
  "GET /api/urls_check",
  "GET /api/user_types",
  "GET /api/users",
  "GET /api/users/:id",
  "GET /api/whitelabels",
  "PATCH /api/account_settings/:id",
  "PATCH /api/accounts/:id",
  "PATCH /api/alerts/:id",
  "PATCH /api/confirm",
  "PATCH /api/groups/:id",
  "PATCH /api/issues/:id",
  "PATCH /api/locations/:id",
  "PATCH /api/notes/:id",
  "PATCH /api/passwords",
  "PATCH /api/response_templates/:id",
  "PATCH /api/review_status_labels/:id",
  "PATCH /api/tags/:id",
  "PATCH /api/triage",
  "PATCH /api/users/:id",
  "POST /api/alerts",
  "POST /api/auth",
  "POST /api/auth/sso",
  "POST /api/confirm",
  "POST /api/groups",
  "POST /api/locations",
  "POST /api/locations/:id/sync",
  "POST /api/notes",
  "POST /api/passwords",
  "POST /api/response_templates",
  "POST /api/response_templates/:id/render",
  "POST /api/responses",
  "POST /api/review_status_labels",
  "POST /api/review_tags",
  "POST /api/reviews/import",
  "POST /api/shadow_user/tokens",
  "POST /api/signup/user",
  "POST /api/sso_tokens",
  "POST /api/tags",
  "POST /api/triage",
  "POST /api/unsubscribe/:kind/:token",
  "POST /api/users",
  "POST /api/webhooks/notify",
  "PUT /api/account_settings/:id",
  "PUT /api/alerts/:id",
  "PUT /api/groups/:id",
  "PUT /api/issues/:id",
  "PUT /api/locations/:id",
  "PUT /api/notes/:id",
  "PUT /api/response_templates/:id",
  "PUT /api/review_status_labels/:id",
  "PUT /api/tags/:id",
  "PUT /api/triage",
  "PUT /api/users/:id",
]);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

describe("the route table", () => {
  it("names each route once", () => {
    const keys = ROUTES.map(routeKey);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("is what the server registers: every route of the table, each from its definition, and no other API route", () => {
    const registered = registeredRoutes(t.app).filter((r) => r.url.startsWith("/api"));
    const fromTable = registered.filter((r) => r.config.route).map((r) => `${r.method} ${r.url}`);
    expect(fromTable.sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const r of registered.filter((x) => x.config.route))
      expect(routeKey(r.config.route!)).toBe(`${r.method} ${r.url}`);
    const byHand = registered
      .filter((r) => !r.config.route)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !REFERENCE_ROUTES.has(key) && !NOT_YET_IN_TABLE.has(key));
    expect(byHand).toEqual([]);
  });

  it("gives every route a response schema for its success status", () => {
    for (const r of registeredRoutes(t.app).filter((x) => x.config.route)) {
      const status = r.config.route!.status ?? 200;
      const response = (r.schema?.response ?? {}) as Record<string, unknown>;
      expect(response[String(status)], `${r.method} ${r.url}`).toBeDefined();
    }
  });
});
