import {
  TAG_NAME_TAKEN,
  type TReview,
  type TReviewHistoryList,
  type TReviewTag,
  type TTag,
  type TTagList,
} from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let viewer: Client;
let reviewId: string;
let otherReviewId: string;
type Errors = { errors: Record<string, string>; error: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  other = await signedIn(t);
  const location = await createLocation(t.ctx.database, owner.account.id);
  reviewId = (await createReview(t.ctx.database, { accountId: owner.account.id, locationId: location.id })).id;
  const otherLocation = await createLocation(t.ctx.database, other.account.id);
  otherReviewId = (await createReview(t.ctx.database, { accountId: other.account.id, locationId: otherLocation.id }))
    .id;
  viewer = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "read_only" }));
});
afterAll(async () => t?.close());

describe("/api/tags", () => {
  it("creates tags and lists them as a HAL page of _embedded.tags", async () => {
    const created = await owner.client.post<TTag>("/api/tags", { name: "  Follow up  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Follow up", account_id: owner.account.id });
    await owner.client.post("/api/tags", { name: "Allergy" });
    const list = await owner.client.get<TTagList>("/api/tags?per_page=1");
    expect(list.status).toBe(200);
    expect(list.body._embedded.tags.map((x) => x.name)).toEqual(["Allergy"]);
    expect(list.body).toMatchObject({ _total: 2, _total_pages: 2, _page: 1 });
    expect(list.body._links.next?.href).toContain("page=2");
  });

  it("keeps names unique per account regardless of case (409), but not across accounts", async () => {
    await owner.client.post("/api/tags", { name: "Refund" });
    const again = await owner.client.post<Errors>("/api/tags", { name: "REFUND" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(TAG_NAME_TAKEN);
    expect((await other.client.post("/api/tags", { name: "Refund" })).status).toBe(201);
  });

  it("answers 400 with the field for a missing, blank or long name", async () => {
    for (const body of [{}, { name: "   " }, { name: "x".repeat(51) }]) {
      const res = await owner.client.post<Errors>("/api/tags", body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty("name");
    }
  });

  it("answers 403 to Read Only, 404 for another account's tag, 401 without a session", async () => {
    expect((await viewer.get("/api/tags")).status).toBe(200);
    expect((await viewer.post("/api/tags", { name: "Nope" })).status).toBe(403);
    const theirs = await other.client.post<TTag>("/api/tags", { name: "Private" });
    expect((await owner.client.get(`/api/tags/${theirs.body.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/tags/${theirs.body.id}`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/api/tags")).status).toBe(401);
  });
});

describe("/api/review_tags", () => {
  it("tags a review by name (creating the tag), lists by review, removes by name, and records history", async () => {
    const added = await owner.client.post<TReviewTag>("/api/review_tags", { review_id: reviewId, name: "Brand new" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ review_id: reviewId, name: "Brand new", account_id: owner.account.id });
    const tags = await owner.client.get<TTagList>("/api/tags?keywords=brand");
    expect(tags.body._embedded.tags.map((x) => x.id)).toEqual([added.body.tag_id]);
    // An existing tag is reused, whatever the case.
    const reused = await owner.client.post<TReviewTag>("/api/review_tags", { review_id: reviewId, name: "allergy" });
    expect(reused.status).toBe(201);
    expect(reused.body.name).toBe("Allergy");
    expect((await owner.client.post("/api/review_tags", { review_id: reviewId, name: "ALLERGY" })).status).toBe(409);

    const list = await owner.client.get<{ _embedded: { review_tags: TReviewTag[] } }>(
      `/api/review_tags?review_id=${reviewId}`,
    );
    expect(list.body._embedded.review_tags.map((x) => x.name)).toEqual(["Allergy", "Brand new"]);
    const review = await owner.client.get<TReview>(`/api/reviews/${reviewId}`);
    expect(review.body.tags.map((x) => x.name)).toEqual(["Allergy", "Brand new"]);

    const removed = await owner.client.delete(
      `/api/review_tags?account_id=${owner.account.id}&review_id=${reviewId}&name=brand%20new`,
    );
    expect(removed.status).toBe(204);
    expect((await owner.client.delete(`/api/review_tags/${reused.body.id}`)).status).toBe(204);
    const after = await owner.client.get<{ _embedded: { review_tags: TReviewTag[] } }>(
      `/api/review_tags?review_id=${reviewId}`,
    );
    expect(after.body._embedded.review_tags).toEqual([]);

    const history = await owner.client.get<TReviewHistoryList>(`/api/reviews/${reviewId}/history`);
    expect(history.body._embedded.history.map((h) => h.description).reverse()).toEqual([
      "Tag added: Brand new",
      "Tag added: Allergy",
      "Tag removed: Brand new",
      "Tag removed: Allergy",
    ]);
  });

  it("answers 400 with the field, 403 to Read Only, 404 for another account's review, 401 without a session", async () => {
    const blank = await owner.client.post<Errors>("/api/review_tags", { review_id: reviewId, name: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty("name");
    const missing = await owner.client.post<Errors>("/api/review_tags", { name: "x" });
    expect(missing.body.errors).toHaveProperty("review_id");
    expect((await viewer.post("/api/review_tags", { review_id: reviewId, name: "x" })).status).toBe(403);
    expect((await viewer.delete(`/api/review_tags?review_id=${reviewId}&name=x`)).status).toBe(403);
    expect((await owner.client.post("/api/review_tags", { review_id: otherReviewId, name: "x" })).status).toBe(404);
    expect((await owner.client.delete(`/api/review_tags?review_id=${otherReviewId}&name=x`)).status).toBe(404);
    expect((await owner.client.delete(`/api/review_tags?review_id=${reviewId}&name=never-added`)).status).toBe(404);
    expect((await new Client(t.baseUrl).post("/api/review_tags", { review_id: reviewId, name: "x" })).status).toBe(401);
  });
});

describe("tag edits", () => {
  it("renames a tag by PATCH or PUT (the review's tags follow), fetches and deletes it", async () => {
    const location = await createLocation(t.ctx.database, owner.account.id);
    const review = await createReview(t.ctx.database, { accountId: owner.account.id, locationId: location.id });
    const tag = await owner.client.post<TTag>("/api/tags", { name: "Regular" });
    await owner.client.post("/api/tags", { name: "Taken" });
    await owner.client.post("/api/review_tags", { review_id: review.id, name: "regular" });

    const patched = await owner.client.patch<TTag>(`/api/tags/${tag.body.id}`, { name: "Regular guest" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: tag.body.id, name: "Regular guest" });
    const detail = await owner.client.get<TReview>(`/api/reviews/${review.id}`);
    expect(detail.body.tags.map((x) => x.name)).toEqual(["Regular guest"]);
    expect((await owner.client.patch(`/api/tags/${tag.body.id}`, {})).status).toBe(200);
    const clash = await owner.client.put<Errors>(`/api/tags/${tag.body.id}`, { name: "TAKEN" });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toHaveProperty("name");
    expect((await owner.client.put<Errors>(`/api/tags/${tag.body.id}`, {})).status).toBe(400);
    const put = await owner.client.put<TTag>(`/api/tags/${tag.body.id}`, { name: "regular GUEST" });
    expect(put.body.name).toBe("regular GUEST");
    expect((await owner.client.get<TTag>(`/api/tags/${tag.body.id}`)).body.name).toBe("regular GUEST");
    expect((await viewer.patch(`/api/tags/${tag.body.id}`, { name: "x" })).status).toBe(403);

    expect((await owner.client.delete(`/api/tags/${tag.body.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/tags/${tag.body.id}`)).status).toBe(404);
    const after = await owner.client.get<TReview>(`/api/reviews/${review.id}`);
    expect(after.body.tags).toEqual([]);
  });

  it("searches by name: typeahead matches the start, full search anywhere, relevance puts the exact name first", async () => {
    const account = await signedIn(t);
    for (const name of ["Late delivery", "Late", "Chocolate"]) await account.client.post("/api/tags", { name });
    const names = async (query: string) =>
      (await account.client.get<TTagList>(`/api/tags?${query}`)).body._embedded.tags.map((x) => x.name);
    expect(await names("keywords=late&search_type=typeahead")).toEqual(["Late", "Late delivery"]);
    expect(await names("keywords=late&sort[by]=relevance")).toEqual(["Late", "Chocolate", "Late delivery"]);
    expect(await names("sort[by]=name&sort[order]=desc")).toEqual(["Late delivery", "Late", "Chocolate"]);
    expect((await account.client.get("/api/tags?account_id=not-mine")).status).toBe(404);
  });

  it("lists review tags by tag and answers an unusable id with an empty list", async () => {
    const location = await createLocation(t.ctx.database, owner.account.id);
    const review = await createReview(t.ctx.database, { accountId: owner.account.id, locationId: location.id });
    const added = await owner.client.post<TReviewTag>("/api/review_tags", { review_id: review.id, name: "Listed" });
    type Page = { _embedded: { review_tags: TReviewTag[] }; _total: number };
    const byTag = await owner.client.get<Page>(`/api/review_tags?tag_id=${added.body.tag_id}`);
    expect(byTag.body._embedded.review_tags.map((x) => x.id)).toEqual([added.body.id]);
    const bad = await owner.client.get<Page>("/api/review_tags?review_id=nope");
    expect(bad.body).toMatchObject({ _total: 0, _embedded: { review_tags: [] } });
    expect((await owner.client.get<TReviewTag>(`/api/review_tags/${added.body.id}`)).body.name).toBe("Listed");
    expect((await other.client.get(`/api/review_tags/${added.body.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/review_tags/${added.body.id}`)).status).toBe(404);
  });
});
