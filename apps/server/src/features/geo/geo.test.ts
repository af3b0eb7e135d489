import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  client = (await signedIn(t, { type: "read_only" })).client;
});
afterAll(async () => t?.close());

type Country = { id: string; code: string; code3: string | null; name: string };
type State = { id: string; country_id: string; code: string; short_code: string; name: string };
type Page<K extends string, T> = { _embedded: Record<K, T[]>; _total: number; _total_pages: number };

describe("GET /api/countries", () => {
  it("finds countries by name prefix (typeahead) or contained text, and by code", async () => {
    const typeahead = await client.get<Page<"countries", Country>>(
      "/api/countries?keywords=united&search_type=typeahead&per_page=50",
    );
    expect(typeahead.status).toBe(200);
    const names = typeahead.body._embedded.countries.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["United States", "United Kingdom", "United Arab Emirates"]));
    expect(names).toEqual([...names].sort());
    const contains = await client.get<Page<"countries", Country>>("/api/countries?keywords=kingdom&per_page=50");
    expect(contains.body._embedded.countries.map((c) => c.name)).toContain("United Kingdom");
    const byCode = await client.get<Page<"countries", Country>>("/api/countries?code=us");
    expect(byCode.body._embedded.countries).toEqual([
      { id: expect.any(String), code: "US", code3: "USA", name: "United States" },
    ]);
    const one = await client.get<Country>(`/api/countries/${byCode.body._embedded.countries[0]?.id}`);
    expect(one.body).toMatchObject({ code: "US", name: "United States" });
  });

  it("orders by relevance, by a sortable column, and pages", async () => {
    const relevance = await client.get<Page<"countries", Country>>(
      "/api/countries?keywords=niger&sort[by]=relevance&per_page=5",
    );
    expect(relevance.body._embedded.countries[0]?.name).toBe("Niger");
    const byCode = await client.get<Page<"countries", Country>>(
      "/api/countries?sort[by]=code&sort[order]=desc&per_page=2",
    );
    const codes = byCode.body._embedded.countries.map((c) => c.code);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(byCode.body._total).toBe(249);
    expect(byCode.body._total_pages).toBe(125);
  });

  it("answers 404 for an unknown id, 400 for a bad page, 403 to Email Only, 401 signed out", async () => {
    expect((await client.get("/api/countries/not-a-uuid")).status).toBe(404);
    expect((await client.get("/api/countries/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await client.get("/api/countries?page=0")).status).toBe(400);
    const emailOnly = await signedIn(t, { type: "email_only" });
    expect((await emailOnly.client.get("/api/countries")).status).toBe(403);
    expect((await new Client(t.baseUrl).get("/api/countries")).status).toBe(401);
  });
});

describe("GET /api/states", () => {
  it("lists the states of a country; an unknown country has none", async () => {
    const us = await client.get<Page<"countries", Country>>("/api/countries?code=US");
    const usId = us.body._embedded.countries[0]?.id;
    const states = await client.get<Page<"states", State>>(
      `/api/states?country_id=${usId}&keywords=cal&search_type=typeahead`,
    );
    expect(states.status).toBe(200);
    expect(states.body._embedded.states).toMatchObject([{ code: "US-CA", short_code: "CA", country_id: usId }]);
    const one = await client.get<State>(`/api/states/${states.body._embedded.states[0]?.id}`);
    expect(one.body).toMatchObject({ code: "US-CA" });
    const unknown = await client.get<Page<"states", State>>("/api/states?country_id=nowhere");
    expect(unknown.status).toBe(200);
    expect(unknown.body._total).toBe(0);
    expect((await client.get("/api/states/nope")).status).toBe(404);
  });
});
