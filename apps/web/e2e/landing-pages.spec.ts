import { type Browser, expect, test } from "@playwright/test";
import { DEMO, managerApi, scanA11y, signIn } from "./helpers";

/**
 * The public landing pages (each kind) and the kiosk of a demo location, as a customer's phone or a shared tablet
 * gets them: no serious or critical axe violation, usable from the keyboard alone, at most 30 KB gzipped, painted
 * within 2 s under Slow 4G (400 kbps down, 400 ms round trip) and a 4x slower CPU. Then the Request Reviews
 * sections: Copy Link turns into "Link copied" and copies the page's address.
 */

const BUDGET_BYTES = 30 * 1024;
const PAINT_BUDGET_MS = 2000;
const KINDS = ["nps", "stars", "thumbs", "faces", "review_request"] as const;

/** A demo location's id (the manager's API). */
async function demoLocationId(request: Parameters<typeof managerApi>[0]) {
  const api = await managerApi(request);
  const list = await api.get<{ _embedded: { locations: { id: string }[] } }>("/locations?per_page=1");
  const id = list._embedded.locations[0]?.id;
  expect(id).toBeTruthy();
  return id!;
}

/**
 * Loads a page in a fresh context under Slow 4G and 4x CPU throttling; answers its first contentful paint (ms from
 * navigation start), the bytes transferred, and the gzipped size of everything it loaded.
 */
async function throttledLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let transferred = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
    transferred += e.encodedDataLength;
  });
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.status() < 300) bodies.push(r.text().catch(() => ""));
  });
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  const paint = await page.evaluate(async () => {
    const entry = () => performance.getEntriesByName("first-contentful-paint")[0];
    for (let i = 0; i < 50 && !entry(); i++) await new Promise((r) => setTimeout(r, 100));
    return entry()?.startTime ?? Number.POSITIVE_INFINITY;
  });
  // Gzipped in a blank page (the landing pages' own policy allows no fetch).
  const texts = await Promise.all(bodies);
  const blank = await context.newPage();
  const gzipped = await blank.evaluate(async (all) => {
    let total = 0;
    for (const text of all) {
      const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
      total += (await new Response(stream).arrayBuffer()).byteLength;
    }
    return total;
  }, texts);
  await context.close();
  return { paint, transferred, gzipped };
}

test("each landing page kind and the kiosk: light, fast under throttling, accessible", async ({ browser, request }) => {
  const locationId = await demoLocationId(request);
  const paths = [...KINDS.map((k) => `/feedback/${locationId}/${k}`), `/kiosk/${locationId}`];
  for (const path of paths) {
    const { paint, transferred, gzipped } = await throttledLoad(browser, path);
    console.log(
      `${path}: first paint ${paint.toFixed(0)} ms, ${(transferred / 1024).toFixed(1)} KB transferred, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
    );
    expect(gzipped, path).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(transferred, path).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(paint, path).toBeLessThanOrEqual(PAINT_BUDGET_MS);
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await scanA11y(page, path);
  }
  // The thank-you page and the 404 page too.
  await page.goto(`/feedback/${locationId}/stars`);
  await page.locator('label[for="score-4"]').click();
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
  await scanA11y(page, "thank-you");
  await page.goto("/r/this-token-does-not-exist-anywhere");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await scanA11y(page, "404");
  await context.close();
});

test("a customer answers from the keyboard alone, and sees the same review sites after any score", async ({
  page,
  request,
}) => {
  const locationId = await demoLocationId(request);
  const sitesBefore: string[] = [];
  for (const [kind, keys] of [
    ["nps", 9],
    ["nps", 0],
    ["faces", 0],
  ] as const) {
    await page.goto(`/feedback/${locationId}/${kind}`);
    const sites = page.locator("section.sites");
    await expect(sites.getByRole("link", { name: /^Review us on / }).first()).toBeVisible();
    const before = await sites.innerHTML();
    sitesBefore.push(before);
    // Tab reaches the rating group; the arrows choose; Tab on to the comment, the name and Send.
    await page.keyboard.press("Tab");
    const first = page.locator('input[name="score"]').first();
    await expect(first).toBeFocused();
    for (let i = 0; i < keys; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Tell us more (optional)")).toBeFocused();
    await page.keyboard.type("Answered from the keyboard");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Your name (optional)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send feedback" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
    const after = await sites.innerHTML();
    expect(after).toBe(before);
  }
  // NPS 9 and NPS 0 were offered exactly the same public review sites.
  expect(sitesBefore[0]).toBe(sitesBefore[1]);
});

test("the kiosk starts over after an answer and after a minute idle", async ({ page, request }) => {
  const locationId = await demoLocationId(request);
  await page.clock.install();
  await page.goto(`/kiosk/${locationId}`);
  await page.locator('label[for="score-5"]').click();
  await page.getByLabel("Tell us more (optional)").fill("Kiosk answer");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
  await expect(page.getByText("Kiosk answer")).toHaveCount(0);
  await page.clock.runFor(21_000);
  await expect(page.getByRole("button", { name: "Send feedback" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/kiosk/${locationId}$`));

  // Typing, then walking away: after a minute the page is empty again.
  await page.getByLabel("Tell us more (optional)").fill("Half-written");
  await page.clock.runFor(61_000);
  await expect(page.getByLabel("Tell us more (optional)")).toHaveValue("");
});

test("Copy Link turns into Link copied and copies the page's address; kiosk links per location", async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await signIn(page, DEMO.owner);
  await page.goto("/request-reviews/landing-pages");
  await expect(page.getByRole("heading", { level: 2, name: "Landing pages" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Request page" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Landing pages of / });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(6);
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "/request-reviews/landing-pages");

  const npsRow = table.locator('tr[data-kind="nps"]');
  const url = (await npsRow.locator("td").nth(1).textContent())?.trim() ?? "";
  expect(url).toMatch(/\/feedback\/[0-9a-f-]+\/nps$/);
  const copy = npsRow.getByRole("button", { name: /^Copy Link for NPS/ });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(npsRow.getByRole("button", { name: /^Link copied for NPS/ })).toHaveText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(npsRow.getByRole("button", { name: /^Copy Link for NPS/ })).toHaveText("Copy Link", { timeout: 5000 });

  // The request page settings: a bad e-mail shows the field's message; a good one saves.
  const email = page.getByLabel("Contact email");
  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await email.fill("hello@demo.test");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Request page saved")).toBeVisible();
  const preview = await context.newPage();
  await preview.goto(url);
  await expect(preview.getByRole("link", { name: "hello@demo.test" })).toBeVisible();
  await preview.close();

  await page.goto("/request-reviews/kiosks");
  await expect(page.getByRole("heading", { level: 2, name: "Kiosks" })).toBeVisible();
  const kiosks = page.getByRole("table", { name: "Kiosk pages" });
  await expect(kiosks.getByRole("button", { name: /^Copy Link for Kiosk/ }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scanA11y(page, "/request-reviews/kiosks");
  await kiosks
    .getByRole("button", { name: /^Copy Link for Kiosk/ })
    .first()
    .click();
  await expect(kiosks.getByRole("button", { name: /^Link copied for Kiosk/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/kiosk\/[0-9a-f-]+$/);
  await context.close();
});
