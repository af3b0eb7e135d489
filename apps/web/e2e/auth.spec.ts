import { expect, test } from "@playwright/test";
import { DEMO, nav, PASSWORD, signIn, where } from "./helpers";

test.describe("signed-out routes", () => {
  test("unauthenticated users go to /login, keeping where they were going", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/reviews?rating=5");
    await expect.poll(() => where(page)).toBe("/login?redirect=/reviews?rating=5");
    await page.goto("/settings/users");
    await expect.poll(() => where(page)).toBe("/login?redirect=/settings/users");
  });

  test("/users/sign_in redirects to /login", async ({ page }) => {
    await page.goto("/users/sign_in?invalidated=true");
    await expect.poll(() => where(page)).toBe("/login?invalidated=true");
    await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  });

  test("a wrong password shows the server's message and stays on /login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.owner);
    await page.getByLabel(/^Password/).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByTestId("login-error")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("empty fields are flagged before any call", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("sign-in goes to the redirect target", async ({ page }) => {
    await page.goto("/settings/profile");
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel("Email").fill(DEMO.owner);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => where(page)).toBe("/settings/profile");
  });

  test("/error shows statusCode and message, with the defaults", async ({ page }) => {
    await page.goto("/error");
    await expect(page.getByTestId("error-status")).toHaveText("500");
    await expect(page.getByTestId("error-message")).toHaveText("An unexpected error occurred");
    await page.goto("/error?statusCode=404&message=No%20such%20page");
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByTestId("error-message")).toHaveText("No such page");
  });

  test("/triage shows the user agent and the server's answer", async ({ page }) => {
    await page.goto("/triage");
    const ua = await page.evaluate(() => navigator.userAgent);
    await expect(page.getByTestId("user-agent")).toHaveText(ua);
    await expect(page.getByRole("region", { name: "GET request" }).getByText("OK")).toBeVisible({ timeout: 15_000 });
  });

  test("the other signed-out pages render on their own", async ({ page }) => {
    for (const [path, heading] of [
      ["/forgot-password", "Reset your password"],
      ["/reset-password?reset_password_token=abc", "Choose a new password"],
      ["/password-reset-complete", "Password changed"],
      ["/expired-password", "Password expired"],
      ["/scorecardrequest/42", "Scorecard request"],
      ["/partner-integrations-setup", "Integration connected"],
      ["/partner-integrations-error", "Integration failed"],
      ["/signup", "Create your account"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("/signup/location without the first step returns to /signup", async ({ page }) => {
    await page.goto("/signup/location");
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("forgot-password posts the e-mail and says a link was sent", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(DEMO.viewer);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(
      page.getByText("If an account uses that email, we sent it a link to reset the password."),
    ).toBeVisible();
  });

  test("reset-password without a token says the link is invalid", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
  });

  test("sign-up in two steps creates the account and signs in", async ({ page }) => {
    const email = `new-${Date.now()}@example.test`;
    await page.goto("/signup");
    await page.getByLabel("Your name").fill("Nina New");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("a-long-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/signup\/location$/);
    await page.getByLabel("Business name").fill("Nina's Noodles");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(nav(page)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?dateDescriptor=sixMonths$/);
  });

  test("sign-up with an address already in use shows the failure and keeps the form", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Your name").fill("Olivia Again");
    await page.getByLabel("Email").fill(DEMO.owner);
    await page.getByLabel(/^Password/).fill("a-long-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Business name").fill("Duplicate Diner");
    await page.getByRole("button", { name: "Create Account" }).click();
    // Either the field error sends the user back to step 1, or the failure message shows on step 2.
    await expect(page.getByText(/already|issue creating your account/i).first()).toBeVisible();
  });

  test("a signed-in user visiting /login goes home", async ({ page }) => {
    await signIn(page, DEMO.owner);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
