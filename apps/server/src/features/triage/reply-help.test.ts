import type { TResponseTemplate, TResponseTemplateList, TSuggestedReply } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, createReview, signedIn, sourceId } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

// Reply help (issue 11): templates offered by rating and source, placeholders, and the suggested reply
// drafted from the review's own mentions.

let t: TestApp;
let client: Client;
let accountId: string;
let locationId: string;
let google: string;
let yelp: string;

beforeAll(async () => {
  t = await startTestApp({ workers: false });
  const owner = await signedIn(t, { vertical: "restaurant" });
  client = owner.client;
  accountId = owner.account.id;
  locationId = (await createLocation(t.ctx.database, accountId, { name: "Dallas Uptown" })).id;
  google = await sourceId(t.ctx.database, "google");
  yelp = await sourceId(t.ctx.database, "yelp");
});
afterAll(async () => t?.close());

describe("response templates for the picker", () => {
  it("narrows by rating and source, keeps source_ids, fills the reviewer's first name", async () => {
    const low = await client.post<TResponseTemplate>("/api/response_templates", {
      name: "Apology",
      content: "Hi {reviewer_first_name}, we are sorry about your visit to {location_name}.",
      rating_min: 1,
      rating_max: 2,
      source_ids: [google],
    });
    expect(low.status).toBe(201);
    expect(low.body.source_ids).toEqual([google]);
    await client.post("/api/response_templates", {
      name: "Thanks",
      content: "Thank you {reviewer_name}!",
      rating_min: 4,
    });
    const names = async (q: string) =>
      (await client.get<TResponseTemplateList>(`/api/response_templates?${q}`)).body._embedded.response_templates.map(
        (x) => x.name,
      );
    expect(await names(`rating=1&source_id=${google}`)).toEqual(["Apology"]);
    expect(await names(`rating=1&source_id=${yelp}`)).toEqual([]);
    expect(await names("rating=5")).toEqual(["Thanks"]);
    expect((await client.get("/api/response_templates?rating=7")).status).toBe(400);
    const review = await createReview(t.ctx.database, {
      accountId,
      locationId,
      rating: 1,
      authorName: "Jordan Smith",
    });
    const rendered = await client.post<{ content: string }>(`/api/response_templates/${low.body.id}/render`, {
      review_id: review.id,
    });
    expect(rendered.body.content).toBe("Hi Jordan, we are sorry about your visit to Dallas Uptown.");
    const bad = await client.post("/api/response_templates", { name: "X", content: "Y", rating_min: 4, rating_max: 2 });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/reviews/{id}/suggested_reply", () => {
  it("drafts from the review's mentions and rating, on the template offered for it", async () => {
    const review = await createReview(t.ctx.database, {
      accountId,
      locationId,
      source: "google",
      rating: 2,
      authorName: "Alex P.",
      content: "The pizza was delicious but the wait was far too long and the waiter was rude.",
    });
    const res = await client.get<TSuggestedReply>(`/api/reviews/${review.id}/suggested_reply`);
    expect(res.status).toBe(200);
    expect(res.body.template_name).toBe("Apology");
    expect(res.body.content.startsWith("Hi Alex, we are sorry about your visit to Dallas Uptown.")).toBe(true);
    expect(res.body.mentions.length).toBeGreaterThan(0);
    const negative = res.body.mentions.filter((m) => m.sentiment === "negative");
    expect(negative.length).toBeGreaterThan(0);
    // Every negative mention it names comes from the review's own words.
    for (const m of negative.slice(0, 3)) expect(res.body.content.toLowerCase()).toContain(m.keyword.toLowerCase());
  });

  it("without a fitting template, writes a whole draft by the rating; 404 for another account", async () => {
    const review = await createReview(t.ctx.database, {
      accountId,
      locationId,
      source: "yelp",
      rating: 3,
      authorName: "Sam",
      content: "Amazing tacos and friendly staff.",
    });
    const res = await client.get<TSuggestedReply>(`/api/reviews/${review.id}/suggested_reply`);
    expect(res.body.template_id).toBeNull();
    expect(res.body.content).toMatch(/^Hi Sam,\n\nThank you for sharing your feedback about Dallas Uptown\./);
    expect(res.body.content).toContain("We're glad you enjoyed the");
    const other = await signedIn(t);
    expect((await other.client.get(`/api/reviews/${review.id}/suggested_reply`)).status).toBe(404);
  });
});
