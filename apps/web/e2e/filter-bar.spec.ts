import { expect, type Page, test } from "@playwright/test";

/**
 * The shared filter bar on /reviews (docs/product/platform.md §2, §4; docs/product/reviews.md §2), driven as a person would:
 * choices land in the URL query under the spec's keys, and the reset rules hold.
 */

const query = (page: Page) => new URL(page.url()).searchParams;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("manager@demo.test");
  await page.locator('input[type="password"]').fill("demo-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function openReviews(page: Page, search = "") {
  await page.goto(`/reviews${search}`);
  await expect(page.getByTestId("filter-bar")).toBeVisible();
}

async function open(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await expect(page.getByTestId(`${testId}-dropdown`)).toBeVisible();
}

/** The options of an open dropdown other than its null label. */
async function realOptions(page: Page, testId: string, nullLabel: string) {
  const options = page.getByTestId(`${testId}-dropdown`).getByRole("option");
  await expect(options.nth(1)).toBeVisible();
  return options.filter({ hasNotText: nullLabel });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("date presets, group, location by typing, source and rating go into the URL with the reset rules", async ({
  page,
}) => {
  await openReviews(page, "?after=cursor-1&page=2");

  // A date-only change on /reviews keeps the paging cursors; a preset writes only dateDescriptor.
  await open(page, "filter-date-range");
  await expect(page.getByText("RECENT", { exact: true })).toBeVisible();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect.poll(() => query(page).get("dateDescriptor")).toBe("sevenDays");
  expect(query(page).get("after")).toBe("cursor-1");
  expect(query(page).get("page")).toBe("2");
  expect(query(page).has("from")).toBe(false);
  await expect(page.getByTestId("filter-date-range")).toHaveText("Last 7 days");

  // A group resets paging.
  await open(page, "filter-group");
  const groups = await realOptions(page, "filter-group", "All groups");
  await expect(groups.first()).toContainText(/\d+ locations/);
  await groups.first().click();
  await expect.poll(() => query(page).get("groupId")).toBeTruthy();
  const groupId = query(page).get("groupId");
  expect(query(page).has("after")).toBe(false);
  expect(query(page).has("page")).toBe(false);

  // A location found by typing part of its name (within the chosen group).
  await open(page, "filter-location");
  const locations = await realOptions(page, "filter-location", "All locations");
  const locationName = (await locations.first().locator("p").first().textContent())?.trim() ?? "";
  expect(locationName).not.toBe("");
  const search = page.getByPlaceholder("Search locations...");
  await expect(search).toBeFocused();
  await search.fill(locationName.slice(0, Math.min(6, locationName.length)));
  const typed = page.getByRole("option", { name: new RegExp(`^${escapeRe(locationName)}`) });
  await expect(typed.first()).toBeVisible();
  await typed.first().click();
  await expect.poll(() => query(page).get("locationId")).toBeTruthy();
  expect(query(page).get("groupId")).toBe(groupId);
  await expect(page.getByTestId("filter-location")).toHaveText(locationName);

  // Source and rating.
  await open(page, "filter-source");
  const sources = await realOptions(page, "filter-source", "All sources");
  await sources.first().click();
  await expect.poll(() => query(page).get("sourceId")).toBeTruthy();

  await open(page, "filter-rating");
  await page.getByRole("option", { name: "5 Star" }).click();
  await expect.poll(() => query(page).get("rating")).toBe("5");
  await expect(page.getByTestId("filter-count")).toHaveText("5");

  // Changing the group clears the location (and search_terms) and resets paging.
  await page.goto(`${new URL(page.url()).pathname}?${query(page).toString()}&search_terms=pizza&page=3`);
  await open(page, "filter-group");
  await page.getByTestId("filter-group-dropdown").getByRole("option", { name: "All groups" }).click();
  await expect.poll(() => query(page).has("groupId")).toBe(false);
  expect(query(page).has("locationId")).toBe(false);
  expect(query(page).has("search_terms")).toBe(false);
  expect(query(page).has("page")).toBe(false);
  expect(query(page).get("rating")).toBe("5");

  // Clear All.
  await page.getByTestId("filter-clear-all").click();
  await expect.poll(() => ["dateDescriptor", "sourceId", "rating"].some((k) => query(page).has(k))).toBe(false);
});

test("legacy [] keys are read and removed on the next change", async ({ page }) => {
  await openReviews(page, "?rating[]=4&rating[]=5");
  await expect(page.getByTestId("filter-rating")).toHaveText(/Ratings selected|Star/);
  await open(page, "filter-date-range");
  await page.getByRole("option", { name: "Yesterday" }).click();
  await expect.poll(() => query(page).get("dateDescriptor")).toBe("yesterday");
  expect([...query(page).keys()].some((k) => k.endsWith("[]"))).toBe(false);
  // Removed, values and all, not converted to the plain key (docs/product/platform.md §2).
  expect(query(page).getAll("rating")).toEqual([]);
  await expect(page.getByTestId("filter-rating")).toHaveText("All ratings");
});

test("custom range: required dates, no future dates, sent as YYYY-MM-DD", async ({ page }) => {
  await openReviews(page);
  await open(page, "filter-date-range");
  await page.getByRole("option", { name: "Custom" }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Date Required").first()).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("01/10/24");
  await page.getByLabel("To", { exact: true }).fill("01/05/24");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Invalid Date Range").first()).toBeVisible();

  await page.getByLabel("To", { exact: true }).fill("12/31/99");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Invalid Date Range").first()).toBeVisible();

  await page.getByLabel("To", { exact: true }).fill("01/20/24");
  await page.getByLabel("To", { exact: true }).press("Enter");
  await expect.poll(() => query(page).get("dateDescriptor")).toBe("custom");
  expect(query(page).get("from")).toBe("2024-01-10");
  expect(query(page).get("to")).toBe("2024-01-20");
  await expect(page.getByTestId("filter-date-range")).toHaveText("01/10/24 - 01/20/24");
});

test("a dropdown works from the keyboard alone", async ({ page }) => {
  await openReviews(page);
  const rating = page.getByTestId("filter-rating");
  await rating.focus();

  // Arrow down opens; Escape closes and leaves focus on the button.
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("filter-rating-dropdown")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("filter-rating-dropdown")).toBeHidden();
  await expect(rating).toBeFocused();

  // Open, move with the arrows, choose with Enter: All ratings → 5 Star → 4 Star.
  await page.keyboard.press("Enter");
  const dropdown = page.getByTestId("filter-rating-dropdown");
  await expect(dropdown).toBeVisible();
  // Arrow down until 4 Star is highlighted (the highlight starts on the current value or on none).
  const highlighted = dropdown.locator("[data-combobox-selected]");
  const highlightedText = async () => ((await highlighted.count()) > 0 ? highlighted.first().textContent() : null);
  for (let i = 0; i < 4 && (await highlightedText()) !== "4 Star"; i++) {
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(100);
  }
  await expect(highlighted).toHaveText("4 Star");
  await page.keyboard.press("Enter");
  await expect.poll(() => query(page).get("rating")).toBe("4");
  await expect(rating).toHaveText("4 Star");
  await expect(rating).toBeFocused();

  // Tab moves on to the next control.
  await page.keyboard.press("Tab");
  await expect(rating).not.toBeFocused();

  // A searchable dropdown: the search box takes focus, typing filters, arrows and Enter choose.
  await page.getByTestId("filter-source").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByPlaceholder("Search sources...")).toBeFocused();
  // The sources load after the dropdown opens: arrow down once they are there, until a source (not the
  // null option) is highlighted, then choose it.
  const sources = page.getByTestId("filter-source-dropdown");
  await expect(sources.getByRole("option").nth(1)).toBeVisible();
  const current = sources.locator("[data-combobox-selected]");
  for (
    let i = 0;
    i < 3 && ((await current.count()) === 0 || (await current.first().textContent()) === "All sources");
    i++
  ) {
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(100);
  }
  await expect(current).toHaveCount(1);
  await expect(current).not.toHaveText("All sources");
  await page.keyboard.press("Enter");
  await expect.poll(() => query(page).get("sourceId")).toBeTruthy();
});

test("a filter chosen while the list is still loading stays chosen when the list's answer lands", async ({ page }) => {
  // ?page=999 is clamped to the last page once the list's answer gives the page count. That answer is held back
  // until the rating has been chosen, and the page is slowed so that it arrives before the rating's change has
  // rendered: the clamp must build on the rating, not on the address the answer was asked for.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Settled once the held answer has been handed to the page, or the page has given the request up (the list
  // drops a query nobody shows any more, so under some timings the answer never lands and there is no race).
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  await page.route(/\/api\/reviews\?.*page=999/, async (route) => {
    try {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    } catch {
      // The request was aborted by the page.
    } finally {
      settle();
    }
  });
  // The rating is chosen once the list has asked for page 999 (the filter bar can show before the list does).
  const asked = page.waitForRequest(/\/api\/reviews\?.*page=999/);
  await openReviews(page, "?page=999");
  await asked;
  await open(page, "filter-rating");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  const ratingAnswer = page.waitForResponse((r) => /\/api\/reviews\?/.test(r.url()) && !r.url().includes("page=999"));
  await page.getByRole("option", { name: "5 Star" }).click();
  release();
  await Promise.all([settled, ratingAnswer]);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  // The rating's change went back to the first page, and nothing undid it.
  await expect(page.getByTestId("filter-rating")).toHaveText("5 Star");
  await page.waitForTimeout(500);
  expect(query(page).get("rating")).toBe("5");
  expect(query(page).has("page")).toBe(false);
});
