import { expect, test } from "@playwright/test";
import { DEMO, nav, signIn } from "./helpers";

test.describe("navigation", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.owner);
  });

  test("is usable with the keyboard alone", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(nav(page)).toBeVisible();
    // The first Tab reaches the skip link, the next ones walk the navigation.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Tab");
    const group = nav(page).getByRole("button", { name: "Review Analysis" });
    await expect(group).toBeFocused();
    await expect(group).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    const reviews = nav(page).getByRole("link", { name: "Reviews", exact: true });
    await expect(reviews).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/reviews\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  });

  test("group expansion is remembered in expanded-nav", async ({ page }) => {
    await nav(page).getByRole("button", { name: "Online Presence" }).click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("expanded-nav") ?? "{}"));
    expect(stored["online-presence"]).toBe(true);
    await page.reload();
    await expect(nav(page).getByRole("button", { name: "Online Presence" })).toHaveAttribute("aria-expanded", "true");
  });

  test("collapse is remembered in collapsedNav, widths 256 and 56, and can be locked", async ({ page }) => {
    const sidebar = page.getByTestId("sidebar");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    await page.getByRole("button", { name: "Collapse navigation" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(56);
    expect(await page.evaluate(() => localStorage.getItem("collapsedNav"))).toBe("true");
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(56);
    // Collapsed links keep their names for assistive technology.
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
    // Locked: the toggle does nothing.
    await page.getByRole("button", { name: "Lock navigation" }).click();
    await expect(page.getByRole("button", { name: "Expand navigation" })).toBeDisabled();
    await page.getByRole("button", { name: "Unlock navigation" }).click();
    await page.getByRole("button", { name: "Expand navigation" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  });

  test("the navigation resizes up to 300 px", async ({ page }) => {
    const handle = page.getByRole("separator", { name: "Resize navigation" });
    await handle.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
    await expect(handle).toHaveAttribute("aria-valuenow", "300");
    await expect.poll(async () => (await page.getByTestId("sidebar").boundingBox())?.width).toBe(300);
  });

  test("below 1100 px the mobile navigation replaces the sidebar", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await nav(page).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(nav(page)).toHaveCount(0);
  });

  test("the page scrolls to the top on route change", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto("/settings");
    await page.evaluate(() => window.scrollTo(0, 500));
    await nav(page).getByRole("link", { name: "Settings" }).click();
    await nav(page).getByRole("link", { name: "Dashboard" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
