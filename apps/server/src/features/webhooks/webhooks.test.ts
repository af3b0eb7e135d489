import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

describe("POST /api/webhooks/notify", () => {
  it("records an internal event and answers 202", async () => {
    const { client, user, account } = await signedIn(t, { type: "read_only" });
    const res = await client.post<{ id: string; recorded: boolean }>("/api/webhooks/notify", {
      event: "internal",
      user_id: user.id,
      notification_type: "feature_used",
      feature_name: "saved_filters",
      auth_token: "ignored",
    });
    expect(res.status).toBe(202);
    expect(res.body.recorded).toBe(true);
    const row = await t.ctx.database.db
      .selectFrom("webhook_events")
      .selectAll()
      .where("id", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: account.id,
      user_id: user.id,
      event: "internal",
      feature_name: "saved_filters",
    });
    expect(JSON.stringify(row.payload)).not.toContain("ignored");
  });

  it("answers 400 without an event, 404 for another account's user, 401 signed out", async () => {
    const { client } = await signedIn(t, { type: "email_only" });
    const bad = await client.post<{ errors: Record<string, string> }>("/api/webhooks/notify", { user_id: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("event");
    const stranger = await createUser(t.ctx.database, (await createAccount(t.ctx.database)).id);
    const foreign = await client.post("/api/webhooks/notify", { event: "internal", user_id: stranger.id });
    expect(foreign.status).toBe(404);
    expect((await new Client(t.baseUrl).post("/api/webhooks/notify", { event: "internal" })).status).toBe(401);
  });
});
