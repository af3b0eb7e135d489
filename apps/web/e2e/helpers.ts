import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

export type TApi = { get: <T>(path: string) => Promise<T>; post: <T>(path: string, body: unknown) => Promise<T> };

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
  };
}
