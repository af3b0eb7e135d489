import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./helpers";

/**
 * The Schedule Export flyout and the Scheduled Exports page (docs/product/platform.md §2, §4, §5, §8): the demo
 * manager opens the flyout from the reviews page's export menu, schedules a weekly export, finds it on the
 * manage page, edits it through its row's link, and deletes it.
 */
test("a manager schedules a weekly export, edits it and finds it on the manage page", async ({ page }) => {
  const name = `Weekly reviews ${Date.now().toString(36)}`;
  await signIn(page, DEMO.manager);
  await page.goto("/reviews?dateDescriptor=thirtyDays");
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Schedule Export" }).click();

  const flyout = page.getByRole("dialog", { name: "Schedule Export" });
  await expect(flyout).toBeVisible();
  expect((await flyout.boundingBox())?.width).toBeCloseTo(380, 0);
  await expect(page.evaluate(() => localStorage.getItem("collapsedFlyout"))).resolves.toBe("false");

  // Defaults: daily at 13:00; Save waits for every section.
  await expect(flyout.getByRole("combobox", { name: "Frequency" })).toHaveValue("Daily");
  await expect(flyout.getByLabel("Time")).toHaveValue("13:00");
  const save = flyout.getByTestId("schedule-export-save");
  await save.hover();
  await expect(page.getByRole("tooltip", { name: "Fill out all sections" })).toBeVisible();

  await flyout.getByRole("textbox", { name: "Name" }).fill(name);
  await expect(flyout.getByRole("textbox", { name: "Name" })).toHaveAttribute("maxlength", "100");
  await flyout.getByLabel("Description").fill("The week's reviews.");
  const recipients = flyout.getByRole("combobox", { name: "Recipients" });
  await recipients.fill("nobody-by-this-name");
  await expect(page.getByText("No users found in account.").first()).toBeVisible();
  await recipients.fill("manager");
  await page.getByRole("option", { name: DEMO.manager }).click();
  await flyout.getByRole("combobox", { name: "Frequency" }).click();
  await page.getByRole("option", { name: "Weekly" }).click();
  await expect(flyout.getByRole("combobox", { name: "Day" })).toHaveValue("Sunday");
  await flyout.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Monday" }).click();
  await flyout.getByLabel("Time").fill("09:30");
  await save.click();
  await expect(page.getByText("Scheduled Export saved")).toBeVisible();
  await expect(flyout).toBeHidden();

  // The manage page lists it; its link goes back to the reviews page with the flyout open to edit it.
  await page.goto("/settings/scheduled-exports/manage?fromPage=Reviews");
  await expect(page.getByRole("link", { name: "Back to Reviews" })).toBeVisible();
  const row = page.getByTestId("scheduled-export-row").filter({ hasText: name });
  await expect(row).toContainText("Weekly on Monday at 09:30");
  await expect(row).toContainText(DEMO.manager);
  await row.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/reviews\?.*flyout_edit=true/);
  const edit = page.getByRole("dialog", { name: "Edit Scheduled Export" });
  await expect(edit).toBeVisible();
  await expect(edit.getByRole("textbox", { name: "Name" })).toHaveValue(name);

  // Closing with changes asks first.
  await edit.getByRole("textbox", { name: "Name" }).fill(`${name} edited`);
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "Discard Changes" })).toBeVisible();
  await page.getByRole("button", { name: "Keep Editing" }).click();
  await edit.getByTestId("schedule-export-save").click();
  await expect(page.getByText("Scheduled Export updated")).toBeVisible();

  await page.goto("/settings/scheduled-exports/manage");
  await expect(page.getByRole("link", { name: "Back to Account & Settings" })).toBeVisible();
  const edited = page.getByTestId("scheduled-export-row").filter({ hasText: `${name} edited` });
  await expect(edited).toBeVisible();
  await edited.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Scheduled Export deleted")).toBeVisible();
  await expect(edited).toBeHidden();

  // On a narrow screen the flyout is 320 px; a path change closes it (and the closed state is remembered).
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/reviews?dateDescriptor=thirtyDays");
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Schedule Export" }).click();
  const narrow = page.getByRole("dialog", { name: "Schedule Export" });
  await expect(narrow).toBeVisible();
  expect((await narrow.boundingBox())?.width).toBeCloseTo(320, 0);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/dashboard?dateDescriptor=thirtyDays");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(narrow).toBeHidden();
  await expect(page.evaluate(() => localStorage.getItem("collapsedFlyout"))).resolves.toBe("true");
});
