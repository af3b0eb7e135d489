import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGroup, createLocation, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  anon = new Client(t.baseUrl);
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { errors?: Record<string, string> };
type Page = { _embedded: { locations: Body[] }; _total: number };

describe("locations", () => {
  it("lists locations with address fields and group_ids, filtered by group and ids", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    const group = await createGroup(t.ctx.database, account.id);
    const inGroup = await createLocation(t.ctx.database, account.id, { name: "Alpha", groupId: group.id });
    const other = await createLocation(t.ctx.database, account.id, { name: "Beta" });
    const all = await client.get<Page>("/api/locations?per_page=25&sort[by]=name");
    expect(all.status).toBe(200);
    expect(all.body._total).toBe(2);
    expect(all.body._embedded.locations[0]).toMatchObject({
      id: inGroup.id,
      address: "100 Main St",
      city: "Austin",
      state: "TX",
      zipcode: "78701",
      is_headquarters: false,
      group_ids: [group.id],
    });
    const byGroup = await client.get<Page>(`/api/locations?group_id=${group.id}`);
    expect(byGroup.body._embedded.locations.map((l) => l.id)).toEqual([inGroup.id]);
    const byIds = await client.get<Page>(`/api/locations?ids=${other.id},junk`);
    expect(byIds.body._embedded.locations.map((l) => l.id)).toEqual([other.id]);
    const repeated = await client.get<Page>(`/api/locations?ids=${other.id}&ids=${inGroup.id}`);
    expect(repeated.body._total).toBe(2);
    const second = await createGroup(t.ctx.database, account.id);
    const byGroups = await client.get<Page>(`/api/locations?group_id=${group.id}&group_id=${second.id}&group_id=x`);
    expect(byGroups.body._embedded.locations.map((l) => l.id)).toEqual([inGroup.id]);
    const badGroup = await client.get<Page>("/api/locations?group_id=junk");
    expect(badGroup.body._total).toBe(0);
    const search = await client.get<Page>("/api/locations?keywords=alp&search_type=typeahead");
    expect(search.body._embedded.locations.map((l) => l.name)).toEqual(["Alpha"]);
  });

  it("searches any word of the name, city, address or external id, accent-insensitively, by relevance", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    const db = t.ctx.database;
    await createLocation(db, account.id, { name: "Starboard Uptown", city: "Dallas" });
    await createLocation(db, account.id, { name: "Dallas", city: "Austin" });
    await createLocation(db, account.id, { name: "Dalton Square", city: "Austin" });
    await createLocation(db, account.id, { name: "Vandal Street", city: "Austin" });
    const paulista = await createLocation(db, account.id, { name: "Paulista", city: "São Paulo" });
    await db.db.updateTable("locations").set({ external_id: "STORE-0042" }).where("id", "=", paulista.id).execute();
    const names = async (q: string) =>
      (await client.get<Page>(`/api/locations?${q}`)).body._embedded.locations.map((l) => l.name);
    // As the filter bar asks: typeahead, by relevance.
    expect(await names("keywords=dal&search_type=typeahead&sort[by]=relevance&sort[order]=desc")).toEqual([
      "Dallas",
      "Dalton Square",
      "Starboard Uptown",
    ]);
    expect(await names("keywords=dallas&search_type=typeahead&sort[by]=relevance")).toEqual([
      "Dallas",
      "Starboard Uptown",
    ]);
    expect(await names("keywords=dal&sort[by]=relevance")).toEqual([
      "Dallas",
      "Dalton Square",
      "Starboard Uptown",
      "Vandal Street",
    ]);
    expect(await names("keywords=sao&search_type=typeahead")).toEqual(["Paulista"]);
    expect(await names("keywords=S%C3%83O%20PAULO&search_type=typeahead")).toEqual(["Paulista"]);
    expect(await names("keywords=0042&search_type=typeahead")).toEqual(["Paulista"]);
    expect(await names("keywords=store&search_type=typeahead")).toEqual(["Paulista"]);
    expect(await names("keywords=main%20st&search_type=typeahead&sort[by]=name")).toHaveLength(5);
    expect(await names("keywords=houston&search_type=full")).toEqual([]);
  });

  it("lets an admin create, update and delete a location", async () => {
    const { client, account } = await signedIn(t);
    await createLocation(t.ctx.database, account.id);
    const created = await client.post<Body>("/api/locations", {
      name: "Downtown",
      public_name: "Downtown Kitchen",
      address: "1 Elm St",
      city: "Denver",
      state: "CO",
      zipcode: "80202",
      country: "United States",
      is_headquarters: true,
      hours: { monday: { open: true, is_24_hours: false, hours: [{ open_time: "09:00", close_time: "17:00" }] } },
      latitude: 39.7,
      longitude: -104.9,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Downtown",
      is_headquarters: true,
      open_status: "active",
      hours: {
        monday: { open: true, is_24_hours: false, hours: [{ open_time: "09:00", close_time: "17:00" }] },
        sunday: { open: false, is_24_hours: false, hours: [] },
      },
    });
    const patched = await client.patch<Body>(`/api/locations/${created.body.id}`, { phone: "+1 303 555 0100" });
    expect(patched.body).toMatchObject({ phone: "+1 303 555 0100", city: "Denver" });
    expect((await client.delete(`/api/locations/${created.body.id}`)).status).toBe(204);
  });

  it("lets a Manager update but not create; answers 400, 404 and 401 where due", async () => {
    const manager = await signedIn(t, { type: "manager" });
    const loc = await createLocation(t.ctx.database, manager.account.id);
    expect((await manager.client.patch(`/api/locations/${loc.id}`, { name: "Renamed" })).status).toBe(200);
    expect((await manager.client.post("/api/locations", { name: "New" })).status).toBe(403);
    expect((await manager.client.delete(`/api/locations/${loc.id}`)).status).toBe(403);
    const admin = await signedIn(t);
    const missing = await admin.client.post<Body>("/api/locations", { city: "Nowhere" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("name");
    const long = await admin.client.post<Body>("/api/locations", { name: "x", zipcode: "9".repeat(50) });
    expect(long.body.errors).toHaveProperty("zipcode");
    const country = await admin.client.post<Body>("/api/locations", {
      name: "x",
      country_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(country.status).toBe(400);
    expect(country.body.errors).toHaveProperty("country_id");
    expect((await admin.client.get(`/api/locations/${loc.id}`)).status).toBe(404);
    expect((await admin.client.patch(`/api/locations/${loc.id}`, { name: "x" })).status).toBe(404);
    expect((await admin.client.get(`/api/locations?account_id=${manager.account.id}`)).status).toBe(404);
    expect((await anon.get(`/api/locations/${loc.id}`)).status).toBe(401);
  });
});
