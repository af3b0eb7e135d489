import { randomBytes } from "node:crypto";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import {
  HEADER_IMAGE_MESSAGES,
  type TPushEvents,
  type TRequestTemplate,
  type TRequestTemplateList,
  type TRequestTemplatePreview,
  type TRtxImageEvent,
} from "@starboard/contract/request-templates";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createUser, signedIn } from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let viewer: Client;
type Errors = { errors: Record<string, string>; error: string };

const email = {
  name: "Thank you",
  request_type: "email",
  subject: "How was {location_name}, {customer_first_name}?",
  header_text: "We value your opinion",
  content: "Hi {customer_name},\n\nThanks for visiting {business_name}.\n\n{feedback}\n\n{unsubscribe_link}",
  feedback_type: "stars",
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t, { settings: { sms_requests: "true" } });
  other = await signedIn(t);
  viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
});
afterAll(async () => t?.close());

describe("templates", () => {
  it("creates, reads, lists, changes and deletes a template with every payload field", async () => {
    const res = await owner.client.post<TRequestTemplate>("/api/templates", {
      ...email,
      layout_id: "classic",
      metadata: { tone: "warm" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: owner.account.id,
      request_type_id: 1,
      request_type_symbol: "email",
      layout_id: "classic",
      metadata: { tone: "warm" },
      resource_id: null,
      resource_type: null,
      name: "Thank you",
      subject: email.subject,
      header_text: email.header_text,
      header_image: null,
      use_header_image: false,
      feedback_type: "stars",
    });
    const id = res.body.id;
    expect((await owner.client.get<TRequestTemplate>(`/api/templates/${id}`)).body.name).toBe("Thank you");
    const list = await viewer.get<TRequestTemplateList>("/api/templates?request_type=email");
    expect(list.body._embedded.templates.map((x) => x.id)).toContain(id);
    const patched = await owner.client.patch<TRequestTemplate>(`/api/templates/${id}`, {
      name: "Thanks again",
      feedback_type: "unknown-type",
    });
    expect(patched.body).toMatchObject({ name: "Thanks again", feedback_type: "nps", content: email.content });
    expect((await owner.client.delete(`/api/templates/${id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/templates/${id}`)).status).toBe(404);
  });

  it("answers 400 with the field for unknown placeholders, over-long or missing content", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...email, content: "Hi {first_name}" }, "content"],
      [{ ...email, subject: "Hello {nickname}" }, "subject"],
      [{ ...email, header_text: "{brand}" }, "header_text"],
      [{ ...email, content: "x".repeat(5001) }, "content"],
      [{ ...email, subject: "s".repeat(151) }, "subject"],
      [{ ...email, name: "n".repeat(121) }, "name"],
      [{ ...email, name: " " }, "name"],
      [{ ...email, content: "" }, "content"],
      [{ ...email, request_type: undefined }, "request_type"],
      [{ ...email, header_image: "javascript:alert(1)" }, "header_image"],
      [{ name: "Text", request_type: "sms", content: "y".repeat(481) }, "content"],
      [{ name: "Text", request_type: "sms", content: "é€😀 ".repeat(110) }, "content"],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post<Errors>("/api/templates", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors, JSON.stringify(res.body)).toHaveProperty(field);
    }
    const bad = await owner.client.post<Errors>("/api/templates", { ...email, content: "Hi {first_name}" });
    expect(bad.body.errors.content).toBe("Unknown placeholder {first_name}");
  });

  it("previews an e-mail as sent: the rating row opens the landing page with each score", async () => {
    const res = await owner.client.post<TRequestTemplatePreview>("/api/templates/preview", email);
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe("How was Dallas Uptown, Jordan?");
    for (const score of [1, 2, 3, 4, 5]) expect(res.body.html).toContain(`/r/preview?score=${score}"`);
    expect(res.body.html).not.toContain("?score=0");
    expect(res.body.html).toContain(owner.account.name.replace(/&/g, "&amp;"));
    const nps = await owner.client.post<TRequestTemplatePreview>("/api/templates/preview", {
      ...email,
      feedback_type: "nps",
    });
    for (let score = 0; score <= 10; score++) expect(nps.body.html).toContain(`?score=${score}"`);
  });

  it("previews an SMS with its segment count, the business name and the opt-out line", async () => {
    const res = await owner.client.post<TRequestTemplatePreview>("/api/templates/preview", {
      request_type: "sms",
      content: "Hi {customer_first_name}, how did we do? {review_link}",
    });
    expect(res.body.text.startsWith(`${owner.account.name}: Hi Jordan`)).toBe(true);
    expect(res.body.text.endsWith("Reply STOP to opt out")).toBe(true);
    expect(res.body.sms).toMatchObject({ encoding: "GSM-7", segments: 1 });
    const long = await owner.client.post<TRequestTemplatePreview>("/api/templates/preview", {
      request_type: "sms",
      content: "Thanks! ".repeat(25),
    });
    expect(long.body.sms).toMatchObject({ encoding: "GSM-7", segments: 2, perSegment: 153 });
    const emoji = await owner.client.post<TRequestTemplatePreview>("/api/templates/preview", {
      request_type: "sms",
      content: "Merci 😀",
    });
    expect(emoji.body.sms?.encoding).toBe("UCS-2");
  });

  it("keeps Read Only users and other accounts out", async () => {
    const created = await owner.client.post<TRequestTemplate>("/api/templates", email);
    expect((await viewer.post("/api/templates", email)).status).toBe(403);
    expect((await viewer.patch(`/api/templates/${created.body.id}`, { name: "x" })).status).toBe(403);
    expect((await other.client.get(`/api/templates/${created.body.id}`)).status).toBe(404);
    expect((await other.client.patch(`/api/templates/${created.body.id}`, { name: "x" })).status).toBe(404);
    expect((await other.client.delete(`/api/templates/${created.body.id}`)).status).toBe(404);
    const sms = await other.client.post<Errors>("/api/templates", { name: "t", request_type: "sms", content: "Hi" });
    expect(sms.status).toBe(403);
  });
});

async function uploadImage(who: typeof owner, bytes: Buffer, type = "image/png") {
  const form = new FormData();
  form.set("file_upload", new Blob([new Uint8Array(bytes)], { type }), "header.png");
  form.set("auth_token", who.credentials.token);
  const auth = Buffer.from(`${who.credentials.email}:${who.credentials.token}`).toString("base64");
  const res = await fetch(`${t.baseUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Basic ${auth}`, Accept: MEDIA_TYPE },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A noisy picture (noise does not compress: a realistic file size). */
function noise(width: number, height: number) {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function process(resourceId: string, bytes: Buffer) {
  const uploadId = await uploadImage(owner, bytes);
  const queued = await owner.client.post<TRtxImageEvent>("/api/webhooks/rtx-images", {
    event: "process",
    label: "header_image",
    account_id: owner.account.id,
    resource_id: resourceId,
    mime_type: "image/png",
    s3_path: `uploads/${uploadId}`,
  });
  expect(queued.status).toBe(202);
  expect(queued.body).toMatchObject({ action: "processing", channel: `rtx_images-${resourceId}` });
  for (let i = 0; i < 40; i++) {
    const push = await owner.client.get<TPushEvents>(`/api/push?channel=rtx_images-${resourceId}&wait=5`);
    expect(push.status).toBe(200);
    const event = push.body.events.find((e) => e.id === queued.body.id);
    if (event && event.action !== "processing") return event;
  }
  throw new Error("no completion event");
}

describe("header images (rtx-images)", () => {
  it("checks, resizes and stores an image through sharp; the template takes it", async () => {
    const template = await owner.client.post<TRequestTemplate>("/api/templates", email);
    const event = await process(template.body.id, await noise(1600, 500));
    expect(event).toMatchObject({ action: "processing_complete", width: 1200, height: 375, message: null });
    const url = new URL(event.url as string);
    const image = await fetch(`${t.baseUrl}${url.pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 375]);
    const updated = await owner.client.get<TRequestTemplate>(`/api/templates/${template.body.id}`);
    expect(updated.body).toMatchObject({ header_image: event.url, use_header_image: true });
  });

  it("reports the image rules' messages on the channel", async () => {
    const small = await process("new-template-1", await noise(200, 200));
    expect(small).toMatchObject({ action: "error", message: HEADER_IMAGE_MESSAGES.tooSmallPixels });
    const flat = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const tiny = await process("new-template-2", flat);
    expect(tiny).toMatchObject({ action: "error", message: HEADER_IMAGE_MESSAGES.tooFewBytes });
  });

  it("answers 400 with the field for a bad webhook, and 404 for another account", async () => {
    const bad = await owner.client.post<Errors>("/api/webhooks/rtx-images", {
      event: "process",
      resource_id: "x",
      mime_type: "image/gif",
      s3_path: crypto.randomUUID(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.mime_type).toBe(HEADER_IMAGE_MESSAGES.type);
    const unknown = await owner.client.post<Errors>("/api/webhooks/rtx-images", {
      event: "process",
      resource_id: "x",
      mime_type: "image/png",
      s3_path: crypto.randomUUID(),
    });
    expect(unknown.body.errors).toHaveProperty("s3_path");
    const uploadId = await uploadImage(owner, await noise(300, 300));
    const foreign = await other.client.post<Errors>("/api/webhooks/rtx-images", {
      event: "process",
      resource_id: "x",
      mime_type: "image/png",
      s3_path: uploadId,
    });
    expect(foreign.status).toBe(400);
    expect((await other.client.get(`/api/push?channel=rtx_images-x&account_id=${owner.account.id}`)).status).toBe(404);
    expect((await owner.client.get<Errors>("/api/push?channel=other")).status).toBe(400);
  });
});
