import { LOCATION_MESSAGES, NPI_MESSAGES } from "@starboard/contract/locations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGroup, createLocation, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

type Body = Record<string, unknown> & { error?: string; errors?: Record<string, string> };

const FORM = {
  name: "Capitol Hill",
  public_name: "Evergreen Family Dental Capitol Hill",
  address: "1201 E Colfax Ave",
  city: "Denver",
  state: "CO",
  zipcode: "80218",
  country: "US",
};

const closedWeek = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
    d,
    { open: false, is_24_hours: false, hours: [] },
  ]),
);

describe("the location form, through the API (docs/product/locations.md §5)", () => {
  it("answers each missing required field with '{Label} is required', all at once", async () => {
    const { client } = await signedIn(t);
    const res = await client.post<Body>("/api/locations", { name: "", website: "" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: "Internal Name is required",
      public_name: "Public Name is required",
      address: "Address is required",
      city: "City is required",
      state: "State is required",
      zipcode: "Zipcode is required",
      country: "Country is required",
    });
    // On update only the fields sent empty.
    const { client: admin, account } = await signedIn(t);
    const loc = await createLocation(t.ctx.database, account.id);
    const patch = await admin.patch<Body>(`/api/locations/${loc.id}`, { city: " ", phone: null });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ city: "City is required" });
  });

  it("checks the phone and website forms, stores an empty website as null, and resolves country and state", async () => {
    const { client } = await signedIn(t);
    const phone = await client.post<Body>("/api/locations", { ...FORM, phone: "call us" });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toMatchObject({ phone: LOCATION_MESSAGES.phone });
    const website = await client.post<Body>("/api/locations", { ...FORM, website: "not a site" });
    expect(website.body.errors).toMatchObject({ website: LOCATION_MESSAGES.website });
    const ok = await client.post<Body>("/api/locations", {
      ...FORM,
      phone: "(303) 555-0142",
      website: "",
      external_id: "",
      open_status: "inactive",
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      phone: "(303) 555-0142",
      website: null,
      external_id: null,
      country: "United States",
      state: "CO",
      state_code: "US-CO",
      // A new location is active whatever is sent.
      open_status: "active",
      industry_ids: { npi_numbers: [] },
      source_overrides: [],
      publishing_enabled: true,
    });
    expect(ok.body.country_id).toEqual(expect.any(String));
    const closed = await client.patch<Body>(`/api/locations/${ok.body.id}`, { open_status: "temporarily_inactive" });
    expect(closed.body.open_status).toBe("temporarily_inactive");
    const bad = await client.patch<Body>(`/api/locations/${ok.body.id}`, { open_status: "closed" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("open_status");
  });

  it("takes a business category by id and fills its name", async () => {
    const { client } = await signedIn(t);
    const res = await client.post<Body>("/api/locations", { ...FORM, category_id: "gcid:dentist" });
    expect(res.body).toMatchObject({ category_id: "gcid:dentist", category_name: "Dentist" });
    const bad = await client.post<Body>("/api/locations", { ...FORM, category_id: "gcid:nothing_like_it" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("category_id");
  });

  it("keeps NPI numbers of healthcare accounts only, 10 digits each", async () => {
    const health = await signedIn(t, { vertical: "healthcare" });
    const res = await health.client.post<Body>("/api/locations", {
      ...FORM,
      industry_ids: { npi_numbers: ["1987654328", "1456789019"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.industry_ids).toEqual({ npi_numbers: ["1987654328", "1456789019"] });
    const short = await health.client.patch<Body>(`/api/locations/${res.body.id}`, {
      industry_ids: { npi_numbers: ["12345"] },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ "industry_ids.npi_numbers.0": NPI_MESSAGES.notFound });
    const restaurant = await signedIn(t, { vertical: "restaurant" });
    const refused = await restaurant.client.post<Body>("/api/locations", {
      ...FORM,
      industry_ids: { npi_numbers: ["1987654328"] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ "industry_ids.npi_numbers": NPI_MESSAGES.healthcareOnly });
  });

  it("lets only the Admin user type change the Google Place ID", async () => {
    const manager = await signedIn(t, { type: "manager" });
    const loc = await createLocation(t.ctx.database, manager.account.id);
    const refused = await manager.client.patch<Body>(`/api/locations/${loc.id}`, { google_place_id: "ChIJ-manager" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(LOCATION_MESSAGES.googlePlaceId);
    // Sending the value unchanged (the whole form) is fine.
    const same = await manager.client.patch<Body>(`/api/locations/${loc.id}`, { google_place_id: null, name: "Kept" });
    expect(same.status).toBe(200);
    const admin = await signedIn(t);
    const own = await createLocation(t.ctx.database, admin.account.id);
    const set = await admin.client.patch<Body>(`/api/locations/${own.id}`, {
      google_place_id: "ChIJN1t_tDeuEmsRUsoyG83frY4",
    });
    expect(set.body.google_place_id).toBe("ChIJN1t_tDeuEmsRUsoyG83frY4");
  });

  it("saves weekly hours (24 hours, split days, ranges sorted), the bulk hours save, and remove_hours", async () => {
    const { client, account } = await signedIn(t);
    const a = await createLocation(t.ctx.database, account.id);
    const b = await createLocation(t.ctx.database, account.id);
    const hours = {
      ...closedWeek,
      monday: { open: true, is_24_hours: true, hours: [{ open_time: "09:00", close_time: "17:00" }] },
      tuesday: {
        open: true,
        is_24_hours: false,
        hours: [
          { open_time: "17:00", close_time: "21:30" },
          { open_time: "08:00", close_time: "12:00" },
        ],
      },
    };
    // The bulk hours editor: one PATCH per location with the same hours.
    for (const id of [a.id, b.id]) {
      const res = await client.patch<Body>(`/api/locations/${id}`, { hours });
      expect(res.status).toBe(200);
      expect(res.body.hours).toMatchObject({
        monday: { open: true, is_24_hours: true, hours: [] },
        tuesday: {
          open: true,
          is_24_hours: false,
          hours: [
            { open_time: "08:00", close_time: "12:00" },
            { open_time: "17:00", close_time: "21:30" },
          ],
        },
        wednesday: { open: false, is_24_hours: false, hours: [] },
      });
    }
    const badTime = await client.patch<Body>(`/api/locations/${a.id}`, {
      hours: { monday: { open: true, hours: [{ open_time: "9:00 AM", close_time: "17:00" }] } },
    });
    expect(badTime.status).toBe(400);
    const noRange = await client.patch<Body>(`/api/locations/${a.id}`, { hours: { friday: { open: true } } });
    expect(noRange.status).toBe(400);
    expect(noRange.body.errors).toEqual({
      "hours.friday": "You must have an opening and closing time if location is open.",
    });
    const removed = await client.patch<Body>(`/api/locations/${a.id}`, { remove_hours: true });
    expect(removed.body.hours).toBeNull();
  });

  it("sets a location's groups (the account's groups only)", async () => {
    const { client, account } = await signedIn(t);
    const g1 = await createGroup(t.ctx.database, account.id);
    const g2 = await createGroup(t.ctx.database, account.id);
    const created = await client.post<Body>("/api/locations", { ...FORM, group_ids: [g1.id, g2.id] });
    expect((created.body.group_ids as string[]).sort()).toEqual([g1.id, g2.id].sort());
    const other = await signedIn(t);
    const foreign = await createGroup(t.ctx.database, other.account.id);
    const res = await client.patch<Body>(`/api/locations/${created.body.id}`, { group_ids: [foreign.id] });
    expect(res.status).toBe(404);
    const cleared = await client.patch<Body>(`/api/locations/${created.body.id}`, { group_ids: [] });
    expect(cleared.body.group_ids).toEqual([]);
  });

  it("refuses to delete the account's last location with the spec's text", async () => {
    const { client, account } = await signedIn(t);
    const only = await createLocation(t.ctx.database, account.id);
    const res = await client.delete<Body>(`/api/locations/${only.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^Can't delete the last location on the account\./);
    expect((await client.get(`/api/locations/${only.id}`)).status).toBe(200);
  });

  it("stops a trial account at its location limit (3 unless its setting says)", async () => {
    const trial = await signedIn(t);
    await t.ctx.database.db
      .updateTable("accounts")
      .set({ status: "trial" })
      .where("id", "=", trial.account.id)
      .execute();
    for (let i = 0; i < 3; i++) {
      expect((await trial.client.post("/api/locations", { ...FORM, name: `Trial ${i}` })).status).toBe(201);
    }
    const refused = await trial.client.post<Body>("/api/locations", { ...FORM, name: "Fourth" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(LOCATION_MESSAGES.trialLimit);
    const preview = await trial.client.get<Body>(
      `/api/billing/${trial.account.id}/location_preview?num_added_locations=1`,
    );
    expect(preview.body).toMatchObject({
      trial_location_limit: 3,
      trial_location_limit_reached: true,
      total_locations: 3,
      new_location_monthly_unit_cents: 4900,
      currency: "USD",
    });
  });
});
