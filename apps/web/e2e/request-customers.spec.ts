import { expect, test } from "@playwright/test";
import { DEMO, scanA11y, signIn } from "./helpers";

/**
 * Request Reviews › Customers as a Manager uses it: upload a CSV of customers with bad rows, watch it finish,
 * read each rejected row's reason, find an uploaded customer in the list, add one by hand (the form checks the
 * phone), and put an address on the do-not-contact list. No serious or critical axe violation on the way.
 */

test("a Manager uploads customers and sees the rejected rows with their reasons", async ({ page }) => {
  const tag = Date.now().toString(36);
  // Numbers of this run only, so that a retry or a second run does not merge into the first run's customers, and
  // none of the demo's (555-1000 to 555-1319 in Austin): an upload row with a known number updates that customer.
  const n = Date.now() % 2000;
  const [ann, texter, hand] = [2000 + n, 4000 + n, 6000 + n].map(String);
  await signIn(page, DEMO.manager);
  await page.goto("/request-reviews/customers");
  await expect(page.getByRole("heading", { level: 2, name: "Customers" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "customers list");

  // The view tabs work from the keyboard.
  await page.getByRole("tab", { name: "All customers" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Upload" })).toHaveAttribute("aria-selected", "true");

  const csv = [
    "name,email,phone,visit",
    `Ann ${tag},ann-${tag}@example.com,(512) 555-${ann},brunch`,
    `Bad Mail ${tag},not-an-email,,`,
    `Bad Phone ${tag},,12345,`,
    `Nobody ${tag},,,`,
    `Ann Twice ${tag},ANN-${tag}@example.com,,`,
    `Texter ${tag},,512-555-${texter},dinner`,
  ].join("\n");
  await page.locator("input[type=file]").setInputFiles({
    name: `customers-${tag}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const status = page.getByTestId("upload-status");
  await expect(status.getByText("Complete")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("upload-totals")).toHaveText("2 added, 4 rejected");
  const report = page.getByRole("table", { name: "Rejected rows" });
  await expect(report.getByRole("row")).toHaveCount(5);
  await expect(report.getByRole("row", { name: /^2 Invalid e-mail address/ })).toBeVisible();
  await expect(report.getByRole("row", { name: /^3 Invalid phone number/ })).toBeVisible();
  await expect(report.getByRole("row", { name: /^4 No e-mail address or phone number/ })).toBeVisible();
  await expect(report.getByRole("row", { name: /^5 Duplicate of row 1/ })).toBeVisible();
  await scanA11y(page, "upload report");

  // An upload that cannot be read shows the server's message.
  await page.locator("input[type=file]").setInputFiles({
    name: "wrong.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("first,second\na,b\n"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(status.getByRole("alert")).toContainText("The CSV needs an email or a phone column", {
    timeout: 20_000,
  });

  // The uploaded customers are in the list.
  await page.getByRole("tab", { name: "All customers" }).click();
  await page.getByRole("searchbox", { name: "Search customers" }).fill(tag);
  await page.keyboard.press("Enter");
  const customers = page.getByRole("table", { name: "Customers" });
  await expect(customers.getByRole("row")).toHaveCount(3);
  await expect(customers).toContainText(`ann-${tag}@example.com`);
  await expect(customers).toContainText(`+1512555${texter}`);

  // Add one by hand: the phone is checked before anything is sent.
  await page.getByRole("button", { name: "Add customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add customer" });
  await dialog.getByLabel("Name").fill(`Hand ${tag}`);
  await dialog.getByLabel("Phone").fill("555-12");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a 10-digit US phone number")).toBeVisible();
  await dialog.getByLabel("Phone").fill(`(512) 555-${hand}`);
  await dialog.getByLabel("Consent to text messages recorded").check();
  await dialog.getByLabel("Consent wording").fill("Texts about my visit");
  await scanA11y(page, "add customer");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(customers).toContainText(`Hand ${tag}`);
  await expect(customers.getByRole("row", { name: new RegExp(`Hand ${tag}`) })).toContainText("Texts about my visit");

  // The do-not-contact list.
  await page.getByRole("tab", { name: "Do not contact" }).click();
  await page.getByLabel("E-mail").fill(`stop-${tag}@example.com`);
  await page.getByRole("button", { name: "Add to list" }).click();
  await page.getByRole("searchbox", { name: "Search the list" }).fill(`stop-${tag}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("table", { name: "Do-not-contact list" })).toContainText(`stop-${tag}@example.com`);
  await scanA11y(page, "do-not-contact list");
});
