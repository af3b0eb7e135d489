import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, PASSWORD, scanA11y, signIn } from "./helpers";

/**
 * The SMS half of issue 16's "Done when": an SMS campaign goes through a local fake of the SMS API and a STOP
 * reply stops the next. The demo account texts through the server's own Twilio sandbox (features/sandboxes),
 * on E2E_PORT+4 (playwright.config.ts): a Manager creates an SMS template and an SMS campaign for two customers
 * with phones and SMS consent and sends it; both texts reach the fake (the business name, the opt-out line and
 * the link); one customer replies STOP; a second campaign to both reaches only the other, and the campaign's
 * page shows the first customer skipped as opted out.
 */

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const TWILIO = `http://127.0.0.1:${Number(env.E2E_PORT ?? 3100) + 4}`;

type TFakeSms = { to: string; from: string; body: string; direction: string };
type TAuth = { headers: Record<string, string> };

async function auth(request: APIRequestContext, who: string): Promise<TAuth> {
  const answer = await request.post("/api/auth", { data: { email: who, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  const { email, token } = await answer.json();
  return { headers: { Authorization: `Basic ${btoa(`${email}:${token}`)}` } };
}

async function api<T>(request: APIRequestContext, as: TAuth, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: as.headers, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The texts the sandbox sent to a phone through its Messages API (not replies to keywords). */
async function textsTo(request: APIRequestContext, phone: string): Promise<TFakeSms[]> {
  const res = await request.get(`${TWILIO}/__fake/messages`);
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as { messages: TFakeSms[] };
  return messages.filter((m) => m.to === phone && m.direction === "outbound-api");
}

/** Picks an option of a Mantine Select or MultiSelect, typing a search first when given. */
async function pick(page: Page, label: string, option: string | RegExp, search?: string) {
  const input = page
    .getByRole("textbox", { name: label })
    .or(page.getByRole("combobox", { name: label }))
    .first();
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

/** A Manager creates an SMS campaign from the template for these customers, sends it, and is left on its page. */
async function sendSmsCampaign(page: Page, name: string, template: string, customers: string[]) {
  await page.goto("/request-reviews/campaigns/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("radio", { name: "SMS" }).check({ force: true });
  await pick(page, "Locations", /./);
  await pick(page, "Template", template);
  for (const customer of customers) await pick(page, "Recipients", new RegExp(customer), customer);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recipients" }).getByRole("row")).toHaveCount(customers.length + 1);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText(/Sending|Sent/);
}

/** The status and reason cells of a customer's row once the campaign's page shows it settled. */
function rowOf(page: Page, customer: string) {
  return page.getByRole("table", { name: "Recipients" }).getByRole("row").filter({ hasText: customer });
}

test("an SMS campaign goes through the fake SMS API and a STOP reply stops the next", async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const owner = await auth(request, DEMO.owner);
  const manager = await auth(request, DEMO.manager);

  // What the demo may lack: SMS requests on, no quiet hours and no 30-day gap during the test (restored after).
  const settings = await api<{ _embedded: { account_settings: { id: string; code: string; value: string }[] } }>(
    request,
    owner,
    "GET",
    "/account_settings?per_page=500",
  );
  const sms = settings._embedded.account_settings.find((s) => s.code === "sms_requests");
  if (sms && sms.value !== "true") await api(request, owner, "PATCH", `/account_settings/${sms.id}`, { value: "true" });
  type TSettings = { quiet_hours_start: string; quiet_hours_end: string; min_days_between_requests: number };
  const before = await api<TSettings>(request, manager, "GET", "/request_settings");
  await api(request, manager, "PUT", "/request_settings", {
    quiet_hours_start: "00:00",
    quiet_hours_end: "00:00",
    min_days_between_requests: 0,
  });

  try {
    const { _embedded } = await api<{ _embedded: { accounts: { name: string }[] } }>(
      request,
      manager,
      "GET",
      "/accounts",
    );
    const business = _embedded.accounts[0]?.name ?? "";
    expect(business).not.toBe("");

    // Two customers with phones (unique to this run) and written consent to texts.
    const line = 1000 + (Date.now() % 8000);
    const customers = [`Stella ${tag}`, `Otto ${tag}`];
    const phones: string[] = [];
    for (const [i, name] of customers.entries()) {
      const contact = await api<{ phone: string }>(request, manager, "POST", "/contacts", {
        name,
        phone: `(512) 201-${line + i}`,
        sms_consent: { method: "written", wording: "Yes, text me about my visit." },
      });
      phones.push(contact.phone);
    }
    const [stopper, other] = phones as [string, string];

    // The Manager writes an SMS template (the default text with the link) and sends a campaign with it.
    await signIn(page, DEMO.manager);
    await page.goto("/request-reviews/templates/new");
    await page.getByLabel("Name").fill(`Text ${tag}`);
    await page.getByRole("radio", { name: "SMS" }).check({ force: true });
    await expect(page.getByTestId("sms-preview")).toContainText("Reply STOP to opt out");
    await page.getByRole("button", { name: "Create template" }).click();
    await expect(page.getByRole("link", { name: `Text ${tag}` })).toBeVisible();

    await sendSmsCampaign(page, `First texts ${tag}`, `Text ${tag}`, customers);

    // Both texts reach the fake Twilio: the business, the opt-out line and the customer's own link.
    for (const phone of phones) {
      await expect.poll(async () => (await textsTo(request, phone)).length, { timeout: 60_000 }).toBe(1);
      const [text] = await textsTo(request, phone);
      expect(text?.from).toBe("+15005550006");
      expect(text?.body).toContain(business);
      expect(text?.body).toContain("Reply STOP to opt out");
      expect(text?.body).toMatch(/https?:\/\/\S+\/r\/[A-Za-z0-9_-]+/);
    }
    await page.reload();
    for (const customer of customers) {
      await expect(rowOf(page, customer).getByTestId("recipient-status")).toHaveText(/Sent|Delivered/, {
        timeout: 30_000,
      });
    }

    // The first customer texts STOP back: our webhook takes it (signed by the fake) and answers 200.
    const reply = await request.post(`${TWILIO}/__fake/reply`, { data: { From: stopper, Body: "STOP" } });
    expect(reply.ok()).toBe(true);
    expect(((await reply.json()) as { status: number | null }).status).toBe(200);

    // The next campaign to both reaches only the other customer.
    await sendSmsCampaign(page, `Second texts ${tag}`, `Text ${tag}`, customers);
    await expect.poll(async () => (await textsTo(request, other)).length, { timeout: 60_000 }).toBe(2);
    await expect(page.getByTestId("campaign-status")).toHaveText("Sent", { timeout: 30_000 });
    await page.reload();
    await expect(rowOf(page, customers[0] as string).getByTestId("recipient-status")).toHaveText("Skipped");
    await expect(rowOf(page, customers[0] as string)).toContainText("Opted out");
    await expect(rowOf(page, customers[1] as string).getByTestId("recipient-status")).toHaveText(/Sent|Delivered/);
    expect(await textsTo(request, stopper)).toHaveLength(1);

    // The campaign's page has no serious or critical accessibility violation.
    await scanA11y(page, "campaign page");
  } finally {
    await api(request, manager, "PUT", "/request_settings", {
      quiet_hours_start: before.quiet_hours_start,
      quiet_hours_end: before.quiet_hours_end,
      min_days_between_requests: before.min_days_between_requests,
    });
  }
});
