import { UNSUBSCRIBED_MESSAGE } from "@starboard/contract/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { isUnsubscribed, unsubscribeLink } from "./service.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

describe("POST /api/unsubscribe/{kind}/{token}", () => {
  it("marks the address unsubscribed from a link made for an e-mail, signed out", async () => {
    const account = await createAccount(t.ctx.database);
    const target = { kind: "alerts" as const, accountId: account.id, email: "Reader@Example.test" };
    const link = await unsubscribeLink(t.ctx, target);
    expect(link).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/unsubscribe/alerts/[A-Za-z0-9_-]{40,}$`));
    const path = new URL(link).pathname;
    expect(await isUnsubscribed(t.ctx, { ...target, email: "reader@example.test" })).toBe(false);
    const res = await anon.post(`/api${path}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: UNSUBSCRIBED_MESSAGE });
    expect(await isUnsubscribed(t.ctx, { ...target, email: "reader@example.test" })).toBe(true);
    expect((await anon.post(`/api${path}`)).status).toBe(200);
    const rows = await t.ctx.database.db.selectFrom("email_unsubscribes").select("token_hash").execute();
    expect(rows.some((r) => path.endsWith(r.token_hash))).toBe(false);
  });

  it("answers 404 for an unknown token or the wrong kind, 400 for an unknown kind", async () => {
    const account = await createAccount(t.ctx.database);
    const link = await unsubscribeLink(t.ctx, { kind: "requests", accountId: account.id, email: "a@example.test" });
    const token = link.split("/").pop();
    expect((await anon.post("/api/unsubscribe/requests/unknown-token")).status).toBe(404);
    expect((await anon.post(`/api/unsubscribe/alerts/${token}`)).status).toBe(404);
    const bad = await anon.post<{ errors: Record<string, string> }>(`/api/unsubscribe/newsletters/${token}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("kind");
  });
});
