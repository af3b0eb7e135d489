import { expect, type Page, test } from "@playwright/test";
import { DEMO, scanA11y, signIn } from "./helpers";

/**
 * Locations in bulk (docs/product/locations.md, issue 15) driven as people use them: the owner sets holiday hours for
 * several locations at once (meeting every holiday-date rule), edits a holiday date in place on a location's holiday
 * hours (Escape cancels), and imports locations from a CSV file with its template, progress and per-row report.
 */

function field(page: Page, name: string) {
  return page.getByRole("textbox", { name, exact: true }).or(page.getByRole("combobox", { name, exact: true }));
}

async function setTime(page: Page, label: string, value: string) {
  const input = field(page, label);
  await input.fill(value);
  await input.press("Tab");
}

/** Types a date and leaves the field by Tab (the calendar closes). */
async function setDate(page: Page, label: string, value: string) {
  const input = field(page, label);
  await input.fill(value);
  await input.press("Tab");
}

const pad = (n: number) => String(n).padStart(2, "0");
function dateIn(days: number, years = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setFullYear(d.getFullYear() + years);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}
const shortDate = (mmddyyyy: string) => `${mmddyyyy.slice(0, 6)}${mmddyyyy.slice(8)}`;

const FIRST = dateIn(40);
const SECOND = dateIn(41);
/** The locations given holiday hours in bulk (the in-place edit uses the first). */
const names: string[] = [];

/** On a location's details: edit mode, and its holiday hours opened (every date). */
async function holidayTable(page: Page) {
  await page.getByRole("button", { name: "Edit Location" }).click();
  await page.getByRole("button", { name: "Holiday Hours" }).click();
  const table = page.getByTestId("holiday-hours-table");
  await expect(table).toBeVisible();
  return table;
}

test.describe.configure({ mode: "serial" });

test("the owner sets holiday hours for several locations at once", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  const rows = page.getByTestId("location-row");
  await expect(rows.nth(2)).toBeVisible();
  for (const i of [0, 1]) {
    names.push((await rows.nth(i).getByRole("link").textContent())?.trim() ?? "");
    await rows.nth(i).getByRole("checkbox").check();
  }
  const third = (await rows.nth(2).getByRole("link").textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Holiday Hours (2)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk Holiday Hours" })).toBeVisible();
  const chosen = page.getByTestId("bulk-holiday-locations");
  await expect(chosen.getByTestId("bulk-holiday-location")).toHaveCount(2);
  for (const name of names) await expect(chosen).toContainText(name);

  // A third location by search, then removed again.
  await field(page, "Add a location").fill(third.slice(0, 6));
  await page.getByRole("option", { name: third, exact: true }).click();
  await expect(chosen.getByTestId("bulk-holiday-location")).toHaveCount(3);
  await chosen.getByRole("button", { name: `Remove ${third}` }).click();
  await expect(chosen.getByTestId("bulk-holiday-location")).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "/settings/locations/holiday-hours");

  // The rules of the Add Holiday Hours modal.
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("You must have a date selected")).toBeVisible();
  await setDate(page, "Date 1", dateIn(0, 10));
  await expect(page.getByText("Date cannot be more than 10 years in advance.")).toBeVisible();
  await setDate(page, "Date 1", dateIn(1));
  await expect(page.getByText("This date is within 24hrs so it may not be updated in time.")).toBeVisible();
  await setDate(page, "Date 1", FIRST);
  await expect(page.getByText("This date is within 24hrs so it may not be updated in time.")).toBeHidden();
  await page.getByRole("checkbox", { name: "Date 1 closed" }).check();
  await page.getByRole("button", { name: "Add another date" }).click();
  await setDate(page, "Date 2", FIRST);
  await expect(page.getByText("You already have special hours set for this date.")).toBeVisible();
  await setDate(page, "Date 2", SECOND);
  await expect(page.getByText("You already have special hours set for this date.")).toBeHidden();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("You must have an opening and closing time if location is open.")).toBeVisible();
  await setTime(page, "Date 2 opens", "10:00 AM");
  await setTime(page, "Date 2 closes", "3:00 PM");
  await expect(page.getByText("You must have an opening and closing time if location is open.")).toBeHidden();

  // The first Confirm warns; the second saves, one call per date, with a result per location.
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("holiday-override-warning")).toBeVisible();
  await page.getByRole("button", { name: "Continue anyway" }).click();
  await expect(page.getByText("Your holiday hours have been updated.")).toBeVisible();
  await expect(page.getByTestId("bulk-holiday-progress")).toContainText("Saved 2 of 2.");
  for (const name of names) {
    const row = chosen.getByTestId("bulk-holiday-location").filter({ has: page.getByText(name, { exact: true }) });
    await expect(row).toContainText("Updated");
    await expect(row).toContainText(`${shortDate(FIRST)}, ${shortDate(SECOND)}`);
  }
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "bulk holiday hours result");

  // Each location has the dates (its holiday hours list them all).
  for (const name of names) {
    await page.goto("/settings/locations");
    await page.getByRole("link", { name, exact: true }).click();
    const table = await holidayTable(page);
    await expect(table.getByRole("row").filter({ hasText: shortDate(FIRST) })).toContainText("Closed");
    await expect(table.getByRole("row").filter({ hasText: shortDate(SECOND) })).toContainText("10:00 AM - 3:00 PM");
  }
});

test("the owner edits a holiday date in place; Escape cancels", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  await page.getByRole("link", { name: names[0], exact: true }).click();
  const table = await holidayTable(page);
  const firstRow = table.getByRole("row").filter({ hasText: shortDate(FIRST) });
  await expect(firstRow).toContainText("Closed");

  // Escape cancels: the row is as it was.
  await table.getByRole("button", { name: `Edit holiday hours ${shortDate(FIRST)}` }).click();
  const editor = page.getByRole("group", { name: "Edit holiday hours" });
  await expect(editor).toBeVisible();
  await editor.getByRole("checkbox", { name: "Date 1 closed" }).uncheck();
  await editor.getByRole("checkbox", { name: "Date 1 open 24 hours" }).focus();
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  await expect(firstRow).toContainText("Closed");
  await expect(table.getByRole("button", { name: `Edit holiday hours ${shortDate(FIRST)}` })).toBeFocused();

  // The same rules as adding: no duplicate date, times when open.
  await table.getByRole("button", { name: `Edit holiday hours ${shortDate(FIRST)}` }).click();
  await setDate(page, "Date 1", SECOND);
  await expect(editor.getByText("You already have special hours set for this date.")).toBeVisible();
  const moved = dateIn(42);
  await setDate(page, "Date 1", moved);
  await editor.getByRole("checkbox", { name: "Date 1 closed" }).uncheck();
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(editor.getByText("You must have an opening and closing time if location is open.")).toBeVisible();
  await setTime(page, "Date 1 opens", "9:00 AM");
  await setTime(page, "Date 1 closes", "1:30 PM");
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "holiday row editor");
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(editor).toBeHidden();
  const movedRow = table.getByRole("row").filter({ hasText: shortDate(moved) });
  await expect(movedRow).toContainText("9:00 AM - 1:30 PM");
  await expect(table).not.toContainText(shortDate(FIRST));

  // Saved with the location (PATCH), after the override confirmation.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("dialog", { name: "Override Holiday Hours" }).getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Location updated successfully.")).toBeVisible();
  await expect(page.getByTestId("location-view")).toBeVisible();
  const saved = await holidayTable(page);
  await expect(saved.getByRole("row").filter({ hasText: shortDate(moved) })).toContainText("9:00 AM - 1:30 PM");
  await expect(saved).not.toContainText(shortDate(FIRST));
  await expect(saved.getByRole("row").filter({ hasText: shortDate(SECOND) })).toContainText("10:00 AM - 3:00 PM");
});

test("the owner imports locations from a CSV file, with the template and a report per row", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  await page.goto("/settings/locations");
  await page.getByRole("link", { name: "Import Locations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Locations" })).toBeVisible();
  await expect(page.getByRole("table", { name: "CSV columns" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "/settings/locations/import");

  // The template: the header line the import reads.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download template" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("locations-import-template.csv");
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const header = (await readFile(path, "utf8")).trim();
  expect(header).toMatch(/^Name,Public Name,Address,Address 2,City,State,Zipcode,Country,/);

  // No file, then a file the import cannot read.
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Choose a CSV file")).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("city\nAustin\n") });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("The header line must name a `name` column.")).toBeVisible();

  // The template filled in: two good rows and one without a city.
  const stamp = Date.now();
  const csv = [
    header,
    `Import North ${stamp},Import North,1 North St,,Austin,TX,78701,US,(512) 555-0101,,IMP-N-${stamp}`,
    `Import South ${stamp},Import South,2 South St,,Austin,Texas,78702,United States,,,IMP-S-${stamp}`,
    `Import Nowhere ${stamp},Import Nowhere,3 Any St,,,TX,78703,US,,,IMP-X-${stamp}`,
  ].join("\n");
  await fileInput.setInputFiles({ name: "locations.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/locations\/import\?import=/);
  const report = page.getByTestId("import-report");
  await expect(report.getByTestId("import-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(report.getByTestId("import-progress")).toHaveText("3 of 3 rows processed");
  await expect(report.getByTestId("import-created")).toHaveText("2");
  await expect(report.getByTestId("import-failed")).toHaveText("1");
  await expect(report.getByTestId("import-row")).toHaveCount(3);
  const failed = report.getByTestId("import-row").filter({ hasText: `Import Nowhere ${stamp}` });
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText("city: City is required");
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "import report");
  await report.getByText("Rows with errors").click();
  await expect(report.getByTestId("import-row")).toHaveCount(1);

  // A reload shows the same report; the created locations open from it.
  await page.reload();
  await expect(page.getByTestId("import-status")).toHaveText("Completed");
  await page.getByTestId("import-report").getByText("All rows").click();
  await page.getByRole("link", { name: `Import North ${stamp}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Import North ${stamp}` })).toBeVisible();
  await expect(page.getByTestId("location-view")).toContainText("(512) 555-0101");
});
