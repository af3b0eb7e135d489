import type { TMetricsOverview } from "@starboard/contract/metrics";
import { isAnswered } from "@starboard/contract/review-answered";
import type { TReview, TReviewList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { seedDemoReviews } from "../demo/reviews.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "../demo/seed.ts";

/**
 * Issue 11, item 4: the card's `respondable` (which offers Respond) follows the one definition the
 * dashboard counts (contract review-answered.ts): over the demo data, the reviews the card offers to
 * answer are the dashboard's respondable reviews, and those without an answer are its "waiting" count,
 * including locations with a connection issue; a review deleted at its source is offered by neither.
 */
let t: TestApp;
let owner: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp({ workers: false });
  const demo = await seedDemoAccounts(t.ctx.database);
  await seedDemoReviews(t.ctx.database, demo, () => {}, { scale: 0.02 });
  const client = new Client(t.baseUrl);
  const signIn = await client.post<{ email: string; token: string }>("/api/auth", {
    email: "owner@demo.test",
    password: DEMO_PASSWORD,
  });
  expect(signIn.status).toBe(201);
  owner = client.as(signIn.body);
  const user = await t.ctx.database.db
    .selectFrom("users")
    .select("account_id")
    .where("email", "=", "owner@demo.test")
    .executeTakeFirstOrThrow();
  accountId = user.account_id;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function allReviews(query = ""): Promise<TReview[]> {
  const reviews: TReview[] = [];
  for (let page = 1; ; page++) {
    const res = await owner.get<TReviewList>(`/api/reviews?per_page=500&page=${page}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    reviews.push(...res.body._embedded.reviews);
    if (page >= res.body._total_pages) return reviews;
  }
}

describe("the card's respondable flag and the dashboard", () => {
  it("offer Respond on exactly the reviews the dashboard counts as respondable and waiting", async () => {
    const overview = await owner.get<TMetricsOverview>(`/api/metrics/${accountId}/overview?all_time=true`);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const reviews = await allReviews();
    const offered = reviews.filter((r) => r.respondable);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThan(reviews.length);
    expect(offered.length).toBe(overview.body.respondable_reviews);
    expect(offered.filter((r) => !isAnswered(r.response_status)).length).toBe(overview.body.waiting_reviews);

    // The demo has locations with a connection issue on a source that takes responses: still counted, still offered.
    const blocked = await t.ctx.database.db
      .selectFrom("issues as i")
      .innerJoin("sources as s", "s.id", "i.source_id")
      .select(["i.location_id", "i.source_id"])
      .where("i.account_id", "=", accountId)
      .where("i.resolved_at", "is", null)
      .where("s.supports_responses", "=", true)
      .execute();
    const atIssue = reviews.filter((r) =>
      blocked.some((b) => b.location_id === r.location_id && b.source_id === r.source_id),
    );
    expect(atIssue.length).toBeGreaterThan(0);
    expect(atIssue.every((r) => r.respondable)).toBe(true);
  });

  it("agree review by review with the list's respondable filter, a review deleted at its source included", async () => {
    const reviews = await allReviews();
    const gone = reviews.find((r) => r.respondable && !isAnswered(r.response_status))!;
    await t.ctx.database.db
      .updateTable("reviews")
      .set({ deleted_at_source: new Date() })
      .where("id", "=", gone.id)
      .execute();
    const after = await allReviews();
    expect(after.find((r) => r.id === gone.id)?.respondable).toBe(false);
    const filtered = new Set((await allReviews("&respondable=true")).map((r) => r.id));
    expect(after.filter((r) => r.respondable).map((r) => r.id)).toEqual(
      after.filter((r) => filtered.has(r.id)).map((r) => r.id),
    );
  });
});
