import { expect, test } from "@playwright/test";
import { AUTH_KEY, DEMO, nav, PASSWORD, signIn, where } from "./helpers";

test.describe("session rules", () => {
  test("the token is kept in localStorage and survives a reload", async ({ page }) => {
    await signIn(page, DEMO.manager);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), AUTH_KEY);
    expect(stored.email).toBe(DEMO.manager);
    expect(typeof stored.token).toBe("string");
    await page.reload();
    await expect(nav(page)).toBeVisible();
  });

  test("a 401 signs out silently to /login?invalidated=true&redirect=<path>", async ({ page }) => {
    await signIn(page, DEMO.owner);
    await page.goto("/settings/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    // Revoke the token behind the app's back (as an expiry or a sign-out elsewhere would).
    const { email, token } = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}"), AUTH_KEY);
    const revoked = await page.request.delete("/api/auth", {
      headers: { Authorization: `Basic ${btoa(`${email}:${token}`)}` },
    });
    expect(revoked.status()).toBe(204);
    await page.reload();
    await expect.poll(() => where(page)).toBe("/login?invalidated=true&redirect=/settings/profile");
    await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY)).toBeNull();
  });

  test("a 402 marks the account inactive and sends the user to billing", async ({ page }) => {
    await signIn(page, DEMO.owner);
    // The demo has no inactive account, so the one answer is made a 402 at the network edge.
    await page.route("**/api/health**", (route) =>
      route.fulfill({
        status: 402,
        contentType: "application/json",
        body: '{"status":402,"error":"This account is inactive."}',
      }),
    );
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByTestId("account-inactive")).toBeVisible();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
  });

  test("removing the token in another tab signs this tab out", async ({ page, context }) => {
    await signIn(page, DEMO.owner);
    const other = await context.newPage();
    await other.goto("/triage");
    await other.evaluate((key) => localStorage.removeItem(key), AUTH_KEY);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await other.close();
  });

  test("another tab signing in as someone else switches this tab's identity", async ({ page, context }) => {
    await signIn(page, DEMO.owner);
    await page.goto("/amplify");
    await expect(page.getByRole("heading", { level: 1, name: "Amplify" })).toBeVisible();
    const other = await context.newPage();
    await other.goto("/triage");
    const viewer = await other.request.post("/api/auth", { data: { email: DEMO.viewer, password: PASSWORD } });
    expect(viewer.status()).toBe(201);
    const { email, token } = await viewer.json();
    await other.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: AUTH_KEY,
      value: JSON.stringify({ email, token }),
    });
    // This tab now runs as the Read Only user, without a reload.
    await expect(page.getByText("Your user type does not have access to this page.")).toBeVisible();
    await other.close();
  });

  test("the staging banner shows for staging, qa and sandbox", async ({ page }) => {
    // The test server runs as "test"; the health answer is rewritten to name another environment.
    await page.route("**/api/health**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"status":"ok","environment":"qa"}' }),
    );
    await signIn(page, DEMO.owner);
    await expect(page.getByTestId("staging-banner")).toContainText("qa");
  });
});
