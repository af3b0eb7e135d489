import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatOpenApi, OPENAPI_FILE } from "../cli/openapi.ts";
import { Client, startTestApp, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

describe("the committed OpenAPI document", () => {
  it("equals the one the server serves (run `npm run openapi` after changing the API)", async () => {
    const served = await new Client(t.baseUrl).get("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(fs.readFileSync(OPENAPI_FILE, "utf8")).toBe(formatOpenApi(served.body));
  });

  it("describes the request and the response body of the table's routes", async () => {
    const served = await new Client(t.baseUrl).get<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
      "/api/openapi.json",
    );
    const list = served.body.paths["/api/reviews"]?.get;
    expect(list?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(["published_after", "per_page"]));
    expect(list?.responses?.["200"]?.content?.["application/json"]?.schema).toBeDefined();
    const update = served.body.paths["/api/reviews/{id}"]?.patch;
    expect(update?.requestBody?.content?.["application/json"]?.schema).toBeDefined();
  });
});

interface OpenApiOperation {
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
