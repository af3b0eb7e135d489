import { SPECIAL_HOURS_MESSAGES } from "@starboard/contract/location-details";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { error?: string; errors?: Record<string, string> };
type Entry = { id: string; start_date: string; location_id: string; closed: boolean; hours: unknown[] };
type Page = { _embedded: { special_hours: Entry[] }; _total: number; per_page: number };

/** YYYY-MM-DD, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("special (holiday) hours", () => {
  it("adds, lists from today by date, changes and deletes a location's holiday dates", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const past = await client.post<Entry>("/api/special_hours", {
      location_id: loc.id,
      start_date: day(-3),
      closed: true,
    });
    expect(past.status).toBe(201);
    const late = await client.post<Entry>("/api/special_hours", {
      account_id: account.id,
      location_id: loc.id,
      start_date: day(40),
      closed: false,
      is_24_hours: false,
      hours: [
        { open_time: "13:00", close_time: "17:00" },
        { open_time: "08:00", close_time: "12:00" },
      ],
    });
    expect(late.body).toMatchObject({
      start_date: day(40),
      closed: false,
      hours: [
        { open_time: "08:00", close_time: "12:00" },
        { open_time: "13:00", close_time: "17:00" },
      ],
    });
    const soon = await client.post<Entry>("/api/special_hours", {
      location_id: loc.id,
      start_date: day(10),
      is_24_hours: true,
    });
    expect(soon.body).toMatchObject({ is_24_hours: true, hours: [] });
    const list = await client.get<Page>(
      `/api/special_hours?account_id=${account.id}&location_id=${loc.id}&start_date=${day(0)}&sort[by]=start_date&sort[order]=asc`,
    );
    expect(list.body.per_page).toBe(250);
    expect(list.body._embedded.special_hours.map((e) => e.start_date)).toEqual([day(10), day(40)]);
    const moved = await client.patch<Entry>(`/api/special_hours/${soon.body.id}`, {
      start_date: day(11),
      closed: true,
    });
    expect(moved.body).toMatchObject({ start_date: day(11), closed: true, is_24_hours: false });
    expect((await client.delete(`/api/special_hours/${late.body.id}?account_id=${account.id}`)).status).toBe(204);
    const after = await client.get<Page>(`/api/special_hours?location_id=${loc.id}`);
    expect(after.body._embedded.special_hours.map((e) => e.start_date)).toEqual([day(-3), day(11)]);
  });

  it("answers the holiday-date rules with the spec's messages", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const post = (body: Record<string, unknown>) =>
      client.post<Body>("/api/special_hours", { location_id: loc.id, ...body });
    expect((await post({ closed: true })).body.errors).toEqual({ start_date: SPECIAL_HOURS_MESSAGES.dateRequired });
    const tenYears = new Date();
    tenYears.setUTCFullYear(tenYears.getUTCFullYear() + 10);
    expect((await post({ start_date: tenYears.toISOString().slice(0, 10), closed: true })).body.errors).toEqual({
      start_date: SPECIAL_HOURS_MESSAGES.tooFar,
    });
    expect((await post({ start_date: day(3650 - 5), closed: true })).status).toBe(201);
    expect((await post({ start_date: day(5), closed: false })).body.errors).toEqual({
      hours: SPECIAL_HOURS_MESSAGES.timesRequired,
    });
    expect((await post({ start_date: day(5), closed: true })).status).toBe(201);
    const duplicate = await post({ start_date: day(5), is_24_hours: true });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({ start_date: SPECIAL_HOURS_MESSAGES.duplicate });
    expect((await post({ start_date: "2031-02-30", closed: true })).status).toBe(400);
    expect((await client.post<Body>("/api/special_hours", { start_date: day(5) })).body.errors).toHaveProperty(
      "location_id",
    );
  });

  it("changes a holiday date in place under the same rules", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const post = (body: Record<string, unknown>) =>
      client.post<Entry>("/api/special_hours", { location_id: loc.id, ...body });
    const first = (await post({ start_date: day(30), closed: true })).body;
    await post({ start_date: day(31), is_24_hours: true });
    const patch = (body: Record<string, unknown>) =>
      client.patch<Body & Entry>(`/api/special_hours/${first.id}`, { account_id: account.id, ...body });
    const duplicate = await patch({ start_date: day(31) });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({ start_date: SPECIAL_HOURS_MESSAGES.duplicate });
    expect((await patch({ start_date: null })).body.errors).toEqual({
      start_date: SPECIAL_HOURS_MESSAGES.dateRequired,
    });
    expect((await patch({ start_date: day(3660) })).body.errors).toEqual({ start_date: SPECIAL_HOURS_MESSAGES.tooFar });
    expect((await patch({ closed: false, is_24_hours: false, hours: [] })).body.errors).toEqual({
      hours: SPECIAL_HOURS_MESSAGES.timesRequired,
    });
    const opened = await patch({
      start_date: day(32),
      closed: false,
      is_24_hours: false,
      hours: [
        { open_time: "13:00", close_time: "18:00" },
        { open_time: "09:00", close_time: "12:00" },
      ],
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id: first.id,
      start_date: day(32),
      closed: false,
      hours: [
        { open_time: "09:00", close_time: "12:00" },
        { open_time: "13:00", close_time: "18:00" },
      ],
    });
    const other = await signedIn(t);
    expect((await other.client.patch(`/api/special_hours/${first.id}`, { closed: true })).status).toBe(404);
  });

  it("sets one date at several locations at once, overriding the same date", async () => {
    const { client, account } = await signedIn(t);
    const a = await createLocation(t.ctx.database, account.id);
    const b = await createLocation(t.ctx.database, account.id);
    await client.post("/api/special_hours", { location_id: a.id, start_date: day(20), closed: true });
    const bulk = await client.post<{ _embedded: { special_hours: Entry[] }; _total: number }>("/api/special_hours", {
      account_id: account.id,
      location_ids: [a.id, b.id],
      start_date: day(20),
      hours: [{ open_time: "10:00", close_time: "14:00" }],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body._total).toBe(2);
    const list = await client.get<Page>(`/api/special_hours?start_date=${day(0)}`);
    expect(list.body._total).toBe(2);
    for (const e of list.body._embedded.special_hours) {
      expect(e).toMatchObject({
        start_date: day(20),
        closed: false,
        hours: [{ open_time: "10:00", close_time: "14:00" }],
      });
    }
    const other = await signedIn(t);
    const foreign = await createLocation(t.ctx.database, other.account.id);
    const refused = await client.post("/api/special_hours", {
      location_ids: [a.id, foreign.id],
      start_date: day(21),
      closed: true,
    });
    expect(refused.status).toBe(404);
  });

  it("lets a Read Only user read but not write; holiday hours need the account's feature", async () => {
    const reader = await signedIn(t, { type: "read_only" });
    const loc = await createLocation(t.ctx.database, reader.account.id);
    expect((await reader.client.get(`/api/special_hours?location_id=${loc.id}`)).status).toBe(200);
    expect(
      (await reader.client.post("/api/special_hours", { location_id: loc.id, start_date: day(3), closed: true }))
        .status,
    ).toBe(403);
    const off = await signedIn(t, { settings: { special_hours: "false" } });
    const offLoc = await createLocation(t.ctx.database, off.account.id);
    expect(
      (await off.client.post("/api/special_hours", { location_id: offLoc.id, start_date: day(3), closed: true }))
        .status,
    ).toBe(403);
  });
});
