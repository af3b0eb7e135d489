import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signedInContext } from "./helpers";

// What a browser receives: the first load of the signed-in dashboard within its budget of bytes over
// the wire, and no Content-Security-Policy violation on the main screens (issue 12).

const FIRST_LOAD_BUDGET = 250 * 1024;

/** Records every CSP violation the page reports, from the browser's own event and from the console. */
async function watchViolations(context: BrowserContext, page: Page) {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  return violations;
}

test("the signed-in dashboard's first load is at most 250 KB of JavaScript and CSS over the wire", async ({
  browser,
  request,
}) => {
  const context = await signedInContext(browser, request);
  const page = await context.newPage();
  const assets: { url: string; type: string; size: Promise<number> }[] = [];
  page.on("requestfinished", (req) => {
    const type = req.resourceType();
    if (type === "script" || type === "stylesheet") {
      assets.push({ url: req.url(), type, size: req.sizes().then((s) => s.responseBodySize) });
    }
  });
  await page.goto("/dashboard");
  await expect(page.getByTestId("kpi-total-reviews-value")).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(assets.map((a) => a.size));
  const total = sizes.reduce((sum, n) => sum + n, 0);
  console.log(
    `dashboard first load: ${assets.length} files, ${(total / 1024).toFixed(1)} KB transferred\n` +
      assets.map((a, i) => `  ${((sizes[i] ?? 0) / 1024).toFixed(1)} KB ${a.url.replace(/^.*\//, "")}`).join("\n"),
  );
  expect(assets.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  await context.close();
});

test("the main screens cause no Content-Security-Policy violation", async ({ browser, request }) => {
  const context = await signedInContext(browser, request);
  const page = await context.newPage();
  const violations = await watchViolations(context, page);
  for (const path of ["/dashboard", "/reviews", "/settings", "/settings/users", "/settings/profile"]) {
    await page.goto(path);
    await expect(page.locator("#main-content")).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  const anon = await browser.newContext();
  const login = await anon.newPage();
  const anonViolations = await watchViolations(anon, login);
  await login.goto("/login");
  await expect(login.getByRole("button", { name: "Sign In" })).toBeVisible();
  expect([...violations, ...anonViolations]).toEqual([]);
  await context.close();
  await anon.close();
});
