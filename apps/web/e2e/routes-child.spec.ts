import { expect, test } from "@playwright/test";
import { DEMO, nav, signIn, where } from "./helpers";

test.describe("child account routes (Admin)", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.owner);
  });

  test("/ goes to the dashboard with default filters", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => where(page)).toBe("/dashboard?dateDescriptor=sixMonths");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("redirects: /profile, /account/*, /billing/* keeping the query, unknown → /error", async ({ page }) => {
    await page.goto("/profile");
    await expect.poll(() => where(page)).toBe("/settings/profile");
    await page.goto("/account/integrations?integration_status=active");
    await expect.poll(() => where(page)).toBe("/settings/account/integrations?integration_status=active");
    await page.goto("/billing/edit?plan=pro");
    await expect.poll(() => where(page)).toBe("/settings/billing/edit?plan=pro");
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/error\?statusCode=404/);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(nav(page)).toBeVisible();
  });

  test("every child route renders inside the layout", async ({ page }) => {
    for (const [path, heading] of [
      ["/dashboard/keywords", "Keywords"],
      ["/dashboard/keywords/categories", "Experience Categories"],
      ["/dashboard/keywords/pizza", "pizza"],
      ["/dashboard/locations", "Location Performance"],
      ["/dashboard/local_listings", "Local Listings"],
      ["/reviews", "Reviews"],
      ["/reviews/123", "Review"],
      ["/reviews/123/history", "Review History"],
      ["/request-reviews/overview", "Request Reviews"],
      ["/amplify", "Amplify"],
      ["/competitors", "Competitors"],
      ["/oauth/authorize", "Authorize Application"],
      ["/partner-tools", "Partner Tools"],
      ["/partner-tools/scorecards", "Scorecards"],
      ["/photos", "Photos"],
      ["/prescriptive_insights", "Prescriptive Insights"],
      ["/file-downloads/abc", "File Download"],
      ["/settings", "Account & Settings"],
      ["/settings/billing", "Billing"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(nav(page)).toBeVisible();
    }
  });

  test("the navigation shows the child groups and marks the current page", async ({ page }) => {
    const n = nav(page);
    await expect(n.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    for (const group of ["Review Analysis", "Business Performance", "Online Presence"]) {
      await expect(n.getByRole("button", { name: group })).toBeVisible();
    }
    await n.getByRole("button", { name: "Review Analysis" }).click();
    await n.getByRole("link", { name: "Reviews", exact: true }).click();
    await expect
      .poll(() => where(page))
      // The dashboard's date (sixMonths) carries over; the reviews defaults add the sort.
      .toBe("/reviews?sort[by]=published_at&sort[order]=desc&dateDescriptor=sixMonths");
    await expect(n.getByRole("link", { name: "Reviews", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(n.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expect(n.getByRole("link", { name: "Trials" })).toHaveCount(0);
    await expect(n.getByRole("link", { name: "Integrations" })).toHaveCount(0);
  });

  test("filters carry over from the dashboard into navigation links", async ({ page }) => {
    await page.goto("/dashboard?dateDescriptor=twelveMonths&groupId=g1&rating=");
    const n = nav(page);
    await n.getByRole("button", { name: "Review Analysis" }).click();
    await expect(n.getByRole("link", { name: "Reviews", exact: true })).toHaveAttribute(
      "href",
      "/reviews?sort%5Bby%5D=published_at&sort%5Border%5D=desc&dateDescriptor=twelveMonths&groupId=g1",
    );
  });

  test("a features.* URL parameter turns a flag on and it is remembered", async ({ page }) => {
    const n = nav(page);
    await n.getByRole("button", { name: "Business Performance" }).click();
    await expect(n.getByRole("link", { name: "Reports" })).toHaveCount(0);
    await page.goto("/dashboard?features.visualReports=true");
    await expect(n.getByRole("link", { name: "Reports" })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("features") ?? "{}"))).toEqual({
      visualReports: true,
    });
    await page.goto("/visual-reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await page.goto("/dashboard?features.visualReports=false");
    await expect(n.getByRole("link", { name: "Reports" })).toHaveCount(0);
  });

  test("Log Out signs out and returns to /login", async ({ page }) => {
    await nav(page).getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test.describe("child account routes (Read Only)", () => {
  test("gated links are absent and gated pages say so", async ({ page }) => {
    await signIn(page, DEMO.viewer);
    const n = nav(page);
    await n.getByRole("button", { name: "Business Performance" }).click();
    await expect(n.getByRole("link", { name: "Competitors" })).toBeVisible();
    await expect(n.getByRole("link", { name: "Scorecards" })).toHaveCount(0);
    await expect(n.getByRole("button", { name: "Online Presence" })).toBeVisible();
    await n.getByRole("button", { name: "Online Presence" }).click();
    await expect(n.getByRole("link", { name: "Amplify" })).toHaveCount(0);
    await expect(n.getByRole("link", { name: "Photos" })).toBeVisible();

    await page.goto("/amplify");
    await expect(page.getByText("Your user type does not have access to this page.")).toBeVisible();
    await page.goto("/settings/scheduled-exports/manage");
    await expect(page).toHaveURL(/\/error\?statusCode=403/);
  });

  test("no Add User for Read Only", async ({ page }) => {
    await signIn(page, DEMO.viewer);
    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add User" })).toHaveCount(0);
    await page.goto("/settings/users/new");
    await expect(page.getByText("Your user type does not have access to this page.")).toBeVisible();
  });
});
