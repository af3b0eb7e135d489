import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./helpers";

/**
 * Saved filters in the filter bar (docs/product/platform.md §2, §4, §5, §8), as the demo manager uses them on
 * /reviews: Save as with name validation, apply, Save, rename, delete (which clears the filter keys §4 names).
 */

const query = (page: Page) => new URL(page.url()).searchParams;

async function chooseRating(page: Page, label: string) {
  await page.getByTestId("filter-rating").click();
  await expect(page.getByTestId("filter-rating-dropdown")).toBeVisible();
  await page.getByTestId("filter-rating-dropdown").getByRole("option", { name: label }).click();
  await page.keyboard.press("Escape");
}

test("a manager saves, applies, renames and deletes a saved filter", async ({ page }) => {
  const name = `Five stars ${Date.now().toString(36)}`;
  await signIn(page, DEMO.manager);
  await page.goto("/reviews?dateDescriptor=thirtyDays");
  await expect(page.getByTestId("filter-bar")).toBeVisible();
  const saved = page.getByTestId("saved-filters");
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveText("No saved filter");

  await chooseRating(page, "5 Star");
  await expect.poll(() => query(page).get("rating")).toBe("5");

  // Save as: the name is required (tooltip), Escape cancels, 'No saved filter' is taken, Enter submits.
  await saved.getByRole("button", { name: "Save as new saved filter" }).click();
  const input = page.getByLabel("Saved filter name");
  await expect(input).toBeFocused();
  await input.press("Enter");
  await expect(page.getByRole("tooltip", { name: "Enter a name" })).toBeVisible();
  await input.press("Escape");
  await expect(input).toBeHidden();
  await saved.getByRole("button", { name: "Save as new saved filter" }).click();
  await input.fill("No saved filter");
  await input.press("Enter");
  await expect(page.getByText("A saved filter with that name already exists")).toBeVisible();
  await expect(input).toHaveAttribute("maxlength", "60");
  await input.fill(name);
  await input.press("Enter");
  await expect(page.getByText("Filter saved")).toBeVisible();
  await expect.poll(() => query(page).get("savedFilterId")).toBeTruthy();
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveText(name);

  // Clear the filters, then apply the saved one: its config comes back into the query.
  await page.getByTestId("filter-clear-all").click();
  await expect.poll(() => query(page).get("rating")).toBeNull();
  await saved.getByTestId("saved-filters-toggle").click();
  await page.getByRole("button", { name, exact: true }).click();
  await expect.poll(() => query(page).get("rating")).toBe("5");
  expect(query(page).get("dateDescriptor")).toBe("thirtyDays");
  expect(query(page).get("savedFilterId")).toBeTruthy();

  // Save: the selected saved filter takes the current filters.
  await chooseRating(page, "4 Star");
  await expect.poll(() => query(page).getAll("rating").sort().join(",")).toBe("4,5");
  await saved.getByRole("button", { name: "Save saved filter" }).click();
  await expect(page.getByText("Filter updated")).toBeVisible();

  // Rename.
  await saved.getByTestId("saved-filters-toggle").click();
  await page.getByRole("button", { name: `Rename saved filter: ${name}` }).click();
  await input.fill(`${name} renamed`);
  await input.press("Enter");
  await expect(page.getByText("Filter updated").first()).toBeVisible();
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveText(`${name} renamed`);

  // Delete the selected one: its keys leave the query.
  await page.goto(`/reviews?${query(page).toString()}&groupId=x&from=2026-01-01&to=2026-01-02`);
  await saved.getByTestId("saved-filters-toggle").click();
  await page.getByRole("button", { name: `Delete saved filter: ${name} renamed` }).click();
  await expect(page.getByText("Filter deleted")).toBeVisible();
  await expect.poll(() => query(page).get("savedFilterId")).toBeNull();
  for (const key of ["from", "to", "groupId", "locationId", "sourceId"]) expect(query(page).get(key)).toBeNull();
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveText("No saved filter");
});

test("a second press while the saved filters are still loading is the one carried out", async ({ page }) => {
  // The saved-filter controls are their own chunk, fetched on the first press. Held back here for 1.5 s, as a slow
  // network would: the user presses Save as, changes their mind and opens the list; the list is what opens.
  await page.route(/\/assets\/saved-filters-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signIn(page, DEMO.manager);
  await page.goto("/reviews?dateDescriptor=thirtyDays");
  const saved = page.getByTestId("saved-filters");
  const fetching = page.waitForRequest(/\/assets\/saved-filters-[^/]*\.js$/);
  await saved.getByRole("button", { name: "Save as new saved filter" }).click();
  await fetching;
  await saved.getByTestId("saved-filters-toggle").click();
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Saved filter name")).toBeHidden();
});

test("a filter saved while the list of saved filters is still loading is shown as selected and listed", async ({
  page,
}) => {
  // The list's first answer is read by the server at once and held back until the new filter has been created,
  // as on a busy server: that answer lacks the new filter, and the list must be loaded again after it.
  let created: () => void = () => {};
  const createdFilter = new Promise<void>((resolve) => (created = resolve));
  let firstList = true;
  await page.route(/\/api\/user_preferences\?/, async (route) => {
    if (route.request().method() !== "GET" || !firstList) return route.continue();
    firstList = false;
    const answer = await route.fetch();
    await createdFilter;
    await route.fulfill({ response: answer });
  });
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().method() === "POST" && pathname === "/api/user_preferences") created();
  });
  const name = `Held list ${Date.now().toString(36)}`;
  await signIn(page, DEMO.manager);
  await page.goto("/reviews?dateDescriptor=thirtyDays");
  const saved = page.getByTestId("saved-filters");
  await chooseRating(page, "5 Star");
  await expect.poll(() => query(page).get("rating")).toBe("5");
  await saved.getByRole("button", { name: "Save as new saved filter" }).click();
  const input = page.getByLabel("Saved filter name");
  await input.fill(name);
  await input.press("Enter");
  await expect(page.getByText("Filter saved")).toBeVisible();
  await expect(saved.getByTestId("saved-filters-toggle")).toHaveText(name);
  await saved.getByTestId("saved-filters-toggle").click();
  await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  // Clean up: the demo manager's saved filters are shared with the other tests.
  await page.getByRole("button", { name: `Delete saved filter: ${name}` }).click();
  await expect(page.getByText("Filter deleted")).toBeVisible();
});
