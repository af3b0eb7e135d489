import { expect, test } from "@playwright/test";
import { signedInContext } from "./helpers";

const BUDGET_BYTES = 250 * 1024;

// The shell (providers, session, layout, navigation) on a light page. Heavy pages (the dashboard's
// charts) load their own chunks on top; this budget is the shell's.
test("the first load of the signed-in shell stays under 250 KB of gzipped JS", async ({ browser, request }) => {
  const context = await signedInContext(browser, request);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account & Settings" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const gzipped = await page.evaluate(
    async (urls) => {
      let total = 0;
      for (const url of urls) {
        const body = (await fetch(url)).body;
        if (!body) continue;
        const compressed = await new Response(body.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
        total += compressed.byteLength;
      }
      return total;
    },
    [...scripts],
  );
  console.log(`signed-in shell: ${scripts.size} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(gzipped).toBeLessThan(BUDGET_BYTES);
  await context.close();
});
