import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./helpers";

/**
 * Issue 11's filter-bar findings, walked as a person would on /reviews: typing in the searchable dropdowns
 * finds by relevance without an error, unknown ids in the URL say so (docs/product/platform.md §8), page
 * numbers are clamped (§5), rating takes several values, and a parent shadowing a child loads its sources (§6).
 */

const query = (page: Page) => new URL(page.url()).searchParams;

async function open(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await expect(page.getByTestId(`${testId}-dropdown`)).toBeVisible();
}

/** No "Error fetching …" alert showed up. */
async function expectNoFetchError(page: Page) {
  await expect(page.getByRole("alert").filter({ hasText: /Error fetching|Sort by/ })).toHaveCount(0);
}

test.describe("as a manager", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.manager);
  });

  test("typing in the source and location searches lists matches, without an error", async ({ page }) => {
    await page.goto("/reviews");
    await open(page, "filter-source");
    await page.getByTestId("filter-source-dropdown").getByRole("textbox").fill("goo");
    await expect(page.getByTestId("filter-source-dropdown").getByRole("option", { name: "Google" })).toBeVisible();
    await expectNoFetchError(page);
    await page.keyboard.press("Escape");

    // A word inside the name ("Copper Kettle Dallas"), in another case, finds the location.
    await open(page, "filter-location");
    await page.getByTestId("filter-location-dropdown").getByRole("textbox").fill("DAL");
    const options = page.getByTestId("filter-location-dropdown").getByRole("option");
    await expect(options.filter({ hasText: "Dallas" }).first()).toBeVisible();
    await expect(options.filter({ hasNotText: /All locations|Dallas/ })).toHaveCount(0);
    await expectNoFetchError(page);
  });

  test("an unknown location id in the URL says 'Error fetching location'", async ({ page }) => {
    await page.goto("/reviews?locationId=00000000-0000-4000-8000-000000000000");
    await expect(page.getByTestId("filter-location")).toHaveText("Error fetching location");
    await expect(page.getByRole("alert").filter({ hasText: "Error fetching location" })).toBeVisible();
  });

  test("a page number is clamped to the page count", async ({ page }) => {
    // Within the page count: that page (not page 1).
    await page.goto("/reviews?dateDescriptor=allTime&page=3");
    await expect(page.getByTestId("review-page")).toContainText(/Page 3 of \d+/);
    // Past it: the last page, and the URL says so.
    await page.goto("/reviews?dateDescriptor=allTime&page=999999");
    await expect.poll(() => query(page).get("page")).not.toBe("999999");
    const last = Number(query(page).get("page") ?? "1");
    expect(last).toBeGreaterThan(3);
    await expect(page.getByTestId("review-page")).toContainText(`Page ${last} of ${last}`);
    // Next goes on from a numbered page.
    await page.goto("/reviews?dateDescriptor=allTime&page=3");
    await expect(page.getByTestId("review-page")).toContainText(/Page 3 of \d+/);
    await page.getByRole("navigation", { name: "Review pages" }).getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("review-page")).toContainText(/Page 4 of \d+/);
    // Unreadable: page 1, and the key goes.
    await page.goto("/reviews?dateDescriptor=allTime&page=abc");
    await expect.poll(() => query(page).has("page")).toBe(false);
    await expect(page.getByTestId("review-page")).toContainText(/Page 1 of \d+/);
  });

  test("rating takes several values", async ({ page }) => {
    await page.goto("/reviews");
    await open(page, "filter-rating");
    await page.getByRole("option", { name: "5 Star" }).click();
    await page.getByRole("option", { name: "4 Star" }).click();
    await expect.poll(() => query(page).getAll("rating").sort()).toEqual(["4", "5"]);
    await expect(page.getByTestId("filter-rating")).toHaveText("2 Ratings selected");
  });
});

test("a parent shadowing a child loads the child's sources without an error", async ({ page }) => {
  await signIn(page, DEMO.agency);
  const switchLink = page.getByTestId("switch-account").first();
  await expect(switchLink).toBeVisible();
  const childId = ((await switchLink.getAttribute("href")) ?? "").split("/").pop() ?? "";
  await switchLink.click();
  await expect(page).toHaveURL(new RegExp(`/as/${childId}/dashboard`));
  await page.goto(`/as/${childId}/reviews`);
  await expect(page.getByTestId("filter-bar")).toBeVisible();
  await open(page, "filter-source");
  await expect(page.getByTestId("filter-source-dropdown").getByRole("option").nth(1)).toBeVisible();
  await expectNoFetchError(page);
});
