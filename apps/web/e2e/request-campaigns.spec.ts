import { expect, type Page, test } from "@playwright/test";
import { DEMO, managerApi, PASSWORD, scanA11y, signIn } from "./helpers";

/**
 * Request Reviews › Templates and Campaigns as a Manager uses them: create an e-mail template (its preview shows
 * the rating row), create a campaign from it for a customer (a preview as sent beside the form), send it; a
 * Read Only user sees the campaign but cannot send it (no button; the API answers 403). No serious or critical
 * axe violation on the way.
 */

// The e-mail preview is a sandboxed frame (no scripts): the message is checked by the server's tests.
const scan = (page: Page, label: string) => scanA11y(page, label, { exclude: ['iframe[title="E-mail preview"]'] });

/** Picks options of a Mantine Select or MultiSelect by typing and choosing. */
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

test("a Manager creates a template and a campaign, previews it and sends it; Read Only cannot send", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const api = await managerApi(request);
  await api.post("/contacts", { name: `Casey ${tag}`, email: `casey-${tag}@example.com` });

  await signIn(page, DEMO.manager);
  await page.goto("/request-reviews/templates");
  await expect(page.getByRole("heading", { level: 2, name: "Templates" })).toBeVisible();
  await page.getByRole("link", { name: "New template" }).click();
  await page.getByLabel("Name").fill(`Thanks ${tag}`);
  await page.getByLabel("Subject").fill("How was {location_name}, {customer_first_name}?");
  // The live preview renders the message with a sample customer and the rating row (NPS 0-10).
  await expect(page.getByTestId("email-subject")).toHaveText("How was Dallas Uptown, Jordan?");
  const frame = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(frame.getByRole("link", { name: "10 out of 10" })).toHaveAttribute("href", /score=10$/);
  // An unknown placeholder is refused with the field.
  const content = page.getByLabel("Content");
  await content.fill("Hi {nickname}, {feedback}");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByText("Unknown placeholder {nickname}")).toBeVisible();
  await content.fill("Hi {customer_first_name},\n\nThanks for choosing {business_name}.\n\n{feedback}");
  await scan(page, "template form");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByRole("link", { name: `Thanks ${tag}` })).toBeVisible();

  // SMS: the segment count follows the text.
  await page.getByRole("link", { name: "New template" }).click();
  await page.getByRole("radio", { name: "SMS" }).check({ force: true });
  await expect(page.getByTestId("sms-preview")).toContainText("Reply STOP to opt out");
  await expect(page.getByTestId("sms-segments")).toContainText("1 segment");
  await page.getByLabel("Content").fill("Thanks! ".repeat(25));
  await expect(page.getByTestId("sms-segments")).toContainText("2 segments");
  await page.getByRole("button", { name: "Cancel" }).click();

  // A campaign from it, for the customer.
  await page.goto("/request-reviews/campaigns");
  await expect(page.getByRole("heading", { level: 2, name: "Campaigns" })).toBeVisible();
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Spring ${tag}`);
  await pick(page, "Locations", /./);
  await pick(page, "Template", `Thanks ${tag}`);
  await pick(page, "Recipients", new RegExp(`Casey ${tag}`), `Casey ${tag}`);
  await expect(page.getByTestId("email-subject")).toHaveText(/^How was .+, Jordan\?$/);
  await scan(page, "campaign form");
  await page.getByRole("button", { name: "Create draft" }).click();

  await expect(page.getByRole("heading", { level: 3, name: `Spring ${tag}` })).toBeVisible();
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");
  await expect(page.getByRole("table", { name: "Recipients" })).toContainText(`Casey ${tag}`);
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText("Thanks for choosing")).toBeVisible();
  await scan(page, "campaign draft");
  const campaignUrl = page.url();

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText(/Sending|Sent/);
  await expect(page.getByRole("button", { name: "Send now" })).toHaveCount(0);

  // Read Only: the campaign is visible, sending is not offered, and the API refuses it.
  const viewer = await page.context().browser()?.newContext();
  if (!viewer) throw new Error("no browser");
  const viewerPage = await viewer.newPage();
  await signIn(viewerPage, DEMO.viewer);
  await viewerPage.goto(new URL(campaignUrl).pathname);
  await expect(viewerPage.getByRole("heading", { level: 3, name: `Spring ${tag}` })).toBeVisible();
  await expect(viewerPage.getByText("sending needs the campaign permission")).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "Send now" })).toHaveCount(0);
  const auth = await request.post("/api/auth", { data: { email: DEMO.viewer, password: PASSWORD } });
  const { email, token } = await auth.json();
  const id = new URL(campaignUrl).pathname.split("/").pop();
  const refused = await request.post(`/api/campaigns/${id}/cancel`, {
    headers: { Authorization: `Basic ${btoa(`${email}:${token}`)}` },
    data: {},
  });
  expect(refused.status()).toBe(403);
  await viewer.close();
});
