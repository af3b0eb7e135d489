import fs from "node:fs";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { uploadedFilePath } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Who = Awaited<ReturnType<typeof signedIn>>;

/** POST /api/upload as the browser sends it: multipart with file_upload and auth_token. */
async function upload(
  who: Who,
  content: string | Buffer,
  fields: Record<string, string> = {},
  file: { name?: string; type?: string } = {},
) {
  const form = new FormData();
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  form.set(
    "file_upload",
    new Blob([new Uint8Array(bytes)], { type: file.type ?? "text/csv" }),
    file.name ?? "customers.csv",
  );
  form.set("auth_token", who.credentials.token);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const auth = Buffer.from(`${who.credentials.email}:${who.credentials.token}`).toString("base64");
  const res = await fetch(`${t.baseUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Basic ${auth}`, Accept: MEDIA_TYPE },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type Upload = {
  status: string;
  error: string | null;
  rows_done: number;
  upload_id: string;
  total_successful_recipients: number;
  total_failed_recipients: number;
  report: {
    row: number;
    reason: string;
    message: string;
    duplicate_of: number | null;
    values: Record<string, string>;
  }[];
};

async function finished(who: Who, id: string, seen: Upload[] = []): Promise<Upload> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await who.client.get<Upload>(`/api/uploads/${id}`);
    expect(res.status).toBe(200);
    seen.push(res.body);
    if (res.body.status !== "processing") return res.body;
    if (Date.now() > deadline) throw new Error(`upload still processing: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function createCampaign(who: Who, status = "draft", requestType: "email" | "sms" = "email") {
  return t.ctx.database.db
    .insertInto("campaigns")
    .values({
      account_id: who.account.id,
      name: `Campaign ${status}`,
      request_type: requestType,
      status: status as "draft",
      feedback_configuration: JSON.stringify({ selector_type: "nps" }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("customers", () => {
  it("creates, reads, searches, updates and deletes a customer; phone stored as E.164, e-mail lower-cased", async () => {
    const who = await signedIn(t);
    const created = await who.client.post("/api/contacts", {
      name: "Robin Diaz",
      email: "Robin@Example.COM",
      phone: "(512) 555-0142",
      custom_attributes: { visit: "brunch" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Robin Diaz",
      email: "robin@example.com",
      phone: "+15125550142",
      custom_attributes: { visit: "brunch" },
      email_opted_out_at: null,
      do_not_contact: false,
    });
    const id = created.body.id as string;
    expect((await who.client.get(`/api/contacts/${id}`)).body).toMatchObject({ id, name: "Robin Diaz" });

    const list = await who.client.get<{ _embedded: { contacts: { id: string }[] }; _total: number }>(
      "/api/contacts?keywords=robin",
    );
    expect(list.status).toBe(200);
    expect(list.body._total).toBe(1);
    expect((await who.client.get("/api/contacts?keywords=555-0142")).body._total).toBe(1);
    expect((await who.client.get("/api/contacts?keywords=nobody")).body._total).toBe(0);
    // Digits inside a word are not a phone number: "ab0142" must not match +15125550142.
    expect((await who.client.get("/api/contacts?keywords=ab0142")).body._total).toBe(0);

    const optedOut = await who.client.patch(`/api/contacts/${id}`, {
      sms_opted_out: true,
      sms_consent: { method: "written", wording: "Texts about my visit" },
    });
    expect(optedOut.status).toBe(200);
    expect(optedOut.body.sms_opted_out_at).toEqual(expect.any(String));
    expect(optedOut.body.sms_consent).toMatchObject({ method: "written", wording: "Texts about my visit" });
    const back = await who.client.patch(`/api/contacts/${id}`, { sms_opted_out: false });
    expect(back.body.sms_opted_out_at).toBeNull();

    expect((await who.client.delete(`/api/contacts/${id}`)).status).toBe(204);
    expect((await who.client.get(`/api/contacts/${id}`)).status).toBe(404);
  });

  it("answers bad input with 400 and the field, and a taken address with 409", async () => {
    const who = await signedIn(t);
    const none = await who.client.post("/api/contacts", { name: "No address" });
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty("email");
    const badEmail = await who.client.post("/api/contacts", { email: "not-an-address" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toEqual({ email: "Enter a valid e-mail address" });
    const badPhone = await who.client.post("/api/contacts", { phone: "123-45" });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors).toEqual({ phone: "Enter a 10-digit US phone number" });
    const badConsent = await who.client.post("/api/contacts", {
      email: "c@example.com",
      sms_consent: { method: "telepathy" },
    });
    expect(badConsent.status).toBe(400);

    expect((await who.client.post("/api/contacts", { email: "same@example.com" })).status).toBe(201);
    const again = await who.client.post("/api/contacts", { email: "SAME@example.com" });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty("email");
    expect((await who.client.post("/api/contacts", { phone: "512.555.0100" })).status).toBe(201);
    const samePhone = await who.client.post("/api/contacts", { phone: "+1 (512) 555-0100" });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.errors).toHaveProperty("phone");
  });

  it("answers 404 for another account's customer, location and upload", async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const mine = await owner.client.post("/api/contacts", { email: "mine@example.com" });
    const theirs = await createLocation(t.ctx.database, other.account.id);
    expect((await other.client.get(`/api/contacts/${mine.body.id}`)).status).toBe(404);
    expect((await other.client.patch(`/api/contacts/${mine.body.id}`, { name: "x" })).status).toBe(404);
    expect((await other.client.delete(`/api/contacts/${mine.body.id}`)).status).toBe(404);
    expect(
      (await owner.client.post("/api/contacts", { email: "loc@example.com", location_id: theirs.id })).status,
    ).toBe(404);
    const up = await upload(owner, "email\na@example.com\n");
    expect((await other.client.get(`/api/uploads/${up.body.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/export/csv/failed_upload_recipients?upload_id=${up.body.id}`)).status).toBe(
      404,
    );
    expect((await upload(owner, "email\na@example.com\n", { location_id: theirs.id })).status).toBe(404);
  });

  it("gates the tool on the ask setting and writes on the contact permission", async () => {
    const off = await signedIn(t, { settings: { ask: "false" } });
    const res = await off.client.get("/api/contacts");
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Review requests are not turned on for this account");
    const viewer = await signedIn(t, { type: "read_only" });
    expect((await viewer.client.get("/api/contacts")).status).toBe(200);
    expect((await viewer.client.post("/api/contacts", { email: "v@example.com" })).status).toBe(403);
    expect((await upload(viewer, "email\nv@example.com\n")).status).toBe(403);
  });

  it("keeps a do-not-contact list: add, find, refuse twice, remove, download", async () => {
    const who = await signedIn(t);
    const added = await who.client.post("/api/do_not_contact", { email: "Never@Example.com", reason: "asked us" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: "never@example.com", phone: null, reason: "asked us" });
    expect((await who.client.post("/api/do_not_contact", { email: "never@example.com" })).status).toBe(409);
    expect((await who.client.post("/api/do_not_contact", { phone: "555" })).body.errors).toHaveProperty("phone");
    expect((await who.client.post("/api/do_not_contact", {})).status).toBe(400);
    const phone = await who.client.post("/api/do_not_contact", { phone: "(512) 555-0111" });
    expect(phone.body.phone).toBe("+15125550111");
    const list = await who.client.get("/api/do_not_contact?keywords=never");
    expect(list.body._total).toBe(1);
    const csv = await who.client.get<string>("/api/export/csv/do_not_contact");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.email || r.phone).sort()).toEqual(["+15125550111", "never@example.com"]);
    // A customer on the list shows it.
    const c = await who.client.post("/api/contacts", { email: "never@example.com" });
    expect(c.body.do_not_contact).toBe(true);
    expect((await who.client.delete(`/api/do_not_contact/${added.body.id}`)).status).toBe(204);
    expect((await who.client.get(`/api/contacts/${c.body.id}`)).body.do_not_contact).toBe(false);
  });
});

describe("uploads", () => {
  it("reads a CSV of recipients and reports each rejected row and why", async () => {
    const who = await signedIn(t);
    await who.client.post("/api/do_not_contact", { email: "blocked@example.com" });
    const out = await who.client.post("/api/contacts", { email: "gone@example.com" });
    await who.client.patch(`/api/contacts/${out.body.id}`, { email_opted_out: true });
    const csv = [
      "Name,Email,Phone,Visit",
      "Ann,ann@example.com,(512) 555-0101,brunch",
      "Bad Mail,not-an-email,,",
      "Bad Phone,,12345,",
      "Nothing,,,",
      "Ann Again,ANN@example.com,,",
      "Blocked,blocked@example.com,,",
      "Gone,gone@example.com,,",
      "Text Only,,512-555-0102,dinner",
    ].join("\r\n");
    const res = await upload(who, csv);
    expect(res.status).toBe(201);
    const done = await finished(who, res.body.id as string);
    expect(done).toMatchObject({
      status: "complete",
      upload_id: res.body.id,
      rows_done: 8,
      total_successful_recipients: 2,
      total_failed_recipients: 6,
    });
    expect(done.report.map((r) => [r.row, r.reason, r.message])).toEqual([
      [2, "bad_email", "Invalid e-mail address"],
      [3, "bad_phone", "Invalid phone number"],
      [4, "no_address", "No e-mail address or phone number"],
      [5, "duplicate", "Duplicate of row 1"],
      [6, "do_not_contact", "On the do-not-contact list"],
      [7, "opted_out", "Opted out"],
    ]);
    expect(done.report[0]!.values).toMatchObject({ name: "Bad Mail", email: "not-an-email" });
    const ann = await who.client.get<{ _embedded: { contacts: Record<string, unknown>[] } }>(
      "/api/contacts?keywords=ann@",
    );
    expect(ann.body._embedded.contacts[0]).toMatchObject({
      name: "Ann",
      phone: "+15125550101",
      custom_attributes: { visit: "brunch" },
    });

    const failed = await who.client.get<string>(`/api/export/csv/failed_upload_recipients?upload_id=${res.body.id}`);
    expect(failed.status).toBe(200);
    const rows = parse(failed.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(6);
    expect(rows[3]).toMatchObject({ row: "5", reason: "Duplicate of row 1", email: "ANN@example.com" });

    const attrs = await who.client.get<string>("/api/export/csv/microsurvey_custom_attributes");
    expect(parse(attrs.body, { columns: true })).toEqual([{ custom_attribute: "visit", customers: "2" }]);
    const template = await who.client.get<string>("/api/export/csv/recipient_template");
    expect(template.body.split("\n")[0]).toBe("name,email,phone,location_id,campaign_id,sms_consent");
  });

  it("updates a customer it already has instead of adding another, and records consent from the file", async () => {
    const who = await signedIn(t);
    const existing = await who.client.post("/api/contacts", { phone: "512-555-0150", name: "Old" });
    const res = await upload(who, "name,email,phone,sms_consent\nNew Name,new@example.com,(512) 555-0150,yes\n");
    const done = await finished(who, res.body.id as string);
    expect(done.total_successful_recipients).toBe(1);
    const after = await who.client.get(`/api/contacts/${existing.body.id}`);
    expect(after.body).toMatchObject({ name: "New Name", email: "new@example.com", phone: "+15125550150" });
    expect(after.body.sms_consent).toMatchObject({ method: "upload" });
    expect((await who.client.get("/api/contacts")).body._total).toBe(1);
  });

  it("adds the good rows of an upload to a draft campaign, and refuses a campaign that is not a draft", async () => {
    const who = await signedIn(t);
    const draft = await createCampaign(who);
    const res = await upload(who, "email\none@example.com\ntwo@example.com\nbad\n", { campaign_id: draft.id });
    const done = await finished(who, res.body.id as string);
    expect(done.total_successful_recipients).toBe(2);
    const recipients = await t.ctx.database.db
      .selectFrom("campaign_recipients")
      .select("contact_id")
      .where("campaign_id", "=", draft.id)
      .execute();
    expect(recipients).toHaveLength(2);

    const sent = await createCampaign(who, "sent");
    const refused = await upload(who, "email\nthree@example.com\n", { campaign_id: sent.id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toHaveProperty("campaign_id");
    // A row naming a campaign that is not a draft is rejected with the reason.
    const perRow = await upload(who, `email,campaign_id\nfour@example.com,${sent.id}\n`);
    const report = await finished(who, perRow.body.id as string);
    expect(report.report.map((r) => r.reason)).toEqual(["campaign_unavailable"]);
  });

  it("fills the do-not-contact list from a do_not_contact upload", async () => {
    const who = await signedIn(t);
    const res = await upload(who, "email,phone\nstop@example.com,\n,512-555-0177\nstop@example.com,\n", {
      kind: "do_not_contact",
    });
    const done = await finished(who, res.body.id as string);
    expect(done).toMatchObject({ total_successful_recipients: 2, total_failed_recipients: 1 });
    expect(done.report[0]).toMatchObject({ row: 3, reason: "duplicate", duplicate_of: 1 });
    expect((await who.client.get("/api/do_not_contact")).body._total).toBe(2);
  });

  it("reports progress while it reads a larger file, and ends in error with a message for a file without addresses", async () => {
    const who = await signedIn(t);
    const lines = ["email"];
    for (let i = 0; i < 12_000; i++) lines.push(`bulk${i}@example.com`);
    const res = await upload(who, lines.join("\n"));
    const seen: Upload[] = [];
    const done = await finished(who, res.body.id as string, seen);
    expect(done).toMatchObject({ status: "complete", rows_done: 12_000, total_successful_recipients: 12_000 });
    // Polled while the job works: processing first, rows done never going back, counted by whole batches.
    expect(seen[0]).toMatchObject({ status: "processing", total_successful_recipients: seen[0]!.rows_done });
    const counts = seen.map((u) => u.rows_done);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    for (const n of counts) expect([0, 5000, 10_000, 12_000]).toContain(n);
    expect((await who.client.get("/api/contacts?per_page=1")).body._total).toBe(12_000);

    const wrong = await upload(who, "first,second\na,b\n");
    const failed = await finished(who, wrong.body.id as string);
    expect(failed).toMatchObject({ status: "error", error: "The CSV needs an email or a phone column" });
  });

  it("answers 400 with the field for a missing file or a bad kind, and stores an image for processing", async () => {
    const who = await signedIn(t);
    const noFile = await who.client.post("/api/upload", {});
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toHaveProperty("file_upload");
    const badKind = await upload(who, "email\na@example.com\n", { kind: "sideways" });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors).toHaveProperty("kind");
    const pdf = await upload(who, "%PDF-1.4", {}, { name: "x.pdf", type: "application/pdf" });
    expect(pdf.status).toBe(400);

    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const image = await upload(who, png, {}, { name: "header.png", type: "image/png" });
    expect(image.status).toBe(201);
    const row = await who.client.get(`/api/uploads/${image.body.id}`);
    expect(row.body).toMatchObject({ kind: "image", status: "complete", mime_type: "image/png" });
    const file = await uploadedFilePath(t.ctx.database.db, who.account.id, image.body.id as string);
    expect(file && fs.readFileSync(file).equals(png)).toBe(true);
    expect(await uploadedFilePath(t.ctx.database.db, (await signedIn(t)).account.id, image.body.id as string)).toBe(
      null,
    );
  });
});
