import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO, FILTER_BAR, scanA11y, signIn } from "./helpers";

/**
 * The shell is scanned on the settings pages; the dashboard's own content (charts, KPIs) and the
 * filter bar are scanned by their features' specs.
 */
// The shared filter bar is scanned by its own spec (filter-bar.spec.ts); this one covers the shell and its pages.
const scan = (page: Page, label: string) => scanA11y(page, label, { exclude: [FILTER_BAR] });

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("sign-in and sign-up pages have no serious or critical violations", async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  for (const path of ["/login", "/signup", "/forgot-password", "/reset-password?reset_password_token=x", "/error"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await scan(page, path);
  }
  // The sign-in page with its errors showing.
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await scan(page, "/login (errors)");
  await context.close();
});

test("the shell and the settings pages have no serious or critical violations", async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  await signIn(page, DEMO.owner);
  for (const [path, heading] of [
    ["/settings", "Account & Settings"],
    ["/settings/profile", "Profile"],
    ["/settings/users", "Users"],
    ["/settings/users/new", "Add User"],
    ["/settings/account", "Account"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await scan(page, path);
  }
  // The collapsed navigation too.
  await page.getByRole("button", { name: "Collapse navigation" }).click();
  await scan(page, "collapsed navigation");
  await context.close();
});

test("the mobile navigation has no serious or critical violations", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.owner, "/login?redirect=/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account & Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Open navigation" }).click();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await scan(page, "mobile navigation");
  await context.close();
});
