import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./helpers";

/**
 * Request Reviews → Settings (quiet hours, the minimum days between two requests), and the e2e mail set-up: the
 * server sends through the local SMTP catcher that playwright.config.ts starts (SMTP on E2E_PORT+2, the messages
 * as JSON on E2E_PORT+3).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const MAILBOX = `http://127.0.0.1:${port + 3}/messages`;

test("a Manager changes the sending settings; a Read Only user sees them read-only", async ({ page, browser }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/request-reviews/settings");
  await expect(page.getByRole("heading", { level: 2, name: "Sending settings" })).toBeVisible();
  const days = page.getByLabel("Minimum days between requests to a customer");
  await expect(days).toHaveValue("30");
  await expect(page.getByLabel("Quiet hours start")).toHaveValue("21:00");
  await expect(page.getByLabel("Quiet hours end")).toHaveValue("08:00");
  await days.fill("14");
  await page.getByLabel("Quiet hours start").fill("20:30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sending settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Minimum days between requests to a customer")).toHaveValue("14");
  await expect(page.getByLabel("Quiet hours start")).toHaveValue("20:30");
  // Back as it was, from the keyboard.
  await page.getByLabel("Minimum days between requests to a customer").fill("30");
  await page.getByLabel("Quiet hours start").fill("21:00");
  await page.getByLabel("Quiet hours start").press("Enter");
  await expect(page.getByText("Sending settings saved")).toBeVisible();

  const viewer = await browser.newPage();
  await signIn(viewer, DEMO.viewer);
  await viewer.goto("/request-reviews/settings");
  await expect(viewer.getByLabel("Minimum days between requests to a customer")).toHaveValue("30");
  await expect(viewer.getByLabel("Minimum days between requests to a customer")).toHaveAttribute("readonly", "");
  await expect(viewer.getByRole("button", { name: "Save" })).toHaveCount(0);
  await viewer.close();
});

test("the server's e-mail reaches the local SMTP catcher", async ({ page, request }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(DEMO.viewer);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account uses that email, we sent it a link to reset the password.")).toBeVisible();
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX}?to=${encodeURIComponent(DEMO.viewer)}`);
        const messages = (await res.json()) as { from: string; to: string[]; subject: string; raw: string }[];
        return messages.some(
          (m) => m.to.includes(DEMO.viewer) && m.raw.replace(/=\r?\n/g, "").includes("reset_password_token"),
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});
