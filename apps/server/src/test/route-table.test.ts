import { routeKey } from "@starboard/contract/route";
import { ROUTES } from "@starboard/contract/route-table";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../platform/routes.ts";
import { startTestApp, type TestApp } from "./harness.ts";

/** Routes of the API reference itself (rendered by a plugin, not part of the product's API). */
const REFERENCE_ROUTES = new Set(["GET /api/openapi.json", "GET /api/docs/", "GET /api/docs/js/scalar.js"]);

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
      .filter((key) => !REFERENCE_ROUTES.has(key));
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
