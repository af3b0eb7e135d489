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
type Page = { _embedded: { groups: Body[] }; _total: number };

describe("groups", () => {
  it("lists groups with active_location_ids, typeahead and relevance", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    const north = await createGroup(t.ctx.database, account.id, "North");
    await createGroup(t.ctx.database, account.id, "Northwest");
    await createGroup(t.ctx.database, account.id, "South North");
    const open = await createLocation(t.ctx.database, account.id, { groupId: north.id });
    const closed = await createLocation(t.ctx.database, account.id, { groupId: north.id });
    await t.ctx.database.db
      .updateTable("locations")
      .set({ open_status: "inactive" })
      .where("id", "=", closed.id)
      .execute();
    const res = await client.get<Page>("/api/groups?sort[by]=name&sort[order]=asc");
    expect(res.status).toBe(200);
    const first = res.body._embedded.groups[0];
    expect(first).toMatchObject({ name: "North", active_location_ids: [open.id] });
    expect(first?.location_ids).toHaveLength(2);
    const typeahead = await client.get<Page>("/api/groups?keywords=north&search_type=typeahead&sort[by]=relevance");
    // Any word of the name (issue 11): the exact name, then names starting with it, then a word starting with it.
    expect(typeahead.body._embedded.groups.map((g) => g.name)).toEqual(["North", "Northwest", "South North"]);
    const full = await client.get<Page>("/api/groups?keywords=north&sort[by]=relevance&sort[order]=desc");
    expect(full.body._total).toBe(3);
  });

  it("searches any word of the name, case- and accent-insensitively, by relevance", async () => {
    const { client, account } = await signedIn(t, { type: "read_only" });
    for (const name of ["Región Sur", "Sur", "Surrey Stores", "East Sur-Côte", "Treasure"]) {
      await createGroup(t.ctx.database, account.id, name);
    }
    const names = async (q: string) =>
      (await client.get<Page>(`/api/groups?${q}`)).body._embedded.groups.map((g) => g.name);
    expect(await names("keywords=SUR&search_type=typeahead&sort[by]=relevance&sort[order]=desc")).toEqual([
      "Sur",
      "Surrey Stores",
      "Región Sur",
      "East Sur-Côte",
    ]);
    expect(await names("keywords=sur&sort[by]=relevance")).toEqual([
      "Sur",
      "Surrey Stores",
      "Región Sur",
      "East Sur-Côte",
      "Treasure",
    ]);
    expect(await names("keywords=region&search_type=typeahead")).toEqual(["Región Sur"]);
    expect(await names("keywords=cote%20east&search_type=typeahead")).toEqual(["East Sur-Côte"]);
    expect(await names("keywords=sur&search_type=typeahead&sort[by]=name")).toEqual([
      "East Sur-Côte",
      "Región Sur",
      "Sur",
      "Surrey Stores",
    ]);
  });

  it("creates and updates a group with its locations", async () => {
    const { client, account } = await signedIn(t, { type: "manager" });
    const a = await createLocation(t.ctx.database, account.id);
    const b = await createLocation(t.ctx.database, account.id);
    const created = await client.post<Body>("/api/groups", { name: "East", location_ids: [a.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "East", location_ids: [a.id] });
    const patched = await client.patch<Body>(`/api/groups/${created.body.id}`, { location_ids: [a.id, b.id] });
    expect(patched.status).toBe(200);
    expect(patched.body.location_ids).toHaveLength(2);
    const renamed = await client.put<Body>(`/api/groups/${created.body.id}`, { name: "East 2" });
    expect(renamed.body).toMatchObject({ name: "East 2" });
    expect(renamed.body.location_ids).toHaveLength(2);
    const filtered = await client.get<Page>(`/api/groups?location_id=${b.id}`);
    expect(filtered.body._embedded.groups.map((g) => g.id)).toEqual([created.body.id]);
    expect((await client.delete(`/api/groups/${created.body.id}`)).status).toBe(204);
  });

  it("answers 404 for another account's locations in location_ids, and for its groups", async () => {
    const mine = await signedIn(t);
    const theirs = await signedIn(t);
    const foreignLocation = await createLocation(t.ctx.database, theirs.account.id);
    const foreignGroup = await createGroup(t.ctx.database, theirs.account.id);
    const res = await mine.client.post("/api/groups", { name: "Sneaky", location_ids: [foreignLocation.id] });
    expect(res.status).toBe(404);
    const groups = await t.ctx.database.db.selectFrom("groups").select("id").where("name", "=", "Sneaky").execute();
    expect(groups).toHaveLength(0);
    expect((await mine.client.get(`/api/groups/${foreignGroup.id}`)).status).toBe(404);
    expect((await mine.client.patch(`/api/groups/${foreignGroup.id}`, { name: "x" })).status).toBe(404);
    expect((await mine.client.delete(`/api/groups/${foreignGroup.id}`)).status).toBe(404);
    expect((await mine.client.get(`/api/groups?account_id=${theirs.account.id}`)).status).toBe(404);
  });

  it("answers 400 with the field, 403 to a User, 401 signed out", async () => {
    const { client, account } = await signedIn(t);
    const empty = await client.post<Body>("/api/groups", { name: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty("name");
    const badIds = await client.post<Body>("/api/groups", { name: "x", location_ids: ["nope"] });
    expect(badIds.body.errors).toHaveProperty("location_ids.0");
    const user = await signedIn(t, { type: "user" });
    expect((await user.client.post("/api/groups", { name: "x" })).status).toBe(403);
    const group = await createGroup(t.ctx.database, account.id);
    expect((await user.client.get(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await anon.get("/api/groups")).status).toBe(401);
  });
});
