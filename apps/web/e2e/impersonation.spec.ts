import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, nav, PASSWORD, signIn } from "./helpers";

/**
 * Operators enter an account (issue 10): provider staff run `npm run admin -- impersonate <user> --reason "..."`
 * against the running server's DATA_DIR, as they would on their instance; the one-time link it prints opens a
 * session marked impersonated. The banner says whose view it is and which operator is looking; there is no
 * Log Out; a password or e-mail change is refused; the link works once; every step and write is in the
 * account's audit log, which its Admins read in settings; `end-impersonation` signs the session out.
 */

const OPERATOR = "ops@provider.example.test";
const REASON = "Ticket 4821: the manager's alerts stopped arriving";
// Playwright runs from the repository root (playwright.config.ts).
const ROOT = process.cwd();
const PORT = process.env.E2E_PORT ?? "3100";
// The data directory playwright.config.ts gives the e2e server (the CLI reaches its database through it).
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `starboard-e2e-${PORT}`);

/** `npm run admin -- <args>` as the operator runs it, on the e2e server's DATA_DIR. */
function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "apps/server/src/cli/admin.ts"), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "silent" },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Starts an impersonation of `email`; answers the link's path (on this server) and the impersonation id. */
async function impersonate(email: string) {
  const run = await admin("impersonate", email, "--reason", REASON, "--operator", OPERATOR);
  expect(run.code, run.stderr).toBe(0);
  const link = new URL(run.stdout.trim());
  expect(link.pathname).toMatch(/^\/sso-login\/.+/);
  const id = /Impersonation ([0-9a-f-]{36})/.exec(run.stderr)?.[1];
  expect(id, run.stderr).toBeTruthy();
  return { path: link.pathname, id: id! };
}

async function formError(page: Page, section: string) {
  return page.getByRole("region", { name: section }).getByRole("alert");
}

test("an operator enters the demo manager's account: banner, no Log Out, no credential changes, audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { path: linkPath, id } = await impersonate(DEMO.manager);

  await page.goto(linkPath);
  await expect(page.locator("#main-content")).toBeVisible({ timeout: 30_000 });
  const banner = page.getByTestId("impersonation-banner");
  await expect(banner).toContainText("Viewing as Marcus Manager (manager@demo.test)");
  await expect(banner).toContainText(`${OPERATOR} (operator)`);
  // No Log Out in an impersonated session; it ends by itself (or when the operator ends it).
  await expect(nav(page).getByText("Help")).toBeVisible();
  await expect(page.getByText("Log Out")).toHaveCount(0);

  // Neither the password nor the e-mail address can be changed.
  await page.goto("/settings/profile");
  await page.getByLabel(/^Current password/).fill(PASSWORD);
  await page.getByLabel(/^New password/).fill("a-new-password-123");
  await page.getByLabel("Confirm new password").fill("a-new-password-123");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(await formError(page, "Change password")).toHaveText(
    "An impersonated session cannot change a password or an e-mail address.",
  );
  await page.getByLabel(/^Email/).fill("someone-else@demo.test");
  await page.getByRole("button", { name: "Save Details" }).click();
  await expect(await formError(page, "Details")).toHaveText(
    "An impersonated session cannot change a password or an e-mail address.",
  );
  // The manager still signs in with the old password and e-mail.
  const check = await page.request.post("/api/auth", { data: { email: DEMO.manager, password: PASSWORD } });
  expect(check.status()).toBe(201);

  // The link worked once.
  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto(linkPath);
  await expect(again.getByRole("alert")).toHaveText("This sign-in link is invalid or has expired.");
  await second.close();

  // The account's Admin reads who entered, as whom, why and when, and what the session tried.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.owner);
  await expect(owner.getByText("Log Out")).toBeVisible();
  await owner.goto("/settings/audit-log");
  const table = owner.getByTestId("audit-log-table");
  await expect(table).toContainText(`Sign-in link created to enter the account as ${DEMO.manager}. Reason: ${REASON}`);
  await expect(table).toContainText("Entered the account");
  await expect(table).toContainText(/PATCH \/api\/users\/[0-9a-f-]{36} \(answered 403\)/);
  await expect(owner.getByTestId("audit-log-row").first()).toContainText(`${OPERATOR} (operator)`);

  // The operator ends it: the session is signed out, and the log says so.
  const end = await admin("end-impersonation", id);
  expect(end.code, end.stderr).toBe(0);
  await page.goto("/dashboard");
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/login");
  await owner.reload();
  await expect(owner.getByTestId("audit-log-table")).toContainText("Left the account");
  await ownerContext.close();
});
