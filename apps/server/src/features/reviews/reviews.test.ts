import type { TReview, TReviewHistoryList, TReviewList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createAccount,
  createGroup,
  createLocation,
  createReview,
  createUser,
  signedIn,
} from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
type Errors = { errors: Record<string, string>; error: string };

/** One account with four reviews that differ in every filtered attribute (account time zone: New York). */
async function fixture() {
  const db = t.ctx.database;
  const owner = await signedIn(t);
  const accountId = owner.account.id;
  const group = await createGroup(db, accountId);
  const loc1 = await createLocation(db, accountId, { name: "Downtown", groupId: group.id });
  const loc2 = await createLocation(db, accountId, { name: "Airport" });
  const label = await db.db
    .insertInto("review_status_labels")
    .values({ account_id: accountId, name: "Escalated", color: "#AA0000" })
    .returningAll()
    .executeTakeFirstOrThrow();
  const r1 = await createReview(db, {
    accountId,
    locationId: loc1.id,
    source: "google",
    rating: 5,
    sentiment: 1,
    content: "The tacos were amazing",
    categories: ["food"],
    imagesCount: 1,
    publishedAt: "2024-03-10T15:00:00Z",
  });
  const r2 = await createReview(db, {
    accountId,
    locationId: loc1.id,
    source: "yelp",
    rating: 1,
    sentiment: -1,
    content: "Slow service and cold fries",
    categories: ["service"],
    statusLabelId: label.id,
    authorName: "Quincy Zebulon",
    publishedAt: "2024-03-09T12:00:00Z",
  });
  // 04:30 UTC on March 1st is still February 29th in New York.
  const r3 = await createReview(db, {
    accountId,
    locationId: loc2.id,
    source: "google",
    rating: null,
    content: null,
    responseStatus: "published",
    publishedAt: "2024-03-01T04:30:00Z",
  });
  const r4 = await createReview(db, {
    accountId,
    locationId: loc2.id,
    source: "facebook",
    rating: 3,
    content: "Okay place",
    responseStatus: "pending",
    publishedAt: "2024-02-15T18:00:00Z",
  });
  const tag = await db.db
    .insertInto("tags")
    .values({ account_id: accountId, name: "VIP" })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.db
    .insertInto("review_tags")
    .values({ account_id: accountId, review_id: r1.id, tag_id: tag.id, name: "VIP" })
    .execute();
  await db.db
    .insertInto("review_images")
    .values({ account_id: accountId, review_id: r1.id, url: "https://img.example/1.jpg", name: "tacos.jpg" })
    .execute();
  // As collection sets it (ingestion/upsert.ts): a review is respondable when its source takes responses.
  await db.db
    .updateTable("reviews as r")
    .from("sources as s")
    .set((eb) => ({ respondable: eb.ref("s.supports_responses") }))
    .whereRef("s.id", "=", "r.source_id")
    .where("r.account_id", "=", owner.account.id)
    .execute();
  return { ...owner, group, loc1, loc2, label, tag, r1, r2, r3, r4 };
}

let f: Awaited<ReturnType<typeof fixture>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let otherReviewId: string;

beforeAll(async () => {
  t = await startTestApp();
  f = await fixture();
  other = await signedIn(t);
  const otherLocation = await createLocation(t.ctx.database, other.account.id);
  otherReviewId = (await createReview(t.ctx.database, { accountId: other.account.id, locationId: otherLocation.id }))
    .id;
});
afterAll(async () => t?.close());

async function ids(query: string, client: Client = f.client) {
  const res = await client.get<TReviewList>(`/api/reviews${query ? `?${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._embedded.reviews.map((r) => r.id);
}

describe("GET /api/reviews", () => {
  it("lists the account's reviews, newest first, with everything the list screen shows", async () => {
    const res = await f.client.get<TReviewList>("/api/reviews");
    expect(res.status).toBe(200);
    expect(res.body._embedded.reviews.map((r) => r.id)).toEqual([f.r1.id, f.r2.id, f.r3.id, f.r4.id]);
    expect(res.body).toMatchObject({ _total: 4, _page: 1, _total_pages: 1, per_page: 25, page_count: 4 });
    const first = res.body._embedded.reviews[0]!;
    expect(first).toMatchObject({
      location: { id: f.loc1.id, name: "Downtown", city: "Austin", state: "TX" },
      source: { code: "google", name: "Google", logo_url: "/source-logos/google.svg" },
      source_code: "google",
      rating: 5,
      respondable: true,
      response_char_limit: 4096,
      sentiment: 1,
      categories: ["food"],
      tags: [{ id: f.tag.id, name: "VIP" }],
      images: [{ name: "tacos.jpg", url: "https://img.example/1.jpg" }],
      response: null,
      status_label: null,
      published_at: "2024-03-10T15:00:00.000Z",
    });
    const second = res.body._embedded.reviews[1]!;
    expect(second.status_label).toEqual({ id: f.label.id, name: "Escalated", color: "#AA0000" });
    expect(second.respondable).toBe(false); // Yelp takes no responses
  });

  it("narrows by location, group and source, one or repeated values or key[]", async () => {
    expect(await ids(`location_id=${f.loc1.id}`)).toEqual([f.r1.id, f.r2.id]);
    expect(await ids(`location_id[]=${f.loc2.id}`)).toEqual([f.r3.id, f.r4.id]);
    expect(await ids(`group_id=${f.group.id}`)).toEqual([f.r1.id, f.r2.id]);
    const google = f.r1.source_id;
    const yelp = f.r2.source_id;
    expect(await ids(`source_id=${google}`)).toEqual([f.r1.id, f.r3.id]);
    expect(await ids(`source_id=${google}&source_id=${yelp}`)).toEqual([f.r1.id, f.r2.id, f.r3.id]);
    expect(await ids(`source_id[]=${yelp}&location_id=${f.loc1.id}`)).toEqual([f.r2.id]);
  });

  it("narrows by rating (0 is no stars), sentiment and category", async () => {
    expect(await ids("rating=5")).toEqual([f.r1.id]);
    expect(await ids("rating=0")).toEqual([f.r3.id]);
    expect(await ids("rating[]=1&rating[]=5")).toEqual([f.r1.id, f.r2.id]);
    expect(await ids("sentiment=1")).toEqual([f.r1.id]);
    expect(await ids("sentiment=-1")).toEqual([f.r2.id]);
    expect(await ids("category=food")).toEqual([f.r1.id]);
    expect(await ids("category[]=food&category[]=service")).toEqual([f.r1.id, f.r2.id]);
  });

  it("narrows by status label, responded and not responded", async () => {
    expect(await ids(`status=${f.label.id}`)).toEqual([f.r2.id]);
    expect(await ids("status=responded")).toEqual([f.r3.id]);
    expect(await ids("status=not_responded")).toEqual([f.r1.id, f.r2.id, f.r4.id]);
    expect(await ids(`status[]=responded&status[]=${f.label.id}`)).toEqual([f.r2.id, f.r3.id]);
  });

  it("narrows by type", async () => {
    expect(await ids("type=with_text")).toEqual([f.r1.id, f.r2.id, f.r4.id]);
    expect(await ids("type=rating_only")).toEqual([f.r3.id]);
    expect(await ids("type=with_images")).toEqual([f.r1.id]);
    // The same "answered" as Status "Responded" (contract review-answered.ts): r4's response is still pending.
    expect(await ids("type=with_response")).toEqual([f.r3.id]);
    expect(await ids("type=with_response")).toEqual(await ids("status=responded"));
    expect(await ids("type=without_response")).toEqual([f.r1.id, f.r2.id, f.r4.id]);
  });

  it("narrows by tag (id or name) and keywords in content, title and author", async () => {
    expect(await ids(`tag=${f.tag.id}`)).toEqual([f.r1.id]);
    expect(await ids("tag=vip")).toEqual([f.r1.id]);
    expect(await ids("keywords=taco")).toEqual([f.r1.id]);
    expect(await ids("keywords=zebulon")).toEqual([f.r2.id]);
    expect(await ids("keywords=nothing-like-this")).toEqual([]);
  });

  it("narrows by published dates in the account's time zone, both ends inclusive; from/to are aliases", async () => {
    expect(await ids("published_after=2024-03-01")).toEqual([f.r1.id, f.r2.id]);
    expect(await ids("published_before=2024-02-29")).toEqual([f.r3.id, f.r4.id]);
    expect(await ids("published_after=2024-02-29&published_before=2024-02-29")).toEqual([f.r3.id]);
    expect(await ids("from=2024-03-09&to=2024-03-10")).toEqual([f.r1.id, f.r2.id]);
  });

  it("sorts by rating or first_seen_at, either way", async () => {
    expect(await ids("sort[by]=rating")).toEqual([f.r1.id, f.r4.id, f.r2.id, f.r3.id]);
    expect(await ids("sort[by]=rating&sort[order]=asc")).toEqual([f.r3.id, f.r2.id, f.r4.id, f.r1.id]);
    expect(await ids("sort[by]=published_at&sort[order]=asc")).toEqual([f.r4.id, f.r3.id, f.r2.id, f.r1.id]);
    expect(await ids("sort[by]=first_seen_at&sort[order]=asc")).toEqual([f.r1.id, f.r2.id, f.r3.id, f.r4.id]);
  });

  it("answers 400 with the field for a bad filter value", async () => {
    const cases: [string, string][] = [
      ["rating=6", "rating"],
      ["sentiment=2", "sentiment"],
      ["type=bogus", "type"],
      ["location_id=abc", "location_id"],
      ["group_id[]=abc", "group_id"],
      ["status=maybe", "status"],
      ["category=weather", "category"],
      ["published_after=2024-13-01", "published_after"],
      ["published_after=2024-03-02&published_before=2024-03-01", "published_after"],
      ["sort[by]=author", "sort[by]"],
      ["after=not-a-cursor", "after"],
      ["per_page=501", "per_page"],
    ];
    for (const [query, field] of cases) {
      const res = await f.client.get<Errors>(`/api/reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
  });

  it("answers 401 without a session and 404 for another account's id", async () => {
    const anon = new Client(t.baseUrl);
    expect((await anon.get("/api/reviews")).status).toBe(401);
    expect((await f.client.get(`/api/reviews?account_id=${other.account.id}`)).status).toBe(404);
    expect(await ids("", other.client)).toEqual([otherReviewId]);
  });

  it("lets a parent account read a child's reviews by account_id", async () => {
    const parent = await signedIn(t);
    const child = await createAccount(t.ctx.database, { parent_id: parent.account.id });
    const location = await createLocation(t.ctx.database, child.id);
    const review = await createReview(t.ctx.database, { accountId: child.id, locationId: location.id });
    expect(await ids(`account_id=${child.id}`, parent.client)).toEqual([review.id]);
    expect((await parent.client.get(`/api/reviews/${review.id}`)).status).toBe(200);
  });
});

describe("paging", () => {
  let client: Client;
  let all: string[];
  beforeAll(async () => {
    const owner = await signedIn(t);
    client = owner.client;
    const location = await createLocation(t.ctx.database, owner.account.id);
    // 23 reviews; groups of three share a published_at, so the id breaks ties.
    for (let i = 0; i < 23; i++) {
      const at = new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 3), 12, 0, 0, 123));
      await createReview(t.ctx.database, {
        accountId: owner.account.id,
        locationId: location.id,
        publishedAt: at,
        rating: (i % 5) + 1,
      });
    }
    all = await ids("per_page=100", client);
    expect(all).toHaveLength(23);
  });

  async function walk(start: string, link: "next" | "prev") {
    const pages: string[][] = [];
    const numbers: number[] = [];
    let href: string | undefined = start;
    while (href) {
      const res: { status: number; body: TReviewList } = await client.get<TReviewList>(href);
      expect(res.status).toBe(200);
      pages.push(res.body._embedded.reviews.map((r) => r.id));
      numbers.push(res.body._page);
      href = res.body._links[link]?.href;
      expect(pages.length).toBeLessThan(20);
    }
    return { pages, numbers };
  }

  it("walks every review exactly once in order with after, and back with before", async () => {
    const forward = await walk("/api/reviews?per_page=5", "next");
    expect(forward.pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(forward.pages.flat()).toEqual(all);
    expect(forward.numbers).toEqual([1, 2, 3, 4, 5]);

    const lastPage = await client.get<TReviewList>(
      `/api/reviews?per_page=5&after=${encodeURIComponent(
        (await client.get<TReviewList>(`/api/reviews?per_page=5&page=4`)).body.cursors.after!,
      )}`,
    );
    expect(lastPage.body._links.next).toBeUndefined();
    const backward = await walk(lastPage.body._links.self.href, "prev");
    expect(backward.pages.reverse()).toEqual(forward.pages);
    expect(backward.numbers.reverse()).toEqual([1, 2, 3, 4, 5]);
  });

  it("walks a rating sort with cursors too", async () => {
    const sorted = await ids("per_page=100&sort[by]=rating", client);
    const forward = await walk("/api/reviews?per_page=4&sort[by]=rating", "next");
    expect(forward.pages.flat()).toEqual(sorted);
    const first = await client.get<TReviewList>("/api/reviews?per_page=4&sort[by]=rating");
    const cursor = first.body.cursors.after!;
    // A cursor of one sort does not page another.
    expect((await client.get(`/api/reviews?after=${cursor}`)).status).toBe(400);
  });

  it("pages by page number when asked", async () => {
    const res = await client.get<TReviewList>("/api/reviews?per_page=5&page=2");
    expect(res.body._embedded.reviews.map((r) => r.id)).toEqual(all.slice(5, 10));
    expect(res.body).toMatchObject({ _page: 2, _total_pages: 5, _total: 23 });
    expect(res.body._links.next?.href).toContain("page=3");
  });
});

describe("GET /api/reviews/{id}", () => {
  it("answers the review as the list does", async () => {
    const res = await f.client.get<TReview>(`/api/reviews/${f.r1.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: f.r1.id, tags: [{ name: "VIP" }], images: [{ name: "tacos.jpg" }] });
  });

  it("answers 404 for another account's review or a bad id, 401 without a session", async () => {
    expect((await f.client.get(`/api/reviews/${otherReviewId}`)).status).toBe(404);
    expect((await f.client.get("/api/reviews/not-a-uuid")).status).toBe(404);
    expect((await new Client(t.baseUrl).get(`/api/reviews/${f.r1.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/reviews/{id} and history", () => {
  it("sets and clears the status label and records each change", async () => {
    const review = await createReview(t.ctx.database, { accountId: f.account.id, locationId: f.loc1.id });
    const set = await f.client.patch<TReview>(`/api/reviews/${review.id}`, { status_label_id: f.label.id });
    expect(set.status).toBe(200);
    expect(set.body.status_label).toMatchObject({ id: f.label.id, name: "Escalated" });
    // The method override reaches the same route.
    const cleared = await f.client.request<TReview>(
      "POST",
      `/api/reviews/${review.id}`,
      { status_label_id: null },
      { "X-HTTP-Method-Override": "PATCH" },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.status_label).toBeNull();

    const history = await f.client.get<TReviewHistoryList>(`/api/reviews/${review.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body._total).toBe(2);
    const [latest, earliest] = history.body._embedded.history;
    expect(earliest).toMatchObject({
      action: "status_changed",
      description: 'Status changed from none to "Escalated"',
      user_id: f.user.id,
      user_name: "Test User",
    });
    expect(latest).toMatchObject({ action: "status_changed", description: 'Status changed from "Escalated" to none' });
  });

  it("answers 400 with the field for an unknown or foreign label", async () => {
    const foreign = await t.ctx.database.db
      .insertInto("review_status_labels")
      .values({ account_id: other.account.id, name: "Theirs" })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const status_label_id of [foreign.id, "nope", 12]) {
      const res = await f.client.patch<Errors>(`/api/reviews/${f.r1.id}`, { status_label_id });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty("status_label_id");
    }
  });

  it("answers 403 to Read Only, 404 for another account's review, 401 without a session", async () => {
    const viewer = await createUser(t.ctx.database, f.account.id, { type: "read_only" });
    const client = await clientFor(t, viewer);
    expect((await client.get(`/api/reviews/${f.r1.id}`)).status).toBe(200);
    expect((await client.get(`/api/reviews/${f.r1.id}/history`)).status).toBe(200);
    expect((await client.patch(`/api/reviews/${f.r1.id}`, { status_label_id: null })).status).toBe(403);
    expect((await f.client.patch(`/api/reviews/${otherReviewId}`, { status_label_id: null })).status).toBe(404);
    expect((await f.client.get(`/api/reviews/${otherReviewId}/history`)).status).toBe(404);
    expect((await new Client(t.baseUrl).patch(`/api/reviews/${f.r1.id}`, { status_label_id: null })).status).toBe(401);
  });
});
