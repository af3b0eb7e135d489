import { expect, test } from "@playwright/test";
import { DEMO, nav, signIn, where } from "./helpers";

test.describe("parent account", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.agency);
  });

  test("starts on /accounts; unknown paths go to /accounts", async ({ page }) => {
    await expect.poll(() => where(page)).toBe("/accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
    for (const path of ["/", "/dashboard", "/reviews", "/no-such-page"]) {
      await page.goto(path);
      await expect.poll(() => where(page)).toBe("/accounts");
    }
  });

  test("parent routes render inside the layout", async ({ page }) => {
    for (const [path, heading] of [
      ["/accounts/integrations?integration_status=active", "Integrations"],
      ["/child-reviews", "Child Reviews"],
      ["/partner-account-reports", "Account Reports"],
      ["/partner-tools/scorecards", "Scorecards"],
      ["/settings", "Account & Settings"],
      ["/file-downloads/abc", "File Download"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test("the parent navigation", async ({ page }) => {
    const n = nav(page);
    await expect(n.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/accounts");
    await expect(n.getByRole("link", { name: "Integrations" })).toHaveAttribute(
      "href",
      "/accounts/integrations?integration_status=active",
    );
    await expect(n.getByRole("button", { name: "Online Presence" })).toHaveCount(0);
    await expect(n.getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("switching into a child account serves it under /as/{id} without Log Out", async ({ page }) => {
    const open = page.getByTestId("switch-account").first();
    await expect(open).toBeVisible();
    const href = (await open.getAttribute("href")) ?? "";
    const childId = href.split("/").pop() ?? "";
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/as/${childId}/dashboard\\?dateDescriptor=sixMonths$`));
    const n = nav(page);
    await expect(n).toBeVisible();
    await expect(n.getByRole("button", { name: "Log Out" })).toHaveCount(0);
    await expect(n.getByRole("button", { name: "Back to parent account" })).toBeVisible();
    // Child routes and redirects work under the shadow base path.
    await page.goto(`/as/${childId}/profile`);
    await expect(page).toHaveURL(new RegExp(`/as/${childId}/settings/profile$`));
    // The child session is kept per child account; the parent keeps its own.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("starboard.auth") ?? "{}"));
    expect(stored.email).toBe(DEMO.agency);
    expect(Object.keys(stored.childSessions)).toContain(childId);
    // Back to the parent.
    await n.getByRole("button", { name: "Back to parent account" }).click();
    await expect.poll(() => where(page)).toBe("/accounts");
  });
});
