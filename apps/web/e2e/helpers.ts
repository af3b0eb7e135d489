import { expect, type Page } from "@playwright/test";

export const PASSWORD = "demo-password";
export const AUTH_KEY = "starboard.auth";

export const DEMO = {
  owner: "owner@demo.test",
  manager: "manager@demo.test",
  viewer: "viewer@demo.test",
  clinic: "clinic@demo.test",
  agency: "agency@demo.test",
} as const;

/** Signs in through the real form and waits for the first signed-in page. */
export async function signIn(page: Page, email: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator("#main-content")).toBeVisible();
}

export function nav(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/** The pathname and query of the current address, decoded for readable assertions. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
}
