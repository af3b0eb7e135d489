import type { TIssue, TSource, TSourceList, TUrlList, TUrlsCheck } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createAccount,
  createLocation,
  createReview,
  createUrl,
  createUser,
  signedIn,
  sourceId,
} from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { SOURCE_CATALOGUE } from "./catalogue.ts";
import { initialsOf } from "./logos.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let loc1: { id: string };
let loc2: { id: string };
let otherLocation: { id: string };
type Errors = { errors: Record<string, string>; error: string };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.database;
  owner = await signedIn(t);
  other = await signedIn(t);
  loc1 = await createLocation(db, owner.account.id);
  loc2 = await createLocation(db, owner.account.id);
  otherLocation = await createLocation(db, other.account.id);
  await createUrl(db, {
    accountId: owner.account.id,
    locationId: loc1.id,
    source: "google",
    referenceId: "accounts/1/locations/2",
  });
  await createUrl(db, { accountId: owner.account.id, locationId: loc1.id, source: "yelp" });
  await createUrl(db, { accountId: owner.account.id, locationId: loc2.id, source: "facebook", requestReviews: false });
  await createReview(db, { accountId: owner.account.id, locationId: loc2.id, source: "tripadvisor" });
  await createUrl(db, { accountId: other.account.id, locationId: otherLocation.id, source: "trustpilot" });
});
afterAll(async () => t?.close());

const codes = (body: TSourceList) => body._embedded.sources.map((s) => s.code);

describe("GET /api/sources", () => {
  it("lists the sources the account has listings or reviews on, by ordinal then name", async () => {
    const res = await owner.client.get<TSourceList>("/api/sources?supports_reviews=true");
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(["google", "facebook", "yelp", "tripadvisor"]);
    expect(res.body._embedded.sources[0]).toMatchObject({
      code: "google",
      name: "Google",
      ordinal: 1,
      logo_url: "/source-logos/google.svg",
      color: "#4285F4",
      supports_responses: true,
      supports_images: true,
      response_char_limit: 4096,
    });
    // Users load by user_id (their account), parents by account_id: the same scope.
    const byUser = await owner.client.get<TSourceList>(`/api/sources?user_id=${owner.user.id}`);
    expect(codes(byUser.body)).toEqual(codes(res.body));
  });

  it("lists the whole catalogue with all=true, 25 a page, with keywords, flags and sort", async () => {
    const all = await owner.client.get<TSourceList>("/api/sources?all=true");
    expect(all.body).toMatchObject({ _total: SOURCE_CATALOGUE.length, per_page: 25, page_count: 25, _total_pages: 2 });
    const goo = await owner.client.get<TSourceList>("/api/sources?all=true&keywords=goo");
    expect(codes(goo.body)).toEqual(["google", "google_play"]);
    const images = await owner.client.get<TSourceList>("/api/sources?all=true&supports_images=true&per_page=100");
    expect(images.body._embedded.sources.every((s) => s.supports_images)).toBe(true);
    const byName = await owner.client.get<TSourceList>("/api/sources?sort=name&per_page=100");
    expect(codes(byName.body)).toEqual(["facebook", "google", "tripadvisor", "yelp"]);
  });

  it("answers 400 for a bad sort, 404 for another account or user, 401 without a session", async () => {
    const bad = await owner.client.get<Errors>("/api/sources?sort=popularity");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("sort");
    expect((await owner.client.get(`/api/sources?account_id=${other.account.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/sources?user_id=${other.user.id}`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/api/sources")).status).toBe(401);
  });

  it("fetches one source by id", async () => {
    const id = await sourceId(t.ctx.database, "yelp");
    const res = await owner.client.get<TSource>(`/api/sources/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, code: "yelp", supports_responses: false });
    expect((await owner.client.get("/api/sources/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("GET /api/sources as the filter bar asks", () => {
  it("accepts the typeahead's sort[by]=relevance: by relevance with keywords, the default order without", async () => {
    const typed = await owner.client.get<TSourceList>(
      "/api/sources?all=true&keywords=g&search_type=typeahead&sort[by]=relevance&sort[order]=desc",
    );
    expect(typed.status).toBe(200);
    expect(codes(typed.body)).toEqual(["g2", "google", "grubhub", "glassdoor", "google_play"]);
    const exact = await owner.client.get<TSourceList>(
      "/api/sources?all=true&keywords=google&search_type=typeahead&sort[by]=relevance&sort[order]=desc",
    );
    expect(codes(exact.body)).toEqual(["google", "google_play"]);
    const untyped = await owner.client.get<TSourceList>("/api/sources?supports_reviews=true&sort[by]=relevance");
    expect(untyped.status).toBe(200);
    expect(codes(untyped.body)).toEqual(["google", "facebook", "yelp", "tripadvisor"]);
  });

  it("answers a parent shadowing a child by user_id (its own user) and by account_id (the child)", async () => {
    const db = t.ctx.database;
    const parent = await signedIn(t);
    const child = await createAccount(db, { parent_id: parent.account.id });
    const childLocation = await createLocation(db, child.id);
    await createUrl(db, { accountId: child.id, locationId: childLocation.id, source: "houzz" });
    const shadow = await parent.client.post<{ token: string; email: string }>("/api/shadow_user/tokens", {
      child_account_id: child.id,
    });
    expect(shadow.status).toBe(201);
    const inChild = parent.client.as({ email: shadow.body.email, token: shadow.body.token });
    const byUser = await inChild.get<TSourceList>(`/api/sources?user_id=${parent.user.id}&supports_reviews=true`);
    expect(byUser.status).toBe(200);
    expect(codes(byUser.body)).toEqual(["houzz"]);
    const byAccount = await inChild.get<TSourceList>(`/api/sources?account_id=${child.id}&supports_reviews=true`);
    expect(byAccount.status).toBe(200);
    expect(codes(byAccount.body)).toEqual(["houzz"]);
    // Still no one else's account.
    expect((await inChild.get(`/api/sources?user_id=${other.user.id}`)).status).toBe(404);
  });
});

describe("GET /api/urls and /api/urls_check", () => {
  it("lists the account's listing URLs with their source, 250 a page, sorted by source name", async () => {
    const res = await owner.client.get<TUrlList>("/api/urls");
    expect(res.status).toBe(200);
    expect(res.body.per_page).toBe(250);
    expect(res.body._embedded.urls.map((u) => u.source_name)).toEqual(["Facebook", "Google", "Yelp"]);
    expect(res.body._embedded.urls[1]).toMatchObject({
      source_code: "google",
      location_id: loc1.id,
      reference_id: "accounts/1/locations/2",
    });
    const one = await owner.client.get<TUrlList>(`/api/urls?location_id=${loc1.id}&sort=link`);
    expect(one.body._embedded.urls.map((u) => u.source_code).sort()).toEqual(["google", "yelp"]);
    const links = one.body._embedded.urls.map((u) => u.link);
    expect(links).toEqual([...links].sort());
  });

  it("leaves out URLs excluded from review requests and sources that forbid asking for reviews", async () => {
    const requestable = await owner.client.get<TUrlList>("/api/urls?exclude_request_reviews=true");
    expect(requestable.body._embedded.urls.map((u) => u.source_code)).toEqual(["google", "yelp"]);
    const allowed = await owner.client.get<TUrlList>(
      "/api/urls?exclude_request_reviews=true&source_feedback_forbidden=true",
    );
    expect(allowed.body._embedded.urls.map((u) => u.source_code)).toEqual(["google"]);
  });

  it("tells which catalogue sources have a URL for a location", async () => {
    const res = await owner.client.get<TUrlsCheck>(`/api/urls_check?location_id=${loc1.id}`);
    expect(res.status).toBe(200);
    expect(res.body.present).toBe(2);
    expect(res.body.sources.filter((s) => s.has_url).map((s) => s.source_code)).toEqual(["google", "yelp"]);
  });

  it("answers 400 with the field, 404 for another account, 401 without a session", async () => {
    const missing = await owner.client.get<Errors>("/api/urls_check");
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("location_id");
    const badId = await owner.client.get<Errors>("/api/urls?location_id=nope");
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty("location_id");
    expect((await owner.client.get(`/api/urls_check?location_id=${otherLocation.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/urls?account_id=${other.account.id}`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/api/urls")).status).toBe(401);
  });
});

describe("/api/issues", () => {
  let issueId: string;
  beforeAll(async () => {
    const row = await t.ctx.database.db
      .insertInto("issues")
      .values({
        account_id: owner.account.id,
        location_id: loc1.id,
        source_id: await sourceId(t.ctx.database, "google"),
        status: "missing_place_id",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    issueId = row.id;
  });

  it("lists a location's issues with the catalogue's title, message and colour, and mutes one", async () => {
    const res = await owner.client.get<{ _embedded: { issues: TIssue[] } }>(
      `/api/issues?resource_type=location&resource_id=${loc1.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body._embedded.issues).toHaveLength(1);
    expect(res.body._embedded.issues[0]).toMatchObject({
      id: issueId,
      status: "missing_place_id",
      source_code: "google",
      title: "Google location not connected",
      color: "#4285F4",
      muted: false,
    });
    expect(res.body._embedded.issues[0]!.message).toContain("Make sure the listing is claimed");
    expect((await owner.client.get<{ _total: number }>(`/api/issues?location_id=${loc2.id}`)).body._total).toBe(0);
    const muted = await owner.client.patch<TIssue>(`/api/issues/${issueId}`, { muted: true });
    expect(muted.status).toBe(200);
    expect(muted.body.muted).toBe(true);
  });

  it("answers 400 with the field, 403 to Read Only, 404 for another account, 401 without a session", async () => {
    const bad = await owner.client.patch<Errors>(`/api/issues/${issueId}`, { muted: "very" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("muted");
    const viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
    expect((await viewer.get("/api/issues")).status).toBe(200);
    expect((await viewer.patch(`/api/issues/${issueId}`, { muted: false })).status).toBe(403);
    expect((await other.client.patch(`/api/issues/${issueId}`, { muted: false })).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/api/issues")).status).toBe(401);
  });
});

describe("source logos", () => {
  it("serves an SVG with the source's colour and initials, without a session", async () => {
    const res = await fetch(`${t.baseUrl}/source-logos/google.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await res.text();
    expect(svg).toContain('fill="#4285F4"');
    expect(svg).toContain(">G</text>");
    const unknown = await fetch(`${t.baseUrl}/source-logos/nowhere.svg`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('fill="#8C959F"');
    expect((await fetch(`${t.baseUrl}/source-logos/..%2Fetc.svg`)).status).toBe(404);
  });

  it("takes up to two initials", () => {
    expect(initialsOf("Better Business Bureau")).toBe("BB");
    expect(initialsOf("Booking.com")).toBe("B");
    expect(initialsOf("A Place for Mom")).toBe("AP");
  });
});
