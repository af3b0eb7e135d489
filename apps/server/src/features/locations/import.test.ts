import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: true });
});
afterAll(async () => t?.close());

type Report = {
  id: string;
  status: string;
  total_rows: number;
  created_count: number;
  updated_count: number;
  failed_count: number;
  rows: { row: number; status: string; location_id: string | null; errors: Record<string, string> }[];
};

const basic = (c: { email: string; token: string }) =>
  `Basic ${Buffer.from(`${c.email}:${c.token}`).toString("base64")}`;

function csvForm(content: string, accountId?: string) {
  const form = new FormData();
  if (accountId) form.set("account_id", accountId);
  form.set("file", new Blob([content], { type: "text/csv" }), "locations.csv");
  return form;
}

describe("location import from CSV", () => {
  it("imports by a job, row by row: creates, updates by external_id, and reports each failing row's messages", async () => {
    const { client, account, credentials } = await signedIn(t);
    const existing = await createLocation(t.ctx.database, account.id, { name: "Old Name" });
    await t.ctx.database.db
      .updateTable("locations")
      .set({ external_id: "EV-001" })
      .where("id", "=", existing.id)
      .execute();
    const csv = [
      "Name,Public Name,Address,City,State,Zipcode,Country,Phone,Website,External ID",
      "Uptown,Evergreen Uptown,1 Main St,Denver,CO,80202,US,(303) 555-0100,https://example.com,EV-002",
      'Renamed,"Evergreen, Renamed",2 Main St,Denver,Colorado,80203,United States,,,EV-001',
      "No City,Evergreen,3 Main St,,CO,80204,US,,,EV-003",
      "Bad Phone,Evergreen,4 Main St,Denver,CO,80205,US,call me,,EV-004",
    ].join("\n");
    const res = await fetch(`${t.baseUrl}/api/import_locations`, {
      method: "POST",
      headers: { authorization: basic(credentials) },
      body: csvForm(csv, account.id),
    });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as Report;
    expect(queued).toMatchObject({ status: "queued", total_rows: 4 });
    let report = queued;
    for (let i = 0; i < 100 && !["completed", "failed"].includes(report.status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      report = (await client.get<Report>(`/api/import_locations/${queued.id}`)).body;
    }
    expect(report).toMatchObject({ status: "completed", created_count: 1, updated_count: 1, failed_count: 2 });
    expect(report.rows.map((r) => [r.row, r.status])).toEqual([
      [1, "created"],
      [2, "updated"],
      [3, "failed"],
      [4, "failed"],
    ]);
    expect(report.rows[2]?.errors).toEqual({ city: "City is required" });
    expect(report.rows[3]?.errors).toEqual({ phone: "Enter a valid phone number" });
    const renamed = await client.get<Record<string, unknown>>(`/api/locations/${existing.id}`);
    expect(renamed.body).toMatchObject({ name: "Renamed", public_name: "Evergreen, Renamed", state_code: "US-CO" });
    const count = await client.get<{ count: number; total_locations: number }>("/api/import_locations/count");
    expect(count.body).toEqual({ count: 0, total_locations: 2 });
  });

  it("refuses a file without a name column, a missing file, and users who may not create locations", async () => {
    const { credentials } = await signedIn(t);
    const post = (form: FormData, authorization = basic(credentials)) =>
      fetch(`${t.baseUrl}/api/import_locations`, { method: "POST", headers: { authorization }, body: form });
    const noName = await post(csvForm("city\nDenver\n"));
    expect(noName.status).toBe(400);
    const empty = new FormData();
    empty.set("account_id", "");
    expect((await post(empty)).status).toBe(400);
    const manager = await signedIn(t, { type: "manager" });
    expect((await post(csvForm("name\nX\n"), basic(manager.credentials))).status).toBe(403);
  });
  it("offers a CSV template whose header line the import reads back", async () => {
    const { client, account, credentials } = await signedIn(t);
    const res = await fetch(`${t.baseUrl}/api/import_locations/template`, {
      headers: { authorization: basic(credentials) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="locations-import-template\.csv"/);
    const header = (await res.text()).trim();
    expect(header.split(",")).toEqual([
      "Name",
      "Public Name",
      "Address",
      "Address 2",
      "City",
      "State",
      "Zipcode",
      "Country",
      "Phone",
      "Website",
      "External ID",
      "Google Place ID",
      "Category ID",
      "NPI Numbers",
      "Open Status",
    ]);
    // The template filled in imports (25 rows: the report is written as the job goes, and complete at the end).
    const lines = Array.from(
      { length: 25 },
      (_, i) => `Tmpl ${i},Tmpl Public ${i},${i} Elm St,,Austin,TX,78701,US,,,TM-${i},,,,active`,
    );
    const posted = await fetch(`${t.baseUrl}/api/import_locations`, {
      method: "POST",
      headers: { authorization: basic(credentials) },
      body: csvForm([header, ...lines].join("\n"), account.id),
    });
    expect(posted.status).toBe(202);
    let report = (await posted.json()) as Report;
    for (let i = 0; i < 150 && !["completed", "failed"].includes(report.status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      report = (await client.get<Report>(`/api/import_locations/${report.id}`)).body;
      expect(report.rows.length).toBeLessThanOrEqual(25);
    }
    expect(report).toMatchObject({ status: "completed", total_rows: 25, created_count: 25, failed_count: 0 });
    expect(report.rows.map((r) => r.row)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Users who may not create locations get no template.
    const manager = await signedIn(t, { type: "manager" });
    const refused = await fetch(`${t.baseUrl}/api/import_locations/template`, {
      headers: { authorization: basic(manager.credentials) },
    });
    expect(refused.status).toBe(403);
  });
});
