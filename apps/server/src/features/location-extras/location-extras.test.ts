import { BILLING_MESSAGES } from "@starboard/contract/location-details";
import { LOCATION_MESSAGES } from "@starboard/contract/locations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { error?: string; errors?: Record<string, string> };
type Directory = { source_id: string; source_code: string; directory_code: string; name: string };
type Override = { id: string; source_code: string; phone: string | null; website: string | null; enabled: boolean };

async function directories(client: Awaited<ReturnType<typeof signedIn>>["client"]) {
  const res = await client.get<{ _embedded: { directories: Directory[] } }>(
    "/api/location_source_overrides/directories",
  );
  return res.body._embedded.directories;
}

describe("directory-specific overrides", () => {
  it("lists the directories, sets and changes a location's phone and website per directory", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const dirs = await directories(client);
    expect(dirs.map((d) => d.name)).toEqual(["Google", "Facebook", "Bing", "Tripadvisor", "Yelp"]);
    const yelp = dirs.find((d) => d.source_code === "yelp")!;
    const created = await client.post<Override>("/api/location_source_overrides", {
      account_id: account.id,
      location_id: loc.id,
      source_id: yelp.source_id,
      phone: "(512) 555-0199",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source_code: "yelp", phone: "(512) 555-0199", website: null, enabled: true });
    // The same pair again updates it.
    const again = await client.post<Override>("/api/location_source_overrides", {
      location_id: loc.id,
      source_id: yelp.source_id,
      website: "https://example.com/yelp",
    });
    expect(again.body).toMatchObject({
      id: created.body.id,
      phone: "(512) 555-0199",
      website: "https://example.com/yelp",
    });
    const off = await client.patch<Override>(`/api/location_source_overrides/${created.body.id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    const list = await client.get<{ _embedded: { location_source_overrides: Override[] } }>(
      `/api/location_source_overrides?location_id=${loc.id}&source_id=${yelp.source_id}`,
    );
    expect(list.body._embedded.location_source_overrides.map((o) => o.id)).toEqual([created.body.id]);
    const location = await client.get<Body>(`/api/locations/${loc.id}`);
    expect(location.body.source_overrides).toEqual([
      expect.objectContaining({ id: created.body.id, source_code: "yelp", enabled: false }),
    ]);
  });

  it("answers 400 with the form's messages for a checked directory left empty or a malformed value", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const google = (await directories(client)).find((d) => d.source_code === "google")!;
    const post = (body: Record<string, unknown>) =>
      client.post<Body>("/api/location_source_overrides", {
        location_id: loc.id,
        source_id: google.source_id,
        ...body,
      });
    expect((await post({ phone: "" })).body.errors).toEqual({ phone: LOCATION_MESSAGES.overridePhone });
    expect((await post({ website: "" })).body.errors).toEqual({ website: LOCATION_MESSAGES.overrideWebsite });
    expect((await post({ phone: "phone" })).body.errors).toEqual({ phone: LOCATION_MESSAGES.phone });
    const notDirectory = await client.post<Body>("/api/location_source_overrides", {
      location_id: loc.id,
      source_id: "00000000-0000-4000-8000-000000000000",
      phone: "(512) 555-0199",
    });
    expect(notDirectory.status).toBe(400);
    expect(notDirectory.body.errors).toHaveProperty("source_id");
  });

  it("lets users without local_listing create read but not write overrides", async () => {
    const reader = await signedIn(t, { type: "read_only" });
    const loc = await createLocation(t.ctx.database, reader.account.id);
    expect((await reader.client.get(`/api/location_source_overrides?location_id=${loc.id}`)).status).toBe(200);
    const google = (await directories(reader.client)).find((d) => d.source_code === "google")!;
    const res = await reader.client.post("/api/location_source_overrides", {
      location_id: loc.id,
      source_id: google.source_id,
      phone: "(512) 555-0199",
    });
    expect(res.status).toBe(403);
  });
});

describe("billing preview, eligibility and landing pages", () => {
  it("shows the monthly cost of a new location to admins only", async () => {
    const admin = await signedIn(t, { settings: { location_monthly_unit_cents: "3900" } });
    const res = await admin.client.get<Body>(`/api/billing/${admin.account.id}/location_preview?num_added_locations=1`);
    expect(res.body).toMatchObject({
      new_location_monthly_unit_cents: 3900,
      currency: "USD",
      show_billing_location_price_preview: true,
      trial_location_limit_reached: false,
      trial_location_limit: null,
    });
    const manager = await signedIn(t, { type: "manager" });
    const other = await manager.client.get<Body>(`/api/billing/${manager.account.id}/location_preview`);
    // Non-admins see only BILLING_MESSAGES.nonAdmin, so no price leaves the server.
    expect(BILLING_MESSAGES.nonAdmin).toBe("Adding a location may incur additional costs.");
    expect(other.body.new_location_monthly_unit_cents).toBeNull();
    expect((await admin.client.get(`/api/billing/${manager.account.id}/location_preview`)).status).toBe(404);
  });

  it("tells whether a location may be published to directories", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const noGoogle = await client.get<Body>(
      `/api/local_listings/eligible_locations/${loc.id}?account_id=${account.id}`,
    );
    expect(noGoogle.body).toEqual({
      location_id: loc.id,
      status: "ineligible",
      status_reason: "missing_google_integration",
    });
    const db = t.ctx.database.db;
    const google = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirstOrThrow();
    await db
      .insertInto("source_credentials")
      .values({ account_id: account.id, source_id: google.id, access_token: "x" })
      .execute();
    const unknown = await client.get<Body>(`/api/local_listings/eligible_locations/${loc.id}`);
    expect(unknown.body.status_reason).toBe("unknown_location");
    await db.updateTable("locations").set({ google_place_id: "ChIJx" }).where("id", "=", loc.id).execute();
    const ok = await client.get<Body>(`/api/local_listings/eligible_locations/${loc.id}`);
    expect(ok.body).toMatchObject({ status: "eligible", status_reason: null });
  });

  it("lists the location's landing pages", async () => {
    const { client, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const res = await client.get<{ _embedded: { landing_pages: { kind: string; label: string; url: string }[] } }>(
      `/api/locations/${loc.id}/landing_pages`,
    );
    expect(res.body._embedded.landing_pages.map((p) => p.label)).toEqual([
      "NPS",
      "Stars",
      "Thumbs",
      "Faces",
      "Review Request",
      "Kiosk",
    ]);
    expect(res.body._embedded.landing_pages[0]?.url).toMatch(new RegExp(`/feedback/${loc.id}/nps$`));
  });
});
