import { expect, type Page, test } from "@playwright/test";
import { DEMO, managerApi, signIn } from "./helpers";

/**
 * The "Done when" scenario: a Manager creates a template, uploads customers (bad rows shown with their
 * reasons), sends a campaign; the local SMTP server (playwright.config.ts) receives the e-mails; each customer
 * follows the link of their rating (1 and 5) to the landing page, where both see the same public review sites;
 * the answers appear in /reviews as Starboard Feedback reviews.
 */

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const SMTP_READOUT = `http://127.0.0.1:${Number(env.E2E_PORT ?? 3100) + 3}`;

type TMail = { to: string[] | string; subject: string; raw: string };

/** The one-tap address of a score in a message (quoted-printable undone). */
function scoreLinkIn(raw: string, score: number): string {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = text.match(new RegExp(`https?://[^\\s"<>]+/r/[A-Za-z0-9_-]+\\?score=${score}(?![0-9])`));
  if (!match) throw new Error(`no score ${score} link in the message`);
  return match[0];
}

/** Picks an option of a Mantine Select or MultiSelect. */
async function pick(page: Page, label: string, option: string | RegExp) {
  const input = page
    .getByRole("textbox", { name: label })
    .or(page.getByRole("combobox", { name: label }))
    .first();
  await input.click();
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

async function mailTo(page: Page, address: string): Promise<TMail> {
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${SMTP_READOUT}/messages?to=${encodeURIComponent(address)}`);
        const list = (await res.json()) as TMail[];
        found = list[0];
        return list.length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  return found as TMail;
}

type TRequestSettings = { quiet_hours_start: string; quiet_hours_end: string; min_days_between_requests: number };

// The account's quiet hours (21:00 to 08:00 in each location's zone by default) would hold the e-mails whenever
// the run falls in them: off for this test (a start equal to the end), as they were afterwards.
let restoreSettings: (() => Promise<unknown>) | undefined;
test.beforeEach(async ({ request }) => {
  const api = await managerApi(request);
  const { quiet_hours_start, quiet_hours_end, min_days_between_requests } =
    await api.get<TRequestSettings>("/request_settings");
  await api.put("/request_settings", {
    quiet_hours_start: "00:00",
    quiet_hours_end: "00:00",
    min_days_between_requests,
  });
  restoreSettings = () =>
    api.put("/request_settings", { quiet_hours_start, quiet_hours_end, min_days_between_requests });
});
test.afterEach(async () => {
  await restoreSettings?.();
});

test("a Manager sends a campaign; customers rate from the e-mail; the answers reach /reviews", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const low = `low-${tag}@example.com`;
  const high = `high-${tag}@example.com`;

  await signIn(page, DEMO.manager);
  await page.goto("/request-reviews/templates/new");
  await page.getByLabel("Name").fill(`Flow ${tag}`);
  await pick(page, "Feedback type", "Stars");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByRole("link", { name: `Flow ${tag}` })).toBeVisible();

  await page.goto("/request-reviews/campaigns/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Flow ${tag}`);
  await pick(page, "Locations", /./);
  await pick(page, "Template", `Flow ${tag}`);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 3, name: `Flow ${tag}` })).toBeVisible();

  // Customers from a CSV, with bad rows shown and why.
  const csv = [
    "name,email,phone",
    `Lou ${tag},${low},`,
    `Hana ${tag},${high},`,
    `Broken ${tag},not-an-email,`,
    `Nobody ${tag},,`,
  ].join("\n");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const upload = page.getByTestId("campaign-upload");
  await expect(upload).toContainText("2 recipients added, 2 rows rejected", { timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Rejected rows" }).getByRole("row")).toHaveCount(3);
  await page.reload();
  await expect(page.getByRole("table", { name: "Recipients" })).toContainText(`Hana ${tag}`);

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText(/Sending|Sent/);

  const lowMail = await mailTo(page, low);
  const highMail = await mailTo(page, high);
  const publicOptions: string[][] = [];
  for (const [mail, score] of [
    [lowMail, 1],
    [highMail, 5],
  ] as const) {
    const customer = await browser.newPage();
    const link = new URL(scoreLinkIn(mail.raw, score));
    await customer.goto(`${link.pathname}${link.search}`);
    await expect(customer.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
    publicOptions.push(
      await customer
        .locator("[data-public-options] a")
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)),
    );
    await customer.close();
  }
  // No review gating: whatever the score, the same public sites in the same order.
  expect(publicOptions[0]).toEqual(publicOptions[1]);

  await page.goto("/reviews");
  await expect(page.getByText(`Hana ${tag}`).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Lou ${tag}`).first()).toBeVisible();
});
