import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createLocation, createReview, createUser, TEST_PASSWORD } from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

// A client written against ReviewTrackers' public API, pointed at Starboard by changing only its base URL
// (Starboard's API lives under /api): raw fetch, the headers such a client sends, nothing from our harness.
let t: TestApp;
let base: string;
let email: string;
let accountId: string;

const RTX_JSON = "application/json";
const rtx = (resource: string) => `application/vnd.rtx.${resource}.v2.hal+json;charset=utf-8`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

beforeAll(async () => {
  t = await startTestApp();
  base = `${t.baseUrl}/api`;
  const account = await createAccount(t.ctx.database);
  accountId = account.id;
  const user = await createUser(t.ctx.database, account.id, { type: "admin", owner: true });
  email = user.email;
  const location = await createLocation(t.ctx.database, account.id);
  for (let i = 0; i < 5; i++) {
    await createReview(t.ctx.database, { accountId, locationId: location.id, source: "google" });
  }
});
afterAll(async () => t?.close());

async function signIn() {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { Authorization: basic(email, TEST_PASSWORD), "Content-Type": RTX_JSON, Accept: rtx("auth") },
    body: "",
  });
  expect(res.status).toBe(201);
  const session = (await res.json()) as { token: string; account_id: string };
  expect(session.token).toEqual(expect.any(String));
  return session;
}

describe("a ReviewTrackers API client, base URL changed", () => {
  it("signs in with HTTP Basic email:password, Content-Type application/json and an empty body", async () => {
    const session = await signIn();
    expect(session.account_id).toBe(accountId);
    // The same with the rtx media type as the Content-Type.
    const rtxBody = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Authorization: basic(email, TEST_PASSWORD), "Content-Type": rtx("auth"), Accept: rtx("auth") },
      body: "",
    });
    expect(rtxBody.status).toBe(201);
    // A wrong password is still refused.
    const wrong = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Authorization: basic(email, "nope"), "Content-Type": RTX_JSON },
      body: "",
    });
    expect(wrong.status).toBe(401);
  });

  it("lists with the rtx Accept header, answered in the matching media type", async () => {
    const { token } = await signIn();
    const res = await fetch(`${base}/reviews?account_id=${accountId}&per_page=2`, {
      headers: { Authorization: basic(email, token), Accept: rtx("reviews") },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(rtx("reviews").replace(";charset", "; charset"));
    const page = (await res.json()) as { _embedded: { reviews: unknown[] }; _total: number };
    expect(page._embedded.reviews).toHaveLength(2);
    expect(page._total).toBe(5);
  });

  it("sends a JSON body with the rtx Content-Type", async () => {
    const { token } = await signIn();
    const res = await fetch(`${base}/tags`, {
      method: "POST",
      headers: { Authorization: basic(email, token), Accept: rtx("tags"), "Content-Type": rtx("tags") },
      body: JSON.stringify({ account_id: accountId, name: "From RTX" }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/vnd.rtx.tags.v2.hal+json");
    expect(((await res.json()) as { name: string }).name).toBe("From RTX");
  });

  it("follows a next link with account_id and per_page appended again", async () => {
    const { token } = await signIn();
    const headers = { Authorization: basic(email, token), Accept: rtx("reviews") };
    const first = await fetch(`${base}/reviews?account_id=${accountId}&per_page=2`, { headers });
    const body = (await first.json()) as { _links: { next?: { href: string } } };
    const next = body._links.next?.href;
    expect(next).toEqual(expect.stringContaining("page=2"));
    // The client appends its own parameters to whatever link it is given.
    const url = new URL(`${next}&account_id=${accountId}&per_page=2`, t.baseUrl);
    expect(url.searchParams.getAll("per_page")).toEqual(["2", "2"]);
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { _embedded: { reviews: unknown[] }; _page: number };
    expect(page._embedded.reviews).toHaveLength(2);
    // Different values of a scalar parameter are still refused.
    const clash = await fetch(`${base}/reviews?account_id=${accountId}&per_page=2&per_page=3`, { headers });
    expect(clash.status).toBe(400);
  });
});
