import { expect, test } from "@playwright/test";
import { DEMO, DEMO_GOOGLE_TOKEN, fakeGoogle, managerApi, signIn, type TApi } from "./helpers";

/**
 * The newcomer's first actions in `npm start`'s own demo (issue 10): the demo manager answers a Google review
 * and sees it published, deletes the response, and syncs a location. The server is started as `npm start`
 * starts it (playwright.config.ts: src/main.ts on a fresh embedded database that creates the demo, no other
 * process); the demo's Google is the server's built-in sandbox (features/sandboxes), whose `/__fake/` control
 * API on E2E_FAKE_GOOGLE_PORT shows what it holds. The card marks the source as a demo connection.
 */

type TPage<K extends string, T> = { _embedded: Record<K, T[]>; _total?: number };
type TRow = { id: string; name: string };
type TUrl = { location_id: string; reference_id: string | null; status: string };
type TReviewRow = { id: string; location_id: string; respondable: boolean };

async function google(api: TApi) {
  const sources = await api.get<TPage<"sources", TRow>>("/sources?all=true&keywords=Google");
  const source = sources._embedded.sources.find((s) => s.name === "Google");
  expect(source, "the Google source").toBeTruthy();
  const urls = await api.get<TPage<"urls", TUrl>>(`/urls?source_id=${source!.id}&per_page=500`);
  const listingOf = new Map(
    urls._embedded.urls.filter((u) => u.reference_id).map((u) => [u.location_id, u.reference_id as string]),
  );
  return { source: source!, listingOf };
}

/** A demo Google review without a response, at a location whose Google listing is known, and that listing. */
async function unansweredGoogleReview(api: TApi) {
  const { source, listingOf } = await google(api);
  const list = await api.get<TPage<"reviews", TReviewRow>>(
    `/reviews?source_id=${source.id}&type=without_response&per_page=50`,
  );
  const review = list._embedded.reviews.find((r) => r.respondable && listingOf.has(r.location_id));
  expect(review, "a demo Google review without a response").toBeTruthy();
  return { review: review!, listing: listingOf.get(review!.location_id)!, google: source };
}

test("in the demo, a manager answers a Google review, sees it published, and deletes it", async ({ page, request }) => {
  const api = await managerApi(request);
  const { review, listing } = await unansweredGoogleReview(api);
  const sandbox = fakeGoogle(request);

  await signIn(page, DEMO.manager);
  await page.goto(`/reviews/${review.id}`);
  const card = page.getByTestId("review-card");
  await expect(card.getByTestId("demo-connection")).toHaveText("Demo connection");

  const text = "Thank you for coming in. We are glad the team looked after you, and hope to see you again soon.";
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByTestId("respond-textarea").fill(text);
  await card.getByRole("button", { name: "Publish" }).click();
  const status = card.getByTestId("response-status");
  await expect(status).toHaveText("Published", { timeout: 30_000 });
  await expect(card.getByTestId("response-message")).toHaveCount(0);
  await expect(card.getByTestId("review-response")).toContainText(text);

  // The demo's Google (the sandbox) holds the reply, written with the demo's token.
  const answered = (await sandbox.reviews(listing)).find((r) => r.reviewReply?.comment === text);
  expect(answered, "the reply at the sandbox Google").toBeTruthy();
  const put = (await sandbox.requests()).find(
    (r) => r.method === "PUT" && r.path === `/v4/${listing}/reviews/${answered!.reviewId}/reply`,
  );
  expect(put?.headers.authorization).toBe(`Bearer ${DEMO_GOOGLE_TOKEN}`);
  const atSandbox = async () => (await sandbox.reviews(listing)).find((r) => r.reviewId === answered!.reviewId);

  // Deleting it removes it here and at the (sandbox) source.
  await card.getByRole("button", { name: "Delete response" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete response" }).click();
  await expect(card.getByTestId("review-response")).toHaveCount(0, { timeout: 30_000 });
  await expect(card.getByRole("button", { name: "Respond" })).toBeVisible();
  await expect.poll(async () => (await atSandbox())?.reviewReply, { timeout: 10_000 }).toBeUndefined();
});

test("in the demo, syncing a location reads its Google listing and loses none of its reviews", async ({ request }) => {
  const api = await managerApi(request);
  const { review, listing, google: source } = await unansweredGoogleReview(api);
  const countAt = async () =>
    (await api.get<{ _total: number }>(`/reviews?location_id=${review.location_id}&source_id=${source.id}&per_page=1`))
      ._total;
  const before = await countAt();
  // A guest writes a new review on the demo's Google.
  const word = `sandbox${Date.now().toString(36)}`;
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  await fakeGoogle(request).addReviews(listing, [
    {
      reviewId: `e2e-${word}`,
      reviewer: { displayName: "Sandy Guest", isAnonymous: false },
      starRating: "FIVE",
      comment: `The ${word} brunch was lovely.`,
      createTime: at,
      updateTime: at,
    },
  ]);

  const sync = await api.post<{ syncs: { source_code: string }[] }>(`/locations/${review.location_id}/sync`, {
    source_id: source.id,
  });
  expect(sync.syncs.map((s) => s.source_code)).toEqual(["google"]);
  await expect
    .poll(async () => (await api.get<{ _total: number }>(`/reviews?keywords=${word}`))._total, { timeout: 30_000 })
    .toBe(1);
  expect(await countAt()).toBe(before + 1);
});
