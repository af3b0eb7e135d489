import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

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

/** A new browser context already signed in as the demo owner (the session put where the app keeps it). */
export async function signedInContext(browser: Browser, request: APIRequestContext) {
  const answer = await request.post("/api/auth", { data: { email: DEMO.owner, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  const { email, token } = await answer.json();
  const context = await browser.newContext();
  await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: AUTH_KEY,
    value: JSON.stringify({ email, token }),
  });
  return context;
}

export function nav(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/** The pathname and query of the current address, decoded for readable assertions. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
}

export type TApi = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
  put: <T>(path: string, body: unknown) => Promise<T>;
  delete: (path: string) => Promise<void>;
};

/** The API as the demo manager (for setting up data a person would not create through these screens). */
export async function managerApi(request: APIRequestContext): Promise<TApi> {
  const answer = await request.post("/api/auth", { data: { email: DEMO.manager, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  const { email, token } = await answer.json();
  const headers = { Authorization: `Basic ${btoa(`${email}:${token}`)}` };
  return {
    get: async (path) => {
      const res = await request.get(`/api${path}`, { headers });
      expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
      return res.json();
    },
    post: async (path, body) => {
      const res = await request.post(`/api${path}`, { headers, data: body });
      expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
    put: async (path, body) => {
      const res = await request.put(`/api${path}`, { headers, data: body });
      expect(res.ok(), `PUT ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
    delete: async (path) => {
      const res = await request.delete(`/api${path}`, { headers });
      expect(res.ok(), `DELETE ${path}: ${res.status()}`).toBe(true);
    },
  };
}

/**
 * The fake Google (My Business API v4) the e2e server's Google connector talks to: playwright.config.ts starts
 * apps/server/src/cli/fake-sources.ts on E2E_FAKE_GOOGLE_PORT (default 3101, as there) and points the server's
 * GOOGLE_API_BASE at it. It takes the demo's token and serves any location under the demo's Google accounts.
 */
export const FAKE_GOOGLE = `http://127.0.0.1:${env().E2E_FAKE_GOOGLE_PORT ?? 3101}`;

/** Node's environment (the e2e code is typechecked with the web app's DOM types, without Node's). */
function env(): Record<string, string | undefined> {
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
}

/** The demo's Google access token (its source_credentials), which the connector sends as a Bearer token. */
export const DEMO_GOOGLE_TOKEN = "demo-google-access-token";

/** A My Business v4 Review, as the fake holds and lists it. */
export type TFakeGoogleReview = {
  reviewId: string;
  reviewer?: { displayName?: string; isAnonymous?: boolean };
  starRating?: "ONE" | "TWO" | "THREE" | "FOUR" | "FIVE";
  comment?: string;
  createTime: string;
  updateTime?: string;
  reviewReply?: { comment: string; updateTime: string };
};

/** A request the fake received from the server (control calls are not recorded). */
export type TFakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
};

/** The fake Google's control API (`/__fake/...`): reviews at a location, the requests it received, failures. */
export function fakeGoogle(request: APIRequestContext) {
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`${FAKE_GOOGLE}/__fake${path}`, {
      method,
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} /__fake${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    /** Adds reviews at `accounts/{a}/locations/{l}` (one of the same reviewId is replaced). */
    addReviews: (location: string, reviews: TFakeGoogleReview[]) => call("POST", `/${location}/reviews`, { reviews }),
    /** The reviews the fake holds at a location, with the replies published to them. */
    reviews: async (location: string) =>
      (await call<{ reviews: TFakeGoogleReview[] }>("GET", `/${location}/reviews`)).reviews,
    requests: async () => (await call<{ requests: TFakeRequest[] }>("GET", "/requests")).requests,
    /** Answers the next request matching `method` and `path` with this status (and body) instead. */
    queueFailure: (failure: { status: number; method?: string; path?: string; body?: unknown }) =>
      call("POST", "/failures", failure),
    failures: async () => (await call<{ failures: unknown[] }>("GET", "/failures")).failures,
  };
}

/**
 * Waits until no CSS transition or animation runs (a modal fading in, a menu closing), so an axe scan sees the
 * page as a user does once it is still, not a half-opaque dialog or a dropdown on its way out.
 */
export async function settled(page: Page) {
  // Endless ones (a loader's spin) never finish and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** What a scan leaves out or limits itself to (CSS selectors), and axe rules it does not run. */
export type TScanOptions = { exclude?: string[]; include?: string[]; disableRules?: string[] };

/** The shared filter bar, which its own spec scans (filter-bar.spec.ts); other specs may leave it out. */
export const FILTER_BAR = '[data-slot="filter-bar"]';

/**
 * Axe (WCAG 2.1 A and AA) on the page once it is still (`settled`): no serious or critical violation. A failure
 * names the label, each rule with its impact and the nodes it found.
 */
export async function scanA11y(page: Page, label: string, options: TScanOptions = {}) {
  await settled(page);
  let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of options.include ?? []) axe = axe.include(selector);
  for (const selector of options.exclude ?? []) axe = axe.exclude(selector);
  if (options.disableRules?.length) axe = axe.disableRules(options.disableRules);
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
