import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

type Triage = { method: string; method_override: string | null; headers: Record<string, string> } & Record<
  string,
  unknown
>;

describe("/api/triage", () => {
  it("answers the diagnostics for every method, signed out, without credentials or cookies", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const res = await anon.request<Triage>(method, "/api/triage?nonce=1", undefined, {
        "User-Agent": "triage-test",
        Authorization: "Basic c2VjcmV0OnNlY3JldA==",
        Cookie: "session=secret",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ method, user_agent: "triage-test", protocol: "http" });
      expect(res.body.request_id).toBe(res.headers.get("x-request-id"));
      expect(typeof res.body.ip).toBe("string");
      expect(Number.isNaN(Date.parse(String(res.body.server_time)))).toBe(false);
      expect(res.body.headers).not.toHaveProperty("authorization");
      expect(res.body.headers).not.toHaveProperty("cookie");
      expect(JSON.stringify(res.body)).not.toContain("secret");
    }
  });

  it("honours the method override", async () => {
    const res = await anon.request<Triage>("POST", "/api/triage", {}, { "X-HTTP-Method-Override": "PATCH" });
    expect(res.body).toMatchObject({ method: "PATCH", method_override: "PATCH" });
  });

  it("answers 400 on a body that is not JSON", async () => {
    const res = await anon.request("POST", "/api/triage", "{nope", { "Content-Type": "application/json" });
    expect(res.status).toBe(400);
  });
});
