import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, DEMO_GOOGLE_TOKEN, fakeGoogle, managerApi, scanA11y, signIn, type TApi } from "./helpers";

/**
 * The review screens driven as staff use them (docs/product/reviews.md §2–§4): filters in the URL, cursor paging,
 * answering, tagging, status, a failed publish with the spec's message, the keyboard path, the
 * lightbox, the Read Only view and an accessibility scan.
 *
 * Publishing goes through the real Google connector: playwright.config.ts starts a fake My Business API v4
 * (apps/server/src/cli/fake-sources.ts) and points the server's GOOGLE_API_BASE at it. A test puts a new review
 * into the fake at a demo location's Google id, asks the server to sync the location
 * (POST /api/locations/{id}/sync, the ingestion job and the connector's reviews.list), answers it in the
 * browser, and reads from the fake's control API that Google received the PUT .../reviews/{id}/reply with the
 * text; another queues a refusal on the fake for that PUT and sees the spec's message. Each of these syncs a
 * different location, once: a review missing from two full syncs counts as deleted at the source, and the fake
 * holds none of the demo's own reviews.
 *
 * Also: a review imported from the `feedback` source, which publishes locally (read only), and an OpenTable
 * review, which takes responses but has no connector, so its publish honestly fails (error_published).
 */

const PUBLISH_ERROR = "An error occurred while publishing the response. We’ll try again. No action necessary.";
const query = (page: Page) => new URL(page.url()).searchParams;

type TPage<K extends string, T> = { _embedded: Record<K, T[]> };
type TRow = { id: string; name: string };

/** Imports one review from the feedback source for a location (today), and returns its search word. */
async function importFeedbackReview(api: TApi, locationId: string, word: string) {
  await api.post("/reviews/import", {
    reviews: [
      {
        location_id: locationId,
        source: "feedback",
        source_review_id: `e2e-${word}`,
        author: "Avery Feedback",
        rating: 2,
        title: "Cold soup",
        content: `The ${word} soup arrived cold and the table waited twenty minutes.`,
        published_at: new Date().toISOString(),
      },
    ],
  });
}

type TUrl = { location_id: string; reference_id: string | null; status: string };

/** The demo's Google listings the sync can read (`accounts/4100/locations/{n}`), the highest ids first. */
async function googleListings(api: TApi) {
  const google = await sourceNamed(api, "Google");
  const page = await api.get<TPage<"urls", TUrl>>(`/urls?source_id=${google.id}&per_page=500`);
  const listings = page._embedded.urls
    .filter((u): u is TUrl & { reference_id: string } => Boolean(u.reference_id) && u.status === "active")
    .sort((a, b) => b.reference_id.localeCompare(a.reference_id, "en", { numeric: true }));
  expect(listings.length, "demo locations with a Google id").toBeGreaterThan(2);
  return { google, listings };
}

async function sourceNamed(api: TApi, name: string) {
  const sources = await api.get<TPage<"sources", TRow>>(`/sources?all=true&keywords=${encodeURIComponent(name)}`);
  const source = sources._embedded.sources.find((s) => s.name === name);
  expect(source, `the ${name} source`).toBeTruthy();
  return source!;
}

/**
 * Puts a new, recent two-star review into the fake Google at the listing, and has the server read it through
 * the connector (a sync of that location's Google listing); answers when the API lists it.
 */
async function newGoogleReview(api: TApi, request: APIRequestContext, listingIndex: number, word: string) {
  const { google, listings } = await googleListings(api);
  const listing = listings[listingIndex]!;
  const reviewId = `e2e-${word}`;
  const at = new Date(Date.now() - 10 * 60_000).toISOString();
  await fakeGoogle(request).addReviews(listing.reference_id, [
    {
      reviewId,
      reviewer: { displayName: "Gina Google", isAnonymous: false },
      starRating: "TWO",
      comment: `The ${word} pasta was overcooked and we waited forty minutes.`,
      createTime: at,
      updateTime: at,
    },
  ]);
  const sync = await api.post<{ syncs: { source_code: string }[] }>(`/locations/${listing.location_id}/sync`, {
    source_id: google.id,
  });
  expect(sync.syncs.map((s) => s.source_code)).toEqual(["google"]);
  await expect
    .poll(async () => (await api.get<{ _total: number }>(`/reviews?keywords=${word}`))._total, {
      message: "the sync brings the review in from the fake Google",
      timeout: 30_000,
    })
    .toBe(1);
  return {
    location: listing.reference_id,
    reviewId,
    replyPath: `/v4/${listing.reference_id}/reviews/${reviewId}/reply`,
  };
}

/** Finds the one review with the word through the filter bar (Google only) and the search box. */
async function findGoogleReview(page: Page, word: string) {
  await page.goto("/reviews");
  await expect(page.getByTestId("review-card").first()).toBeVisible();
  let call = listCall(page, "source_id");
  await openDropdown(page, "filter-source");
  await page.getByTestId("filter-source-dropdown").getByRole("option", { name: "Google", exact: true }).click();
  await call;
  call = listCall(page, "keywords", word);
  const search = page.getByRole("searchbox", { name: "Search reviews" });
  await search.fill(word);
  await search.press("Enter");
  await call;
  expect(query(page).get("search_terms")).toBe(word);
  const card = page.getByTestId("review-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Gina Google");
  await expect(card).toContainText(word);
  return card;
}

async function firstLocation(api: TApi) {
  const page = await api.get<TPage<"locations", TRow>>("/locations?per_page=1&sort[by]=name");
  return page._embedded.locations[0]!;
}

async function openDropdown(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await expect(page.getByTestId(`${testId}-dropdown`)).toBeVisible();
}

/** Every shown review's accessible name contains the text (polled: the list renders after the answer). */
async function everyCardSays(page: Page, text: string) {
  await expect
    .poll(async () => {
      const labels = await page
        .getByTestId("review-card")
        .evaluateAll((els) => els.map((el) => `${el.getAttribute("aria-label")} ${el.textContent}`));
      return labels.length > 0 && labels.every((label) => label.includes(text));
    })
    .toBe(true);
}

/** Waits for the list call carrying a parameter, so the assertions see the new page. */
function listCall(page: Page, key: string, value?: string) {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    if (url.pathname !== "/api/reviews" || res.request().method() !== "GET") return false;
    return value === undefined ? url.searchParams.has(key) : url.searchParams.getAll(key).includes(value);
  });
}

test("a manager filters reviews by date, location, source, rating and sentiment", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/reviews");
  const cards = page.getByTestId("review-card");
  await expect(cards.first()).toBeVisible();
  const total = page.getByTestId("reviews-total");
  const thirtyDays = await total.textContent();

  // Date: a shorter window, fewer reviews.
  let call = listCall(page, "published_after");
  await openDropdown(page, "filter-date-range");
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect.poll(() => query(page).get("dateDescriptor")).toBe("sevenDays");
  await call;
  await expect(total).not.toHaveText(thirtyDays ?? "");

  // Location: every review shown is at that location.
  call = listCall(page, "location_id");
  await openDropdown(page, "filter-location");
  const option = page.getByTestId("filter-location-dropdown").getByRole("option").nth(1);
  const locationName = ((await option.locator("p").first().textContent()) ?? "").trim();
  await option.click();
  await expect.poll(() => query(page).get("locationId")).toBeTruthy();
  await call;
  await everyCardSays(page, locationName);

  // Source: Google only.
  call = listCall(page, "source_id");
  await openDropdown(page, "filter-source");
  await page.getByTestId("filter-source-dropdown").getByRole("option", { name: "Google", exact: true }).click();
  await expect.poll(() => query(page).get("sourceId")).toBeTruthy();
  await call;
  await everyCardSays(page, "Google");

  // Rating, then sentiment: the list follows each, or shows the empty state.
  call = listCall(page, "rating", "1");
  await openDropdown(page, "filter-rating");
  await page.getByRole("option", { name: "1 Star" }).click();
  await expect.poll(() => query(page).get("rating")).toBe("1");
  await call;
  await expect(cards.first().or(page.getByTestId("empty-state"))).toBeVisible();
  if ((await cards.count()) > 0) await everyCardSays(page, "1 stars");
  call = listCall(page, "sentiment", "-1");
  await openDropdown(page, "filter-sentiment");
  await page.getByRole("option", { name: "Only negative" }).click();
  await expect.poll(() => query(page).get("sentiment")).toBe("-1");
  await call;
  await expect(cards.first().or(page.getByTestId("empty-state"))).toBeVisible();

  // Clear All brings back the thirty-day list.
  await page.getByTestId("filter-clear-all").click();
  await expect(total).toHaveText(thirtyDays ?? "");
});

test("pages forward and back with the cursors in the URL", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/reviews");
  const first = page.getByTestId("review-card").first();
  await expect(first).toBeVisible();
  const firstId = await first.getAttribute("data-review-id");
  await expect(page.getByTestId("review-page")).toHaveText(/^Page 1 of \d+$/);

  await page.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => query(page).get("after")).toBeTruthy();
  await expect(page.getByTestId("review-page")).toHaveText(/^Page 2 of \d+$/);
  await expect(first).not.toHaveAttribute("data-review-id", firstId ?? "");

  await page.getByRole("button", { name: "Previous" }).click();
  await expect.poll(() => query(page).get("before")).toBeTruthy();
  expect(query(page).has("after")).toBe(false);
  await expect(page.getByTestId("review-page")).toHaveText(/^Page 1 of \d+$/);
  await expect(first).toHaveAttribute("data-review-id", firstId ?? "");
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

  // The browser's Back returns to page 2 (cursors are history entries).
  await page.goBack();
  await expect(page.getByTestId("review-page")).toHaveText(/^Page 2 of \d+$/);
});

test("a manager answers a review with a template, tags it, sets its status and sees its history", async ({
  page,
  request,
}) => {
  const api = await managerApi(request);
  const location = await firstLocation(api);
  const word = `zest${Date.now().toString(36)}`;
  await importFeedbackReview(api, location.id, word);
  await api.post("/response_templates", {
    name: `Apology ${word}`,
    content: "Hi {reviewer_name}, we are sorry about your visit to {location_name}.",
    rating_min: 1,
    rating_max: 2,
  });

  await signIn(page, DEMO.manager);
  await page.goto(`/reviews?search_terms=${word}`);
  const card = page.getByTestId("review-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Avery Feedback");

  // Tag it.
  await card.getByLabel("Add tag").fill(`Cold food ${word}`);
  await card.getByLabel("Add tag").press("Enter");
  await expect(card.getByTestId("review-tags")).toContainText(`Cold food ${word}`);

  // Answer it with the template: pending, then published (the feedback source publishes locally).
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByLabel("Template").click();
  await page.getByRole("option", { name: `Apology ${word}` }).click();
  const box = card.getByTestId("respond-textarea");
  await expect(box).toHaveValue(`Hi Avery Feedback, we are sorry about your visit to ${location.name}.`);
  await expect(card.getByTestId("char-count")).toHaveText(/^\d+ characters remaining$/);
  await card.getByRole("button", { name: "Publish" }).click();
  const status = card.getByTestId("response-status");
  await expect(status).toHaveText(/Publishing…|Published/);
  await expect(status).toHaveText("Published", { timeout: 20_000 });
  await expect(card.getByTestId("respond-box")).toHaveCount(0);
  // Published here, not at a source: read only, so it cannot be deleted.
  await expect(card.getByRole("button", { name: "Delete response" })).toHaveCount(0);

  // Its status, on the detail page.
  await card.getByRole("link", { name: /Details of the review by/ }).click();
  await expect(page).toHaveURL(/\/reviews\/[0-9a-f-]+$/);
  await page.getByTestId("status-select").click();
  await page.getByRole("option", { name: "Resolved" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("Resolved");

  // A note.
  await page.getByLabel("Add a note").fill("Called the guest back.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("review-notes")).toContainText("Called the guest back.");

  // History: who did what, when.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/history$/);
  const history = page.getByTestId("review-history");
  await expect(history).toContainText(`Tag added: Cold food ${word}`);
  await expect(history).toContainText(`Status changed from none to "Resolved"`);
  await expect(history).toContainText("Marcus Manager");
});

test("a manager answers a Google review and Google receives the reply", async ({ page, request }) => {
  const api = await managerApi(request);
  const word = `brisk${Date.now().toString(36)}`;
  const review = await newGoogleReview(api, request, 0, word);

  await signIn(page, DEMO.manager);
  const card = await findGoogleReview(page, word);
  const text = `Gina, we are sorry about the ${word} pasta and the wait. Please ask for Marcus next time.`;
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByTestId("respond-textarea").fill(text);
  await card.getByRole("button", { name: "Publish" }).click();
  const status = card.getByTestId("response-status");
  await expect(status).toHaveText(/Publishing…|Published/);
  await expect(status).toHaveText("Published", { timeout: 20_000 });
  await expect(card.getByTestId("review-response")).toContainText(text);
  await expect(card.getByTestId("response-message")).toHaveCount(0);
  // Published at Google (not read only): it can be deleted there.
  await expect(card.getByRole("button", { name: "Delete response" })).toBeVisible();

  // Google received exactly one updateReply for that review, with the text, as the demo's token.
  const fake = fakeGoogle(request);
  const replies = (await fake.requests()).filter((r) => r.path === review.replyPath);
  expect(replies).toHaveLength(1);
  expect(replies[0]).toMatchObject({ method: "PUT", body: { comment: text } });
  expect(replies[0]!.headers.authorization).toBe(`Bearer ${DEMO_GOOGLE_TOKEN}`);
  const atGoogle = (await fake.reviews(review.location)).find((r) => r.reviewId === review.reviewId);
  expect(atGoogle?.reviewReply?.comment).toBe(text);
});

test("a reply Google cannot take right now shows the spec's message", async ({ page, request }) => {
  const api = await managerApi(request);
  const word = `tart${Date.now().toString(36)}`;
  const review = await newGoogleReview(api, request, 1, word);
  const fake = fakeGoogle(request);
  // Google answers this review's updateReply once with 503 UNAVAILABLE (temporary): the job retries later (30–60 s).
  await fake.queueFailure({
    status: 503,
    method: "PUT",
    path: review.replyPath,
    body: { error: { code: 503, message: "The e2e fake is busy.", status: "UNAVAILABLE" } },
  });

  await signIn(page, DEMO.manager);
  const card = await findGoogleReview(page, word);
  const text = `Thank you for telling us about the ${word} pasta.`;
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByTestId("respond-textarea").fill(text);
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(card.getByTestId("response-status")).toHaveText("Not published yet", { timeout: 20_000 });
  await expect(card.getByTestId("response-message")).toHaveText(PUBLISH_ERROR);

  // The attempt reached Google, which could not take it: the failure was used up and no reply is held there.
  const attempts = (await fake.requests()).filter((r) => r.path === review.replyPath);
  expect(attempts).toHaveLength(1);
  expect(attempts[0]).toMatchObject({ method: "PUT", body: { comment: text } });
  expect(await fake.failures()).toEqual([]);
  const atGoogle = (await fake.reviews(review.location)).find((r) => r.reviewId === review.reviewId);
  expect(atGoogle?.reviewReply).toBeUndefined();

  // The history records the failure, done by Starboard's job.
  await card.getByRole("link", { name: /Details of the review by/ }).click();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByTestId("review-history")).toContainText("Starboard");
});

test("a reply Google refuses for good says so and is not retried", async ({ page, request }) => {
  const api = await managerApi(request);
  const word = `quiche${Date.now().toString(36)}`;
  const review = await newGoogleReview(api, request, 2, word);
  const fake = fakeGoogle(request);
  // Google answers this review's updateReply with 400 INVALID_ARGUMENT: a refusal that no retry changes.
  await fake.queueFailure({
    status: 400,
    method: "PUT",
    path: review.replyPath,
    body: { error: { code: 400, message: "Reply rejected by the e2e fake.", status: "INVALID_ARGUMENT" } },
  });

  await signIn(page, DEMO.manager);
  const card = await findGoogleReview(page, word);
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByTestId("respond-textarea").fill(`We are sorry about the ${word}.`);
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(card.getByTestId("response-status")).toHaveText("Not published yet", { timeout: 20_000 });
  await expect(card.getByTestId("response-message")).toHaveText(
    "Google refused this response, so it was not published and will not be retried. Delete it and write it again.",
  );
  expect((await fake.requests()).filter((r) => r.path === review.replyPath)).toHaveLength(1);
});

test("a publish to a source without a connector fails with the spec's message", async ({ page, request }) => {
  const api = await managerApi(request);
  const sources = await api.get<TPage<"sources", TRow>>("/sources?all=true&keywords=OpenTable");
  const openTable = sources._embedded.sources.find((s) => s.name === "OpenTable")!;
  const list = await api.get<TPage<"reviews", { id: string; respondable: boolean }>>(
    `/reviews?source_id=${openTable.id}&type=without_response&per_page=50`,
  );
  const review = list._embedded.reviews.find((r) => r.respondable)!;
  expect(review, "an OpenTable review without a response").toBeTruthy();

  await signIn(page, DEMO.manager);
  await page.goto(`/reviews/${review.id}`);
  await page.getByRole("button", { name: "Respond" }).click();
  await page.getByTestId("respond-textarea").fill("Thank you for dining with us.");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("response-status")).toHaveText("Not published yet", { timeout: 20_000 });
  await expect(page.getByTestId("response-message")).toHaveText(PUBLISH_ERROR);

  // The history records the failure, done by Starboard's job.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByTestId("review-history")).toContainText("Starboard");
});

test("the keyboard path: j/k move, r responds, t tags, Escape leaves; the help says so", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/reviews");
  const cards = page.getByTestId("review-card");
  await expect(cards.first()).toBeVisible();

  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  const help = page.getByTestId("keyboard-help");
  await expect(help).toBeVisible();
  await expect(help).toContainText("Next review");
  await expect(help).toContainText("Respond to the focused review");

  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(cards.nth(2)).toBeFocused();
  await page.keyboard.press("k");
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(cards.nth(0)).toBeFocused();

  // Down to the first review that can be answered.
  const target = await cards.evaluateAll((els) =>
    els.findIndex((el) => [...el.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Respond")),
  );
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < target; i++) await page.keyboard.press("j");
  const card = cards.nth(target);
  await expect(card).toBeFocused();

  // r opens the focused review's respond box; Escape leaves it, back on the review.
  await page.keyboard.press("r");
  await expect(card.getByTestId("respond-textarea")).toBeFocused();
  await page.keyboard.type("rjk"); // typing is not a shortcut
  await expect(card.getByTestId("respond-textarea")).toHaveValue("rjk");
  await page.keyboard.press("Escape");
  await expect(card).toBeFocused();
  await expect(card.getByTestId("respond-box")).toHaveCount(0);

  // t focuses its tag input; Escape leaves it.
  await page.keyboard.press("t");
  await expect(card.getByLabel("Add tag")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(card).toBeFocused();
});

test("photos open in the lightbox: arrows move and wrap, the page does not scroll, Escape closes", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/reviews?type=with_images&dateDescriptor=twelveMonths");
  const thumbs = page.getByTestId("review-images").first().getByRole("button");
  await expect(thumbs.first()).toBeVisible();
  const count = await thumbs.count();
  await thumbs.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Photo 1 of ${count}`);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog).toContainText(`Photo ${count} of ${count}`);
  await page.keyboard.press("ArrowRight");
  await expect(dialog).toContainText(`Photo 1 of ${count}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a Read Only user sees reviews but no respond box and no tag input", async ({ page }) => {
  await signIn(page, DEMO.viewer);
  await page.goto("/reviews");
  const cards = page.getByTestId("review-card");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Respond" })).toHaveCount(0);
  await expect(page.getByTestId("respond-box")).toHaveCount(0);
  await expect(page.getByLabel("Add tag")).toHaveCount(0);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await page.keyboard.press("r");
  await expect(page.getByTestId("respond-box")).toHaveCount(0);

  await cards
    .first()
    .getByRole("link", { name: /Details of the review by/ })
    .click();
  await expect(page.getByTestId("status-select")).toBeDisabled();
  await expect(page.getByLabel("Add a note")).toHaveCount(0);
});

test("/reviews has no serious or critical accessibility violations", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/reviews");
  await expect(page.getByTestId("review-card").first()).toBeVisible();
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await page.getByRole("button", { name: "Respond" }).first().click();
  await page.waitForLoadState("networkidle");
  // The scan includes the shared filter bar.
  await scanA11y(page, "/reviews");
});
