import { expect, type Page, test } from "@playwright/test";
import { DEMO, scanA11y, signIn } from "./helpers";

/**
 * The Alerts settings screen (/settings/alerts) driven as the owner uses it: add an alert narrowed to one
 * location and to five-star reviews, change how often it comes, switch it off from the keyboard, delete it.
 * The owner also has the demo's own alerts (instant, for every location): this spec finds the alert it
 * adds by the location it chose, and leaves the list as it found it.
 */

/** Picks an option of one of the form's selects (Alert type, Frequency). */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole("combobox", { name: label });
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** Opens a filter dropdown of the form (`filter-location`, `filter-rating`). */
async function open(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await expect(page.getByTestId(`${testId}-dropdown`)).toBeVisible();
}

test("the owner adds, edits, switches off and deletes an alert", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/settings/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alerts", exact: true })).toBeVisible();
  await expect(page.getByTestId("alerts-table")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "/settings/alerts");

  // Add: the form asks for a type and a frequency before anything is sent.
  await page.getByRole("link", { name: "Add Alert" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Alert" })).toBeVisible();
  await page.getByRole("button", { name: "Save Alert" }).click();
  await expect(page.getByText("Alert type is required")).toBeVisible();
  await expect(page.getByText("Frequency is required")).toBeVisible();

  await choose(page, "Alert type", "New review");
  await choose(page, "Frequency", "Weekly digest");

  await open(page, "filter-location");
  const locations = page.getByTestId("filter-location-dropdown").getByRole("option");
  await expect(locations.nth(1)).toBeVisible();
  const first = locations.filter({ hasNotText: "All locations" }).first();
  const locationName = (await first.locator("p").first().textContent())?.trim() ?? "";
  expect(locationName).not.toBe("");
  await first.click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("filter-location")).toHaveText(locationName);

  await open(page, "filter-rating");
  await page.getByTestId("filter-rating-dropdown").getByRole("option", { name: "5 Star" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("filter-rating")).toHaveText("5 Star");
  await scanA11y(page, "/settings/alerts/new");

  await page.getByRole("button", { name: "Save Alert" }).click();
  await expect(page.getByText("Alert created")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/alerts$/);
  const row = page.getByTestId("alert-row").filter({ hasText: locationName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("New review");
  await expect(row).toContainText("Weekly digest");
  await expect(row).toContainText("5 Star");

  // Edit: the form holds what was saved; the frequency changes.
  await row.getByRole("link", { name: "Edit alert: New review, Weekly digest" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Alert" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Alert type" })).toHaveValue("New review");
  await expect(page.getByTestId("filter-location")).toHaveText(locationName);
  await choose(page, "Frequency", "Daily digest");
  await page.getByRole("button", { name: "Save Alert" }).click();
  await expect(page.getByText("Alert saved")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/alerts$/);
  await expect(row).toContainText("Daily digest");

  // Switch it off from the keyboard.
  const sending = row.getByRole("switch", { name: "Send alert: New review, Daily digest" });
  await expect(sending).toBeChecked();
  await sending.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Alert switched off")).toBeVisible();
  await expect(sending).not.toBeChecked();

  // Delete, after confirming.
  await row.getByRole("button", { name: "Delete alert: New review, Daily digest" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete alert" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Alert" }).click();
  await expect(page.getByText("Alert deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
});
