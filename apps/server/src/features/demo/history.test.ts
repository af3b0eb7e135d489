import type { TReviewHistoryList, TReviewList } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { seedDemoReviews } from "./reviews.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "./seed.ts";

/**
 * A demo-like seed (the demo at a small scale) writes the history its events imply: a review with a
 * published response, a tag or a status label has history entries saying so, by the right people,
 * no earlier than the review came in.
 */
let t: TestApp;
let owner: Client;

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
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function historyOf(id: string) {
  const res = await owner.get<TReviewHistoryList>(`/api/reviews/${id}/history?per_page=100`);
  expect(res.status).toBe(200);
  return res.body._embedded.history;
}

describe("demo history", () => {
  it("every review with a published response has a 'Response published' entry after it came in", async () => {
    const db = t.ctx.database.db;
    const published = await db
      .selectFrom("responses")
      .innerJoin("reviews", "reviews.id", "responses.review_id")
      .select([
        "responses.review_id",
        "responses.id",
        "responses.from_source",
        "reviews.first_seen_at",
        "reviews.published_at",
      ])
      .where("responses.status", "=", "published")
      .where(
        "reviews.account_id",
        "=",
        (
          await db
            .selectFrom("users")
            .select("account_id")
            .where("email", "=", "owner@demo.test")
            .executeTakeFirstOrThrow()
        ).account_id,
      )
      .limit(5)
      .execute();
    expect(published.length).toBeGreaterThan(0);
    for (const row of published) {
      const entries = await historyOf(row.review_id);
      expect(entries.length).toBeGreaterThan(0);
      const entry = entries.find((e) => e.action === "response_published");
      expect(entry?.description).toBe("Response published");
      expect(entry?.details.response_id).toBe(row.id);
      expect(new Date(entry!.created_at).getTime()).toBeGreaterThanOrEqual(new Date(row.published_at).getTime());
      expect(new Date(entry!.created_at).getTime()).toBeLessThanOrEqual(Date.now());
      if (!row.from_source) {
        const submitted = entries.find((e) => e.action === "response_submitted");
        expect(submitted?.user_name).toBe("Olivia Owner");
      }
    }
  });

  it("tags and status labels on seeded reviews show in their history, by a demo user", async () => {
    const list = await owner.get<TReviewList>("/api/reviews?per_page=100&dateDescriptor=allTime");
    expect(list.status).toBe(200);
    const reviews = list.body._embedded.reviews;
    const tagged = reviews.filter((r) => r.tags.length > 0);
    const labelled = reviews.filter((r) => r.status_label_id);
    expect(tagged.length + labelled.length).toBeGreaterThan(0);
    for (const review of tagged) {
      const entries = await historyOf(review.id);
      for (const tag of review.tags) expect(entries.map((e) => e.description)).toContain(`Tag added: ${tag.name}`);
    }
    for (const review of labelled) {
      const entries = await historyOf(review.id);
      const change = entries.find((e) => e.action === "status_changed");
      expect(change?.user_name).toBe("Marcus Manager");
      expect(change?.description).toMatch(/^Status changed from none to "/);
    }
    // No seeded review with any of these says "no history".
    for (const review of reviews.filter((r) => r.response_status === "published")) {
      expect((await historyOf(review.id)).length).toBeGreaterThan(0);
    }
  });
});
