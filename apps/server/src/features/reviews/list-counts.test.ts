import type { TReviewList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGroup, createLocation, createReview, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

/**
 * The list's `_total` and `_page` are read from the daily roll-ups when only their dimensions are
 * filtered (features/reviews/queries.ts countReviewsFromRollups), and counted from the reviews otherwise.
 * Either way they must agree with the reviews the list actually pages through: these walks compare them,
 * on reviews placed around midnight in the account's time zone, without stars, and deleted at the source.
 */

let t: TestApp;
let client: Client;
const q: Record<string, string> = {};
const PER_PAGE = 7;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signedIn(t);
  client = owner.client;
  const db = t.ctx.database;
  const accountId = owner.account.id;
  await db.db.updateTable("accounts").set({ time_zone: "America/Chicago" }).where("id", "=", accountId).execute();
  const group = await createGroup(db, accountId);
  const inGroup1 = await createLocation(db, accountId, { name: "North", groupId: group.id });
  const inGroup2 = await createLocation(db, accountId, { name: "South", groupId: group.id });
  const outside = await createLocation(db, accountId, { name: "Airport" });
  const locations = [inGroup1, inGroup2, outside];
  const sources = ["google", "yelp", "facebook"];
  const ratings = [5, 4, null, 1, 2, 3, 5];
  const created: string[] = [];
  for (let i = 0; i < 64; i++) {
    // Days 1-9 of March 2025; minutes either side of 06:00 UTC, which is midnight in Chicago (CST).
    const day = 1 + (i % 9);
    const minutes = 5 * 60 + 30 + (i % 4) * 20;
    const rating = ratings[i % ratings.length]!;
    const review = await createReview(db, {
      accountId,
      locationId: locations[i % 3]!.id,
      source: sources[Math.floor(i / 3) % 3]!,
      rating,
      sentiment: rating === null ? 0 : rating >= 4 ? 1 : rating <= 2 ? -1 : 0,
      categories: i % 5 === 0 ? ["food", "service"] : i % 2 ? ["food"] : ["service"],
      // "cold" in the title, the text (twice in one review) or the author's name of about a third of them.
      ...(i % 3 === 0 ? { content: i % 2 ? "Cold fries and cold coffee." : "Cold, slow and loud." } : {}),
      ...(i % 7 === 1 ? { title: "Coldest room", authorName: "Sam Cold" } : {}),
      // Reviews nine apart share an instant when their minutes match, so the id breaks ties.
      publishedAt: new Date(Date.UTC(2025, 2, day, 0, minutes, 0)),
    });
    created.push(review.id);
  }
  // Three deleted at the source: the list still shows them; the roll-ups leave them out.
  const deleted = [created[2]!, created[20]!, created[41]!];
  await db.db
    .updateTable("reviews")
    .set({ deleted_at_source: new Date("2025-03-20T00:00:00Z") })
    .where("id", "in", deleted)
    .execute();
  const sourceRows = await db.db.selectFrom("sources").select(["id", "code"]).where("code", "in", sources).execute();
  for (const s of sourceRows) q[s.code] = s.id;
  q.group = group.id;
  q.outside = outside.id;
  q.north = inGroup1.id;
});

afterAll(async () => {
  await t?.close();
});

async function walk(start: string, link: "next" | "prev") {
  const pages: { ids: string[]; page: number; total: number; totalPages: number }[] = [];
  let href: string | undefined = start;
  while (href) {
    const res: { status: number; body: TReviewList } = await client.get<TReviewList>(href);
    expect(res.status).toBe(200);
    const b = res.body;
    pages.push({
      ids: b._embedded.reviews.map((r) => r.id),
      page: b._page,
      total: b._total,
      totalPages: b._total_pages,
    });
    href = b._links[link]?.href;
    expect(pages.length).toBeLessThan(30);
  }
  return pages;
}

const FILTERS: [string, () => string][] = [
  ["no filter", () => ""],
  ["a date window in the account's time zone", () => "&published_after=2025-03-03&published_before=2025-03-06"],
  ["one location", () => `&location_id=${q.outside}`],
  ["a group", () => `&group_id=${q.group}`],
  ["a group and one of its locations", () => `&group_id=${q.group}&location_id=${q.north}`],
  ["a source", () => `&source_id=${q.yelp}`],
  ["no stars", () => "&rating=0"],
  ["ratings 1-2 and negative", () => "&rating=1&rating=2&sentiment=-1"],
  ["source, group and dates", () => `&source_id=${q.google}&group_id=${q.group}&published_after=2025-03-02`],
  ["oldest first", () => "&sort[order]=asc&published_before=2025-03-07"],
  ["one category", () => "&category=food"],
  ["one category and a group", () => `&category=service&group_id=${q.group}`],
  ["two categories (counted from the reviews)", () => "&category=food&category=service"],
  ["by rating (counted from the reviews)", () => "&sort[by]=rating&rating=5&rating=4"],
  ["one word (counted from the search roll-up)", () => "&keywords=cold"],
  ["one word and a date window", () => "&keywords=Cold&published_after=2025-03-02&published_before=2025-03-07"],
  ["one word, oldest first", () => "&keywords=coffee&sort[order]=asc"],
  ["two words (counted from the reviews)", () => "&keywords=cold%20fries"],
  ["a phrase (counted from the reviews)", () => `&keywords=${encodeURIComponent('"cold coffee"')}`],
  ["one word and a location (counted from the reviews)", () => `&keywords=cold&location_id=${q.outside}`],
];

describe("GET /api/reviews totals and page numbers", () => {
  for (const [name, filter] of FILTERS) {
    it(`agree with the reviews paged through: ${name}`, async () => {
      const all = await client.get<TReviewList>(`/api/reviews?per_page=100${filter()}`);
      const expected = all.body._embedded.reviews.map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(all.body._total).toBe(expected.length);

      const forward = await walk(`/api/reviews?per_page=${PER_PAGE}${filter()}`, "next");
      const pages = Math.ceil(expected.length / PER_PAGE);
      expect(forward.flatMap((p) => p.ids)).toEqual(expected);
      expect(forward.map((p) => p.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
      for (const p of forward) {
        expect(p.total).toBe(expected.length);
        expect(p.totalPages).toBe(pages);
      }

      // Back from the last page (reached with a cursor): the same pages, numbered the same.
      if (pages > 1) {
        const beforeLast = await client.get<TReviewList>(
          `/api/reviews?per_page=${PER_PAGE}&page=${pages - 1}${filter()}`,
        );
        const last = await client.get<TReviewList>(
          `/api/reviews?per_page=${PER_PAGE}${filter()}&after=${encodeURIComponent(beforeLast.body.cursors.after!)}`,
        );
        expect(last.body._page).toBe(pages);
        const backward = await walk(last.body._links.self.href, "prev");
        expect(backward.map((p) => p.ids).reverse()).toEqual(forward.map((p) => p.ids));
        expect(backward.map((p) => p.page).reverse()).toEqual(forward.map((p) => p.page));
      }
    });
  }

  it("counts reviews deleted at the source, which the list shows", async () => {
    const res = await client.get<TReviewList>("/api/reviews?per_page=100");
    const deleted = res.body._embedded.reviews.filter((r) => r.deleted_at_source !== null);
    expect(deleted).toHaveLength(3);
    expect(res.body._total).toBe(64);
  });
});

describe("after the account's time zone changes", () => {
  it("recounts the days in the new zone (the refresh job runs)", async () => {
    const owner = await signedIn(t);
    const db = t.ctx.database;
    await db.db
      .updateTable("accounts")
      .set({ time_zone: "America/Chicago" })
      .where("id", "=", owner.account.id)
      .execute();
    const location = await createLocation(db, owner.account.id);
    // 23:30 on March 4th in Chicago; 05:30 on March 5th in UTC.
    await createReview(db, {
      accountId: owner.account.id,
      locationId: location.id,
      publishedAt: "2025-03-05T05:30:00Z",
    });
    const march5 = "/api/reviews?published_after=2025-03-05&published_before=2025-03-05";
    const before = await owner.client.get<TReviewList>(march5);
    expect(before.body._total).toBe(0);

    const patch = await owner.client.patch(`/api/accounts/${owner.account.id}`, { time_zone: "UTC" });
    expect(patch.status).toBe(200);
    let after = await owner.client.get<TReviewList>(march5);
    for (let i = 0; i < 100 && after.body._total !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await owner.client.get<TReviewList>(march5);
    }
    expect(after.body._embedded.reviews).toHaveLength(1);
    expect(after.body._total).toBe(1);
  });
});
