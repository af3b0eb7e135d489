import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccount,
  createLocation,
  createReview,
  createReviewResponse,
  createUser,
  TEST_PASSWORD,
} from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

// A client written against ReviewTrackers' public API, pointed at Starboard by changing only its base URL
// (Starboard's API lives under /api): raw fetch, the headers such a client sends, nothing from our harness.
let t: TestApp;
let base: string;
let email: string;
let accountId: string;
const reviewIds: string[] = [];

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
    const review = await createReview(t.ctx.database, { accountId, locationId: location.id, source: "google" });
    reviewIds.push(review.id);
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
    // (The link is absolute, from PUBLIC_URL; the test reaches the server on its own port.)
    const url = new URL(`${next}&account_id=${accountId}&per_page=2`.replace(t.ctx.config.publicUrl, t.baseUrl));
    expect(url.searchParams.getAll("per_page")).toEqual(["2", "2"]);
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { _embedded: { reviews: unknown[] }; _page: number };
    expect(page._embedded.reviews).toHaveLength(2);
    // Different values of a scalar parameter are still refused.
    const clash = await fetch(`${base}/reviews?account_id=${accountId}&per_page=2&per_page=3`, { headers });
    expect(clash.status).toBe(400);
  });

  it("walks every review of an account by cursor, ascending, with per_page up to 500 (GET /v2/reviews)", async () => {
    const { token } = await signIn();
    const headers = { Authorization: basic(email, token), Accept: rtx("reviews") };
    type TCursorPage = {
      data: { id: string; published_at: string }[];
      paging: { cursors: { before: string | null; after: string | null } };
    };
    const seen: { id: string; published_at: string }[] = [];
    let after: string | null = null;
    for (let call = 0; call < 10; call++) {
      const query = `account_id=${accountId}&per_page=2&sort[by]=published_at&sort[order]=ASC`;
      const res = await fetch(`${base}/v2/reviews?${query}${after ? `&after=${encodeURIComponent(after)}` : ""}`, {
        headers,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/vnd.rtx.reviews.v2.hal+json");
      const page = (await res.json()) as TCursorPage;
      seen.push(...page.data);
      after = page.paging.cursors.after;
      if (after === null) break;
    }
    expect(seen.map((r) => r.id).sort()).toEqual(reviewIds.toSorted());
    const times = seen.map((r) => r.published_at);
    expect(times).toEqual(times.toSorted());

    // 500 a page in one call, and the order in lower case too.
    const all = await fetch(
      `${base}/v2/reviews?account_id=${accountId}&per_page=500&sort[by]=published_at&sort[order]=asc`,
      {
        headers,
      },
    );
    const body = (await all.json()) as TCursorPage;
    expect(body.data.map((r) => r.id)).toEqual(seen.map((r) => r.id));
    expect(body.paging.cursors.after).toBeNull();
    expect((await fetch(`${base}/v2/reviews?account_id=${accountId}&per_page=501`, { headers })).status).toBe(400);
  });

  it("carries ReviewTrackers' field names beside ours on reviews", async () => {
    const { token } = await signIn();
    const res = await fetch(`${base}/reviews?account_id=${accountId}&per_page=1`, {
      headers: { Authorization: basic(email, token), Accept: rtx("reviews") },
    });
    const review = ((await res.json()) as { _embedded: { reviews: Record<string, unknown>[] } })._embedded.reviews[0]!;
    expect(review.author).toBe(review.author_name);
    expect(review.permalink).toBe(review.url);
    expect(review.extra_text).toBe(review.title);
    expect(review.name).toBe((review.location as { name: string }).name);
    expect(review.business_response_url).toBe(review.url);
    expect(review.origin_published_at).toBe(review.published_at);
    expect(review.created_at).toEqual(expect.any(String));
    expect(review.updated_at).toEqual(expect.any(String));
    expect(review.metadata).toEqual({});
    expect(review.url_metadata).toEqual({});
  });

  it("lists every account the user reaches with GET /accounts, its own included", async () => {
    const parent = await createAccount(t.ctx.database, { name: "RT Parent Group" });
    const child = await createAccount(t.ctx.database, { parent_id: parent.id, name: "RT Child Store" });
    const user = await createUser(t.ctx.database, parent.id, { type: "admin", owner: true });
    const session = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Authorization: basic(user.email, TEST_PASSWORD), "Content-Type": RTX_JSON },
      body: "",
    });
    const { token } = (await session.json()) as { token: string };
    const res = await fetch(`${base}/accounts`, {
      headers: { Authorization: basic(user.email, token), Accept: rtx("accounts") },
    });
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { _embedded: { accounts: { id: string }[] } })._embedded.accounts.map(
      (a) => a.id,
    );
    expect(ids.sort()).toEqual([parent.id, child.id].sort());
  });

  it("pages locations, responses, reviews, users and groups by account_id alone, per_page up to 500, sorted by created_at or updated_at", async () => {
    const { token } = await signIn();
    const headers = (resource: string) => ({ Authorization: basic(email, token), Accept: rtx(resource) });
    for (const resource of ["locations", "responses", "reviews", "users", "groups"]) {
      for (const by of ["created_at", "updated_at"]) {
        for (const order of ["ASC", "desc"]) {
          const res = await fetch(
            `${base}/${resource}?account_id=${accountId}&per_page=500&sort[by]=${by}&sort[order]=${order}`,
            { headers: headers(resource) },
          );
          expect(res.status, `${resource} by ${by} ${order}: ${await res.clone().text()}`).toBe(200);
          const page = (await res.json()) as { per_page: number; _embedded: Record<string, unknown[]> };
          expect(page.per_page).toBe(500);
        }
      }
    }
  });

  it("pages locations and responses by _links.next, absolute URLs a client follows as they are", async () => {
    const { token } = await signIn();
    const publicUrl = t.ctx.config.publicUrl;
    const location = await createLocation(t.ctx.database, accountId);
    for (let i = 0; i < 3; i++) {
      const review = await createReview(t.ctx.database, { accountId, locationId: location.id, source: "google" });
      reviewIds.push(review.id);
      await createReviewResponse(t.ctx.database, review);
    }
    for (const [resource, expected] of [
      ["locations", 2],
      ["responses", 3],
    ] as const) {
      const headers = { Authorization: basic(email, token), Accept: rtx(resource) };
      let href: string | undefined = `${publicUrl}/api/${resource}?account_id=${accountId}&per_page=1`;
      const ids: string[] = [];
      while (href) {
        // The server is reached here on its own port, while PUBLIC_URL names the public origin (a proxy's).
        const res = await fetch(href.replace(publicUrl, t.baseUrl), { headers });
        expect(res.status).toBe(200);
        const page = (await res.json()) as {
          _embedded: Record<string, { id: string }[]>;
          _links: { next?: { href: string }; self: { href: string } };
        };
        expect(page._links.self.href.startsWith(`${publicUrl}/api/${resource}?`)).toBe(true);
        ids.push(...page._embedded[resource]!.map((r) => r.id));
        href = page._links.next?.href;
        if (href) expect(href.startsWith(`${publicUrl}/api/${resource}?`)).toBe(true);
      }
      expect(ids.length).toBe(expected);
      expect(new Set(ids).size).toBe(expected);
    }
  });
});
