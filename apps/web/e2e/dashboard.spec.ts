import { expect, type Page, test } from "@playwright/test";
import { DEMO, managerApi, scanA11y, signIn, type TApi } from "./helpers";

/**
 * The dashboard (docs/product/platform.md §2, §6; docs/product/reviews.md §9) for the current filters: the figures, the links
 * that carry the filters to /reviews, and the figures moving when a review arrives and is answered.
 * Reviews are added through the import API from the `feedback` source, whose responses publish
 * locally (the demo's Google connector has no fake in the e2e server).
 */

/** A location and the feedback source, the filters the figures below are read for. */
async function feedbackFilters(api: TApi) {
  const locations = await api.get<{ _embedded: { locations: { id: string }[] } }>(
    "/locations?per_page=1&sort[by]=name&sort[order]=desc",
  );
  const sources = await api.get<{ _embedded: { sources: { id: string; code: string }[] } }>(
    "/sources?all=true&keywords=Feedback",
  );
  const feedback = sources._embedded.sources.find((s) => s.code === "feedback")!;
  return { locationId: locations._embedded.locations[0]!.id, sourceId: feedback.id };
}

async function importFeedbackReview(api: TApi, locationId: string, word: string) {
  await api.post("/reviews/import", {
    reviews: [
      {
        location_id: locationId,
        source: "feedback",
        source_review_id: `e2e-dash-${word}`,
        author: "Dana Dashboard",
        rating: 1,
        content: `The ${word} was burnt.`,
        published_at: new Date().toISOString(),
      },
    ],
  });
}

const figure = (page: Page, testId: string) => page.getByTestId(`${testId}-value`);

test("the figures for the current filters, and links that carry them to /reviews", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/dashboard");
  await expect(figure(page, "kpi-avg-rating")).toHaveText(/^\d\.\d\d$/);
  await expect(figure(page, "kpi-total-reviews")).toHaveText(/^[\d,]+$/);
  await expect(figure(page, "kpi-response-rate")).toHaveText(/%$/);
  await expect(figure(page, "kpi-response-time")).toHaveText(/hours|days/);
  await expect(page.getByTestId("volume-chart")).toBeVisible();
  await expect(page.getByTestId("rating-chart")).toBeVisible();
  const pie = page.getByTestId("source-pie");
  await expect(pie).toContainText("Other");
  await expect(pie.getByRole("link")).toHaveCount(4);
  await expect(page.getByTestId("sentiment-split")).toContainText("Positive");

  // Filters change the figures.
  const before = await figure(page, "kpi-total-reviews").textContent();
  await page.getByTestId("filter-rating").click();
  await page.getByRole("option", { name: "5 Star" }).click();
  await expect(figure(page, "kpi-total-reviews")).not.toHaveText(before ?? "");
  await expect(figure(page, "kpi-avg-rating")).toHaveText("5.00");
  await page.getByTestId("filter-clear-all").click();
  await expect(figure(page, "kpi-total-reviews")).toHaveText(before ?? "");

  // A star bar opens /reviews with that rating and the dashboard's period.
  const fourStars = await page.getByTestId("rating-bar-4").locator("p").last().textContent();
  await page.getByTestId("rating-bar-4").click();
  await expect(page).toHaveURL(/\/reviews\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get("rating")).toBe("4");
  expect(params.get("dateDescriptor")).toBe("sixMonths");
  await expect(page.getByTestId("reviews-total")).toHaveText(`${fourStars} reviews`);
  await expect
    .poll(async () =>
      (
        await page.getByTestId("review-card").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))
      ).every((label) => label?.includes("4 stars")),
    )
    .toBe(true);

  // Negative sentiment carries as -1.
  await page.goBack();
  await page
    .getByTestId("sentiment-split")
    .getByRole("link", { name: /^Negative/ })
    .click();
  await expect.poll(() => new URL(page.url()).searchParams.get("sentiment")).toBe("-1");
});

test("the total changes when a review arrives", async ({ page, request }) => {
  const api = await managerApi(request);
  const { locationId, sourceId } = await feedbackFilters(api);
  await signIn(page, DEMO.manager);
  const url = `/dashboard?dateDescriptor=sevenDays&locationId=${locationId}&sourceId=${sourceId}`;
  await page.goto(url);
  const total = figure(page, "kpi-total-reviews");
  await expect(total).toHaveText(/^[\d,]+$/);
  const before = Number((await total.textContent())?.replace(/,/g, ""));

  await importFeedbackReview(api, locationId, `toast${Date.now().toString(36)}`);
  await page.reload();
  await expect(total).toHaveText(String(before + 1));
});

test("the response rate changes when a review is answered", async ({ page, request }) => {
  const api = await managerApi(request);
  const { locationId, sourceId } = await feedbackFilters(api);
  const word = `crust${Date.now().toString(36)}`;
  await importFeedbackReview(api, locationId, word);
  await signIn(page, DEMO.manager);
  const dashboard = `/dashboard?dateDescriptor=sevenDays&locationId=${locationId}&sourceId=${sourceId}`;
  await page.goto(dashboard);
  const rate = figure(page, "kpi-response-rate");
  await expect(rate).toHaveText(/%$|–/);
  const before = await rate.textContent();

  await page.goto(`/reviews?search_terms=${word}`);
  const card = page.getByTestId("review-card");
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByTestId("respond-textarea").fill("We are sorry, please come back on us.");
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(card.getByTestId("response-status")).toHaveText("Published", { timeout: 20_000 });

  await page.goto(dashboard);
  await expect(rate).toHaveText(/%$/);
  await expect(rate).not.toHaveText(before ?? "");
});

test("/dashboard has no serious or critical accessibility violations", async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto("/dashboard");
  await expect(page.getByTestId("volume-chart")).toBeVisible();
  await expect(page.getByTestId("source-pie")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The scan includes the shared filter bar.
  await scanA11y(page, "/dashboard");
});
