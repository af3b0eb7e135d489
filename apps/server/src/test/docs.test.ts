import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

describe("API reference", () => {
  it("serves the OpenAPI document and a readable page, signed out", async () => {
    const anon = new Client(t.baseUrl);
    const spec = await anon.get<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths)).toEqual(expect.arrayContaining(["/api/users/{id}", "/api/groups"]));
    const page = await fetch(`${t.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("/api/openapi.json");
    // Its own policy, for the inline script that starts it; the app's other headers as every answer has them.
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(
      csp
        .split(";")
        .find((d) => d.trim().startsWith("script-src"))
        ?.trim(),
    ).toBe("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
