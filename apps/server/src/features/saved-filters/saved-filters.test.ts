import { SAVED_FILTER_MESSAGES } from "@starboard/contract/saved-filters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createUser, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

interface Item {
  id: string;
  name: string;
  user_id: string;
  preference_type: string;
  config: Record<string, unknown>;
}
interface Page {
  _embedded: { user_preferences: Item[] };
  _total: number;
  _page: number;
  _total_pages: number;
  per_page: number;
  _links: { next?: { href: string } };
}
type ErrorBody = { error: string; errors: Record<string, string> };

describe("saved filters (/api/user_preferences)", () => {
  it("saves a filter with the §3 config keys, sentiment as 1 / -1 or positive / negative, dropping from/to unless custom", async () => {
    const { client } = await signedIn(t, { type: "manager" });
    const res = await client.post<Item>("/api/user_preferences", {
      preference_type: "saved_filters",
      name: "  Five stars  ",
      config: {
        dateDescriptor: "thirtyDays",
        from: "2026-01-01",
        to: "2026-01-31",
        rating: ["5", "5"],
        sentiment: "1",
        groupId: [],
        unknownKey: "dropped",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Five stars", preference_type: "saved_filters" });
    expect(res.body.config).toEqual({ dateDescriptor: "thirtyDays", rating: ["5"], sentiment: 1 });

    const custom = await client.post<Item>("/api/user_preferences", {
      name: "Keywords January",
      config: { dateDescriptor: "custom", from: "2026-01-01", to: "2026-01-31", sentiment: "negative" },
    });
    expect(custom.status).toBe(201);
    expect(custom.body.config).toEqual({
      dateDescriptor: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      sentiment: "negative",
    });
    const noDates = await client.post<ErrorBody>("/api/user_preferences", {
      name: "Custom without dates",
      config: { dateDescriptor: "custom" },
    });
    expect(noDates.status).toBe(400);
    expect(noDates.body.errors["config.from"]).toBe("Date Required");
  });

  it("refuses a missing, too long, duplicate or 'No saved filter' name with the spec's messages", async () => {
    const { client } = await signedIn(t, { type: "user" });
    const empty = await client.post<ErrorBody>("/api/user_preferences", { name: "   ", config: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toBe("Enter a name");
    const long = await client.post<ErrorBody>("/api/user_preferences", { name: "x".repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toBe(SAVED_FILTER_MESSAGES.nameTooLong);
    expect((await client.post("/api/user_preferences", { name: "x".repeat(60) })).status).toBe(201);
    expect((await client.post("/api/user_preferences", { name: "Weekly" })).status).toBe(201);
    for (const name of ["weekly", "No saved filter", "no SAVED filter"]) {
      const dup = await client.post<ErrorBody>("/api/user_preferences", { name });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe("A saved filter with that name already exists");
      expect(dup.body.errors.name).toBe("A saved filter with that name already exists");
    }
    const bad = await client.post<ErrorBody>("/api/user_preferences", { name: "Bad", config: { rating: ["7"] } });
    expect(bad.status).toBe(400);
  });

  it("lists only the caller's own, 25 a page, by name ascending, with an optional name", async () => {
    const { client, user, account } = await signedIn(t, { type: "manager" });
    const names = Array.from({ length: 27 }, (_, i) => `Filter ${String(i).padStart(2, "0")}`).reverse();
    for (const name of names) expect((await client.post("/api/user_preferences", { name })).status).toBe(201);
    const colleague = await createUser(t.ctx.database, account.id, { type: "manager" });
    const other = await clientFor(t, colleague);
    expect((await other.post("/api/user_preferences", { name: "Colleague's" })).status).toBe(201);

    const first = await client.get<Page>(
      `/api/user_preferences?account_id=${account.id}&user_id=${user.id}&preference_type=saved_filters&page=1&sort[by]=name&sort[order]=asc`,
    );
    expect(first.status).toBe(200);
    expect(first.body.per_page).toBe(25);
    expect(first.body._total).toBe(27);
    expect(first.body._total_pages).toBe(2);
    const listed = first.body._embedded.user_preferences.map((f) => f.name);
    expect(listed[0]).toBe("Filter 00");
    expect(listed).toEqual([...listed].sort());
    expect(first.body._links.next).toBeDefined();
    const second = await client.get<Page>("/api/user_preferences?page=2");
    expect(second.body._embedded.user_preferences.map((f) => f.name)).toEqual(["Filter 25", "Filter 26"]);
    const named = await client.get<Page>("/api/user_preferences?name=filter%2007");
    expect(named.body._embedded.user_preferences.map((f) => f.name)).toEqual(["Filter 07"]);
    expect((await client.get(`/api/user_preferences?user_id=${colleague.id}`)).status).toBe(404);
  });

  it("renames and replaces the config (Save), refusing a duplicate; deletes; another user's answers 404", async () => {
    const { client, account } = await signedIn(t, { type: "manager" });
    const a = (await client.post<Item>("/api/user_preferences", { name: "A", config: { rating: ["1"] } })).body;
    await client.post<Item>("/api/user_preferences", { name: "B" });
    const renamed = await client.patch<Item>(`/api/user_preferences/${a.id}`, { name: "A renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "A renamed", config: { rating: ["1"] } });
    const saved = await client.patch<Item>(`/api/user_preferences/${a.id}`, {
      config: { dateDescriptor: "sevenDays", locationId: ["x-1"] },
    });
    expect(saved.body.config).toEqual({ dateDescriptor: "sevenDays", locationId: ["x-1"] });
    const dup = await client.patch<ErrorBody>(`/api/user_preferences/${a.id}`, { name: "b" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.name).toBe("A saved filter with that name already exists");
    // Its own name again (another case) is not a duplicate.
    expect((await client.patch(`/api/user_preferences/${a.id}`, { name: "A RENAMED" })).status).toBe(200);

    const colleague = await clientFor(t, await createUser(t.ctx.database, account.id, { type: "admin" }));
    expect((await colleague.patch(`/api/user_preferences/${a.id}`, { name: "Mine" })).status).toBe(404);
    expect((await colleague.delete(`/api/user_preferences/${a.id}`)).status).toBe(404);
    const stranger = await signedIn(t);
    expect((await stranger.client.delete(`/api/user_preferences/${a.id}`)).status).toBe(404);
    expect((await client.get(`/api/user_preferences?account_id=${stranger.account.id}`)).status).toBe(404);

    expect((await client.delete(`/api/user_preferences/${a.id}`)).status).toBe(204);
    expect((await client.delete(`/api/user_preferences/${a.id}`)).status).toBe(404);
    expect((await client.delete("/api/user_preferences/not-a-uuid")).status).toBe(404);
  });

  it("needs a session", async () => {
    const { Client } = await import("../../test/harness.ts");
    expect((await new Client(t.baseUrl).get("/api/user_preferences")).status).toBe(401);
  });
});
