import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

type Category = { id: string; name: string };
type Page = { _embedded: { categories: Category[] }; _total: number; _total_pages: number; per_page: number };

describe("business categories", () => {
  it("lists Google business categories 25 a page, searched by typeahead and ordered by relevance", async () => {
    const { client } = await signedIn(t, { type: "read_only" });
    const all = await client.get<Page>("/api/categories");
    expect(all.status).toBe(200);
    expect(all.body.per_page).toBe(25);
    expect(all.body._embedded.categories).toHaveLength(25);
    expect(all.body._total).toBeGreaterThan(300);
    expect(all.body._total_pages).toBe(Math.ceil(all.body._total / 25));
    const dent = await client.get<Page>("/api/categories?keywords=dent&search_type=typeahead&sort[by]=relevance");
    const names = dent.body._embedded.categories.map((c) => c.name);
    expect(names[0]).toBe("Dentist");
    expect(names).toContain("Cosmetic dentist");
    expect(names).toContain("Dental clinic");
    expect(names).not.toContain("Accountant");
    const pizza = await client.get<Page>("/api/categories?keywords=pizza&sort[by]=name&sort[order]=asc");
    expect(pizza.body._embedded.categories.map((c) => c.id)).toEqual([
      "gcid:pizza_delivery",
      "gcid:pizza_restaurant",
      "gcid:pizza_takeout",
    ]);
  });

  it("reads one category, and narrows to a Google place's category", async () => {
    const { client, account } = await signedIn(t);
    const one = await client.get<Category>("/api/categories/gcid:italian_restaurant");
    expect(one.body).toMatchObject({ id: "gcid:italian_restaurant", name: "Italian restaurant" });
    expect((await client.get("/api/categories/gcid:unknown")).status).toBe(404);
    const loc = await createLocation(t.ctx.database, account.id);
    await t.ctx.database.db
      .updateTable("locations")
      .set({ google_place_id: "ChIJplace", category_id: "gcid:bakery" })
      .where("id", "=", loc.id)
      .execute();
    const byPlace = await client.get<Page>("/api/categories?google_place_id=ChIJplace");
    expect(byPlace.body._embedded.categories.map((c) => c.id)).toEqual(["gcid:bakery"]);
    expect((await new Client(t.baseUrl).get("/api/categories")).status).toBe(401);
  });

  it("lists Google's photo categories, narrowed by name", async () => {
    const { client } = await signedIn(t);
    const res = await client.get<{
      _embedded: { media_categories: { name: string; code: string; source_id: string }[] };
    }>("/api/media_categories?name=Logo&name=Cover&page=1&per_page=25");
    expect(res.body._embedded.media_categories.map((c) => [c.name, c.code])).toEqual([
      ["Logo", "LOGO"],
      ["Cover", "COVER"],
    ]);
    expect(res.body._embedded.media_categories[0]?.source_id).toEqual(expect.any(String));
  });
});
