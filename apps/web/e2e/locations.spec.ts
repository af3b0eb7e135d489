import { expect, type Page, test } from "@playwright/test";
import { DEMO, FILTER_BAR, scanA11y, signIn } from "./helpers";

/**
 * Locations (docs/product/locations.md, issue 15) driven as people use them: the owner adds a location (meeting
 * each required-field message first), sets weekly hours with a 24-hour day and a split day, adds holiday hours
 * through the modal (meeting the duplicate, ten-year and within-24-hours rules), applies bulk hours to several
 * locations and deletes the location; a Read Only user sees no edit controls.
 */

const scan = (page: Page, label: string) => scanA11y(page, label, { exclude: [FILTER_BAR] });

/** A text field or a typeahead (combobox) by its accessible name. */
function field(page: Page, name: string) {
  return page.getByRole("textbox", { name, exact: true }).or(page.getByRole("combobox", { name, exact: true }));
}

/** Types a time into a time field and leaves it (the field commits on blur). */
async function setTime(page: Page, label: string, value: string) {
  const input = field(page, label);
  await input.fill(value);
  await input.press("Tab");
}

/** Closes a toast by its Close button (it would cover the buttons under it). */
async function closeToast(page: Page, text: string) {
  const toast = page.getByRole("alert").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toBeHidden();
}

const pad = (n: number) => String(n).padStart(2, "0");
/** MM/DD/YYYY of today plus `days` (and `years`). */
function dateIn(days: number, years = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setFullYear(d.getFullYear() + years);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}
/** MM/DD/YY as the detail page shows it. */
const shortDate = (mmddyyyy: string) => `${mmddyyyy.slice(0, 6)}${mmddyyyy.slice(8)}`;

async function setDate(page: Page, label: string, value: string) {
  const input = field(page, label);
  await input.fill(value);
  await page.keyboard.press("Escape");
  await input.blur();
}

const NAME = `E2E Location ${Date.now()}`;

test.describe.configure({ mode: "serial" });

test("the owner adds a location, with its required fields, weekly hours and holiday hours", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  await expect(page.getByRole("heading", { level: 1, name: "Locations", exact: true })).toBeVisible();
  await expect(page.getByTestId("locations-table")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scan(page, "/settings/locations");

  // Add: each required field says so when left empty.
  await page.getByRole("button", { name: "Add Location" }).click();
  const heading = page.getByRole("heading", { level: 1, name: "Add Location" });
  const cont = page.getByRole("button", { name: "Continue" });
  await expect(heading.or(cont)).toBeVisible();
  if (await cont.isVisible()) {
    // The billing preview: an admin sees the monthly cost in USD.
    await expect(page.getByTestId("billing-preview")).toContainText(/\$[\d,]+\.\d\d\/month/);
    await cont.click();
  }
  await expect(heading).toBeVisible();
  await expect(page.getByText("* Required")).toBeVisible();
  await expect(field(page, "Country")).toHaveValue("United States");
  const required: [string, string][] = [
    ["Internal Name", "Internal Name is required"],
    ["Public Name", "Public Name is required"],
    ["Address", "Address is required"],
    ["City", "City is required"],
    ["State", "State is required"],
    ["Zip code", "Zip Code is required"],
  ];
  for (const [label, message] of required) {
    const input = field(page, label);
    await input.focus();
    await input.blur();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const country = field(page, "Country");
  await country.fill("");
  await country.blur();
  await expect(page.getByText("Country is required", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByText("There is missing required information. Please review the form and try again."),
  ).toBeVisible();

  // Typing clears the message.
  await field(page, "Internal Name").fill(NAME);
  await expect(page.getByText("Internal Name is required", { exact: true })).toBeHidden();
  await field(page, "Public Name").fill(`${NAME} Public`);
  await field(page, "Address").fill("100 Congress Ave");
  await field(page, "City").fill("Austin");
  await country.fill("United States");
  await page.getByRole("option", { name: "United States", exact: true }).first().click();
  await field(page, "State").fill("Texas");
  await page.keyboard.press("Escape");
  await field(page, "Zip code").fill("78701");
  for (const [, message] of required) await expect(page.getByText(message, { exact: true })).toBeHidden();

  // Weekly hours: every day starts closed; Monday open 24 hours; Tuesday split in two ranges.
  await page.getByRole("button", { name: "Add Hours" }).click();
  await expect(page.getByRole("checkbox", { name: "Monday closed" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Monday closed" }).uncheck();
  await setTime(page, "Monday opens", "24 hours");
  await expect(field(page, "Monday closes")).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Tuesday closed" }).uncheck();
  await setTime(page, "Tuesday opens", "5:00 PM");
  await setTime(page, "Tuesday closes", "21:00");
  await page.getByRole("button", { name: "Add hours for Tuesday" }).click();
  await setTime(page, "Tuesday opens (2)", "9:00AM");
  await setTime(page, "Tuesday closes (2)", "1:00 PM");
  await setTime(page, "Tuesday opens (2)", "25:00");
  await expect(page.getByText("Invalid time")).toBeVisible();
  await setTime(page, "Tuesday opens (2)", "9:00 AM");
  await expect(page.getByText("Invalid time")).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await scan(page, "/settings/locations/new");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Location created successfully.")).toBeVisible();
  // The owner holds group permission: the groups step comes next.
  await expect(page.getByRole("heading", { level: 1, name: "Add to Groups" })).toBeVisible();
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(/\/settings\/locations$/);

  // The details: hours as h:mm A, '24 hrs' or 'Closed'; no external ID.
  await page.getByRole("searchbox", { name: "Search locations" }).fill(NAME);
  await page.getByRole("searchbox", { name: "Search locations" }).press("Enter");
  await expect(page).toHaveURL(/keywords=/);
  await page.getByRole("link", { name: NAME, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const hours = page.getByTestId("operating-hours");
  await expect(hours.getByRole("row", { name: /Monday/ })).toContainText("24 hrs");
  await expect(hours.getByRole("row", { name: /Tuesday/ })).toContainText("9:00 AM - 1:00 PM, 5:00 PM - 9:00 PM");
  await expect(hours.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
  await expect(page.getByText("No External ID")).toBeVisible();
  await expect(page.getByText("You have no Holiday Hours set.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Landing Pages" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Review Sources" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scan(page, "location details");
  // The back link keeps the list query.
  await expect(page.getByRole("link", { name: "Back to Locations" })).toHaveAttribute("href", /keywords=/);

  // Holiday hours: collapsed until opened; the modal's rules.
  await page.getByRole("button", { name: "Edit Location" }).click();
  await expect(page.getByTestId("location-form")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Holiday Hours" })).toBeHidden();
  await page.getByRole("button", { name: "Holiday Hours" }).click();
  await expect(page.getByText("You have no Holiday Hours set.")).toBeVisible();
  await page.getByRole("button", { name: "Add Holiday Hours" }).click();
  const modal = page.getByRole("dialog", { name: "Add Holiday Hours" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal.getByText("You must have a date selected")).toBeVisible();

  const tomorrow = dateIn(1);
  await setDate(page, "Date 1", tomorrow);
  await expect(modal.getByText("This date is within 24hrs so it may not be updated in time.")).toBeVisible();
  await modal.getByRole("checkbox", { name: "Date 1 closed" }).check();

  await modal.getByRole("button", { name: "Add another date" }).click();
  await setDate(page, "Date 2", tomorrow);
  await modal.getByRole("checkbox", { name: "Date 2 closed" }).check();
  await expect(modal.getByText("You already have special hours set for this date.")).toBeVisible();
  await setDate(page, "Date 2", dateIn(0, 10));
  await expect(modal.getByText("Date cannot be more than 10 years in advance.")).toBeVisible();
  const later = dateIn(20);
  await setDate(page, "Date 2", later);
  await modal.getByRole("checkbox", { name: "Date 2 closed" }).uncheck();
  await expect(modal.getByText("Date cannot be more than 10 years in advance.")).toBeHidden();
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal.getByText("You must have an opening and closing time if location is open.")).toBeVisible();
  await setTime(page, "Date 2 opens", "10:00 AM");
  await setTime(page, "Date 2 closes", "2:00 PM");
  await expect(modal.getByText("You must have an opening and closing time if location is open.")).toBeHidden();

  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal.getByTestId("holiday-override-warning")).toBeVisible();
  await modal.getByRole("button", { name: "Continue anyway" }).click();
  await expect(modal).toBeHidden();
  const table = page.getByTestId("holiday-hours-table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(shortDate(tomorrow));
  await expect(table).toContainText("10:00 AM - 2:00 PM");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Override Holiday Hours" });
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Location updated successfully.")).toBeVisible();
  const card = page.getByTestId("holiday-hours-card");
  await expect(card).toContainText(shortDate(tomorrow));
  await expect(card).toContainText(shortDate(later));
  await expect(card).toContainText("Closed");
});

test("the owner applies hours to several locations at once", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  const rows = page.getByTestId("location-row");
  await expect(rows.nth(1)).toBeVisible();
  const names: string[] = [];
  for (const i of [0, 1]) {
    names.push((await rows.nth(i).getByRole("link").textContent())?.trim() ?? "");
    await rows.nth(i).getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Edit Hours (2)" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Hours" });
  await expect(modal.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await modal.getByRole("checkbox", { name: "Wednesday closed" }).uncheck();
  await setTime(page, "Wednesday opens", "8:00 AM");
  await setTime(page, "Wednesday closes", "6:30 PM");
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Successfully updated hours")).toBeVisible();
  for (const name of names) {
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByTestId("operating-hours").getByRole("row", { name: /Wednesday/ })).toContainText(
      "8:00 AM - 6:30 PM",
    );
    await page.getByRole("link", { name: "Back to Locations" }).click();
  }
});

test("the owner deletes the location added", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto(`/settings/locations?keywords=${encodeURIComponent(NAME)}&search_type=full`);
  await page.getByRole("link", { name: NAME, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Location" });
  await dialog.getByRole("button", { name: "Delete Location" }).click();
  await expect(page.getByText(`${NAME} successfully deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/locations\?.*keywords=/);
  await expect(page.getByRole("link", { name: NAME, exact: true })).toHaveCount(0);
});

test("a Read Only user sees no edit controls", async ({ page }) => {
  await signIn(page, DEMO.viewer);
  await page.goto("/settings/locations");
  await expect(page.getByTestId("locations-table")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Location" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Edit Hours/ })).toHaveCount(0);
  await expect(page.getByTestId("location-row").first().getByRole("checkbox")).toHaveCount(0);
  await page.getByTestId("location-row").first().getByRole("link").click();
  await expect(page.getByTestId("location-view")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Location" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  // withEdit=true does not open edit mode for a user who may not update.
  await page.goto(`${new URL(page.url()).pathname}?withEdit=true`);
  await expect(page.getByTestId("location-view")).toBeVisible();
  await expect(page.getByTestId("location-form")).toHaveCount(0);
});

test("the owner sets a directory-specific phone number", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  await page.getByTestId("location-row").nth(3).getByRole("link").click();
  await page.getByRole("button", { name: "Edit Location" }).click();
  const editor = page.getByTestId("overrides-editor");
  await expect(editor).toBeVisible();
  const box = editor.getByRole("checkbox", { name: "Use a different Google phone" });
  await box.uncheck();
  await box.check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(editor.getByText("Enter phone number or unselect directory")).toBeVisible();
  await closeToast(page, "There is missing required information. Please review the form and try again.");
  await editor.getByRole("textbox", { name: "Google phone", exact: true }).fill("(512) 555-0199");
  await expect(editor.getByText("Enter phone number or unselect directory")).toBeHidden();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Location updated successfully.")).toBeVisible();
  await expect(page.getByTestId("overrides-view")).toContainText("Google phone: (512) 555-0199");
  // Unchecking clears it.
  await page.getByRole("button", { name: "Edit Location" }).click();
  await page.getByTestId("overrides-editor").getByRole("checkbox", { name: "Use a different Google phone" }).uncheck();
  await expect(
    page.getByTestId("overrides-editor").getByRole("textbox", { name: "Google phone", exact: true }),
  ).toHaveValue("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Location updated successfully.")).toBeVisible();
  await expect(page.getByTestId("location-view")).not.toContainText("Google phone: (512) 555-0199");
});

test("a healthcare user finds an NPI by number and by name", async ({ page }) => {
  await signIn(page, DEMO.clinic);
  await page.goto("/settings/locations");
  await expect(page.getByTestId("locations-table")).toBeVisible();
  // A location in Denver, CO (the lookup by name sends the address too).
  await page.getByTestId("location-row").filter({ hasText: ", CO " }).first().getByRole("link").click();
  await page.getByRole("button", { name: "Edit Location" }).click();
  const npi = page.getByRole("textbox", { name: "NPI Number", exact: true });
  await expect(npi).toBeVisible();
  await npi.fill("123");
  await expect(page.getByText("NPI not found", { exact: true })).toBeVisible();
  await npi.fill("1234567893");
  await expect(page.getByText("NPI not found", { exact: true })).toBeVisible();
  await npi.fill("1987654328");
  await expect(page.getByTestId("npi-title")).toContainText("CHEN");
  await expect(page.getByText("NPI not found", { exact: true })).toBeHidden();

  // By name: the public name and address give exactly one result.
  await npi.fill("");
  await field(page, "Public Name").fill("Sarah Chen");
  await field(page, "City").fill("Denver");
  await field(page, "Zip code").fill("80202");
  await page.getByRole("button", { name: "Find by name" }).click();
  await expect(npi).toHaveValue("1987654328");
  // Several matches are no match.
  await npi.fill("");
  await field(page, "Public Name").fill("David Miller");
  await page.getByRole("button", { name: "Find by name" }).click();
  await expect(
    page.getByText("Unable to find a NPI number that matches with the 'PUBLIC NAME' and address provided"),
  ).toBeVisible();
  // Leaving with changes asks first.
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Discard Changes" }).click();
  await expect(page.getByTestId("location-view")).toBeVisible();
});

test("a trial account at its location limit gets the trial modal", async ({ page }) => {
  await signIn(page, "trial@demo.test");
  await page.goto("/settings/locations");
  await page.getByRole("button", { name: "Add Location" }).click();
  const dialog = page.getByRole("dialog", { name: "Location limit reached" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Upgrade now" }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/edit$/);
});

test("the owner adds a group of locations and deletes it", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  await page.getByRole("link", { name: "Groups", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Groups", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Add Group" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Group" })).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  const group = `E2E Group ${Date.now()}`;
  await field(page, "Name").fill(group);
  await page.getByRole("checkbox").first().check();
  await page.getByRole("checkbox").nth(1).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Group created")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search groups" }).fill(group);
  await page.getByRole("searchbox", { name: "Search groups" }).press("Enter");
  const row = page.getByTestId("groups-table").getByRole("row", { name: new RegExp(group) });
  await expect(row).toContainText("2");
  await page.waitForLoadState("networkidle");
  await scan(page, "/settings/groups");
  await row.getByRole("button", { name: `Delete group ${group}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Group" }).click();
  await expect(page.getByText(`${group} successfully deleted`)).toBeVisible();
});
