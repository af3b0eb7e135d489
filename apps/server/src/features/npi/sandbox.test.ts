import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

// Without NPI_API_BASE, the app composed with the demo runs its NPPES sandbox, and the demo's (sandbox) accounts look
// numbers up there — as the demo and the end-to-end server do.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false, env: { NPI_API_BASE: "" } });
});
afterAll(async () => t?.close());

describe("the demo's NPI sandbox", () => {
  it("answers a demo healthcare account's lookups by number and by name", async () => {
    const { client, account } = await signedIn(t, { vertical: "healthcare" });
    await t.ctx.database.db.insertInto("sandbox_accounts").values({ account_id: account.id }).execute();
    const byNumber = await client.get<{ results: { number: string; last_name: string }[] }>("/api/npi/1987654328");
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.results[0]).toMatchObject({ number: "1987654328", last_name: "CHEN" });
    const byName = await client.get<{ results: { number: string }[] }>("/api/npi?first_name=Michael&last_name=Patel");
    expect(byName.body.results.map((r) => r.number)).toEqual(["1456789019"]);
    const several = await client.get("/api/npi?first_name=David&last_name=Miller");
    expect(several.status).toBe(400);
  });
});
