import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlert, createLocation, createReview, createUser, signedIn, sourceId } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { sendDigests, sendInstantAlerts } from "./delivery.ts";
import { ALERTS_DIGEST_JOB, ALERTS_INSTANT_JOB } from "./jobs.ts";

interface Received {
  to: string;
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "http://starboard.test" } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Messages to an address, waiting until `count` arrived (or a few seconds passed). */
async function mailTo(address: string, count = 1, waitMs = 15_000) {
  const deadline = Date.now() + waitMs;
  while (inbox.filter((m) => m.to === address).length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
  return inbox.filter((m) => m.to === address);
}

/** Decodes a quoted-printable MIME body enough to read links and text. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

describe("alert types, frequencies and subscriptions", () => {
  it("lists the alert types and frequencies", async () => {
    const { client } = await signedIn(t);
    const types = await client.get<{ _embedded: { alert_types: { id: number; code: string }[] } }>("/api/alert_types");
    expect(types.status).toBe(200);
    expect(types.body._embedded.alert_types.map((a) => a.code)).toEqual([
      "new_review",
      "negative_review",
      "response_failed",
    ]);
    const frequencies = await client.get<{ _embedded: { alert_frequencies: { code: string }[] } }>(
      "/api/alert_frequencies",
    );
    expect(frequencies.body._embedded.alert_frequencies.map((a) => a.code)).toEqual(["instant", "daily", "weekly"]);
    expect((await client.get("/api/alert_types/2")).body).toMatchObject({ code: "negative_review" });
    expect((await client.get("/api/alert_types/99")).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/api/alert_types")).status).toBe(401);
  });

  it("creates, lists, updates and deletes the signed-in user's own alerts", async () => {
    const { client, account, user } = await signedIn(t, { type: "read_only" });
    const location = await createLocation(t.ctx.database, account.id);
    const created = await client.post<{ id: string; filters: unknown; enabled: boolean; user_id: string }>(
      "/api/alerts",
      {
        alert_type_id: 2,
        alert_frequency_id: 1,
        filters: { location_ids: [location.id], ratings: [1, 2] },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      enabled: true,
      user_id: user.id,
      filters: { location_ids: [location.id], ratings: [1, 2], source_ids: [] },
    });

    const colleague = await createUser(t.ctx.database, account.id);
    const theirs = await createAlert(t.ctx.database, colleague);
    const list = await client.get<{ _embedded: { alerts: { id: string }[] }; _total: number }>("/api/alerts");
    expect(list.body._embedded.alerts.map((a) => a.id)).toEqual([created.body.id]);
    expect((await client.get(`/api/alerts/${theirs.id}`)).status).toBe(404);
    expect((await client.patch(`/api/alerts/${theirs.id}`, { enabled: false })).status).toBe(404);

    const patched = await client.patch<{ enabled: boolean; alert_frequency_id: number }>(
      `/api/alerts/${created.body.id}`,
      {
        enabled: false,
        alert_frequency_id: 2,
      },
    );
    expect(patched.body).toMatchObject({ enabled: false, alert_frequency_id: 2 });

    const unknownType = await client.post<{ errors: Record<string, string> }>("/api/alerts", {
      alert_type_id: 9,
      alert_frequency_id: 1,
    });
    expect(unknownType.status).toBe(400);
    expect(Object.keys(unknownType.body.errors)).toEqual(["alert_type_id"]);
    const other = await signedIn(t);
    const foreign = await other.client.post("/api/alerts", {
      alert_type_id: 1,
      alert_frequency_id: 1,
      filters: { location_ids: [location.id] },
    });
    expect(foreign.status).toBe(400);
    expect((await other.client.get(`/api/alerts/${created.body.id}`)).status).toBe(404);

    expect((await client.delete(`/api/alerts/${created.body.id}`)).status).toBe(204);
    expect((await client.get(`/api/alerts/${created.body.id}`)).status).toBe(404);
  });
});

describe("alert e-mails", () => {
  it("sends an instant alert once per review, with an unsubscribe link that disables the alert", async () => {
    const { account, user, client } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id, { name: "Copper Kettle Austin" });
    const alert = await createAlert(t.ctx.database, user, { typeId: 2, frequencyId: 1 });
    const good = await createReview(t.ctx.database, { accountId: account.id, locationId: location.id, rating: 5 });
    const bad = await createReview(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      rating: 1,
      content: "Cold soup & a long wait.",
    });
    await t.ctx.jobs.send(ALERTS_INSTANT_JOB, { reviewIds: [good.id, bad.id] });
    const [mail] = await mailTo(user.email);
    expect(mail).toBeDefined();
    const text = decoded(mail!.raw);
    expect(text).toMatch(/Subject: .*New_negative_review/);
    expect(text).toContain("New negative review (1");
    expect(text).toContain("Copper Kettle Austin");
    expect(text).toContain(`http://starboard.test/reviews/${bad.id}`);

    // The same job again sends nothing more.
    await sendInstantAlerts(t.ctx, [good.id, bad.id]);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await mailTo(user.email, 2, 0)).toHaveLength(1);

    const token = /http:\/\/starboard\.test\/unsubscribe\/alerts\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const unsubscribed = await new Client(t.baseUrl).post(`/api/unsubscribe/alerts/${token}`);
    expect(unsubscribed.status).toBe(200);
    const after = await client.get<{ enabled: boolean }>(`/api/alerts/${alert.id}`);
    expect(after.body.enabled).toBe(false);
    const third = await createReview(t.ctx.database, { accountId: account.id, locationId: location.id, rating: 1 });
    expect(await sendInstantAlerts(t.ctx, [third.id])).toBe(0);

    // Switching it on again outweighs the earlier unsubscribe.
    const on = await client.patch<{ enabled: boolean }>(`/api/alerts/${alert.id}`, { enabled: true });
    expect(on.body.enabled).toBe(true);
    expect(await sendInstantAlerts(t.ctx, [third.id])).toBe(1);
  });

  it("sends a daily digest of reviews first seen that day, including one published late with an old date", async () => {
    const { account, user } = await signedIn(t);
    const location = await createLocation(t.ctx.database, account.id);
    const yelp = await sourceId(t.ctx.database, "yelp");
    await createAlert(t.ctx.database, user, { typeId: 1, frequencyId: 2, filters: { source_ids: [yelp] } });
    const slot = new Date("2031-05-02T13:00:00Z");
    const late = await createReview(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      source: "yelp",
      content: "Published late by the source.",
      publishedAt: "2030-11-01T10:00:00Z",
      firstSeenAt: "2031-05-02T08:00:00Z",
    });
    await createReview(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      source: "google",
      firstSeenAt: "2031-05-02T09:00:00Z",
    });
    await createReview(t.ctx.database, {
      accountId: account.id,
      locationId: location.id,
      source: "yelp",
      content: "Seen the day before.",
      firstSeenAt: "2031-05-01T09:00:00Z",
    });
    await t.ctx.jobs.send(ALERTS_DIGEST_JOB, { period: "daily", scheduled_for: slot.toISOString() });
    const [mail] = await mailTo(user.email);
    const text = decoded(mail!.raw);
    expect(text).toContain("Daily review digest: 1 new review");
    expect(text).toContain(`/reviews/${late.id}`);
    expect(text).not.toContain("Seen the day before.");
    expect(text).toMatch(/unsubscribe\/alerts\//);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await sendDigests(t.ctx, "daily", slot)).toBe(0);
  });
});
