import { expect, type Page, test } from "@playwright/test";
import { DEMO, FILTER_BAR, scanA11y, signIn, where } from "./helpers";

/**
 * The keyword screens (docs/product/reviews.md §2, §3) as the demo owner uses them: the keywords page with
 * the Experience Categories block, sorting (the Sort By dropdown and a column header from the keyboard), a
 * keyword's page with its months and the highlighted mentions, the reviews it counts, and the category
 * view, with the filters carried along every link.
 */

/** Axe on the page's own content; the shared filter bar above it is scanned by the filter bar's specs. */
const scan = (page: Page, label: string) => scanA11y(page, label, { exclude: [FILTER_BAR] });

/** The (positive, negative) counts of the list's rows, read from their bars' labels. */
async function rowCounts(page: Page): Promise<{ keyword: string; positive: number; negative: number }[]> {
  const rows = page.getByTestId("keyword-row");
  const out: { keyword: string; positive: number; negative: number }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const keyword = (await row.getByRole("link").first().textContent())?.trim() ?? "";
    const count = async (kind: string) => {
      const label =
        (await row.getByRole("link", { name: new RegExp(`${kind} mentions$`) }).getAttribute("aria-label")) ?? "";
      return Number(/: (\d+) /.exec(label)?.[1] ?? Number.NaN);
    };
    out.push({ keyword, positive: await count("positive"), negative: await count("negative") });
  }
  return out;
}

test("a user sorts the keywords, opens one, follows to the reviews it counts and opens the categories", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.owner);
  // Five-star and four-star reviews of the last three months: the filters every link below must carry.
  await page.goto("/dashboard/keywords?dateDescriptor=threeMonths&rating=5&rating=4");
  await expect(page.getByRole("heading", { level: 1, name: "Keywords" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Experience Categories" })).toBeVisible();
  await expect(page.getByTestId("experience-categories")).toBeVisible();
  await expect(page.getByTestId("keyword-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scan(page, "/dashboard/keywords");

  // Highest volume first by default.
  const byVolume = await rowCounts(page);
  const volumes = byVolume.map((r) => r.positive + r.negative);
  expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

  // Sort By: negative ratio.
  const sortBy = page.getByRole("combobox", { name: "Sort By" });
  await sortBy.click();
  await page.getByRole("option", { name: "Negative Ratio" }).click();
  await expect(page).toHaveURL(/sort=negative_ratio/);
  await expect(async () => {
    const ratios = (await rowCounts(page)).map((r) => r.negative / Math.max(1, r.positive + r.negative));
    expect(ratios.length).toBeGreaterThan(1);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
  }).toPass();

  // A column header from the keyboard: Mentions cycles none → ascending.
  const mentions = page.getByRole("columnheader", { name: "Mentions" });
  await mentions.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(mentions).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/order=asc/);
  await expect(async () => {
    const ascending = (await rowCounts(page)).map((r) => r.positive + r.negative);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  }).toPass();
  await mentions.getByRole("button").press("Enter");
  await expect(mentions).toHaveAttribute("aria-sort", "descending");

  // Back to the default sort, then open the biggest keyword.
  await sortBy.click();
  await page.getByRole("option", { name: "Highest Volume" }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByTestId("keyword-results")).toHaveAttribute("aria-busy", "false");
  await expect(async () => {
    const again = (await rowCounts(page)).map((r) => r.positive + r.negative);
    expect(again).toEqual(volumes);
  }).toPass();
  const top = (await rowCounts(page))[0]!;
  await page.getByTestId("keyword-row").first().getByRole("link", { name: top.keyword, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: top.keyword })).toBeVisible();
  expect(where(page)).toContain(`/dashboard/keywords/${top.keyword}?`);
  expect(where(page)).toContain("rating=5");
  expect(where(page)).toContain("dateDescriptor=threeMonths");
  await expect(page.getByTestId("keyword-mentions")).toHaveText(String(top.positive + top.negative));
  await expect(page.getByTestId("sentiment-split")).toContainText(`Positive: ${top.positive}`);
  // Three months of rows (a fourth when the period starts mid-month), under the header row.
  expect(await page.getByTestId("keyword-metrics").getByRole("row").count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId("keyword-review").first()).toBeVisible();
  await expect(page.getByTestId("keyword-highlight").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scan(page, "/dashboard/keywords/{keyword}");

  // Only the negative mentions of one- and two-star reviews: the sentiment is in the query and the reviews follow.
  await page.goto("/dashboard/keywords?dateDescriptor=threeMonths&rating=1&rating=2");
  await expect(page.getByTestId("keyword-row").first()).toBeVisible();
  const negative = (await rowCounts(page)).find((r) => r.negative > 0)!;
  expect(negative).toBeDefined();
  const row = page
    .getByTestId("keyword-row")
    .filter({ has: page.getByRole("link", { name: negative.keyword, exact: true }) });
  await row.getByRole("link", { name: `${negative.keyword}: ${negative.negative} negative mentions` }).click();
  await expect(page).toHaveURL(/sentiment=negative/);
  await expect(page.getByRole("heading", { level: 1, name: negative.keyword })).toBeVisible();
  await expect(
    page.getByText(`${negative.negative} ${negative.negative === 1 ? "review" : "reviews"}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("keyword-review-sentiment").first()).toHaveText("negative");

  // The reviews it counts: each opens on its own page. (A mention can be implied, "pricey" for price,
  // with nothing to highlight: the review opened is one with a highlight.)
  const first = page
    .getByTestId("keyword-review")
    .filter({ has: page.getByTestId("keyword-highlight") })
    .first();
  const excerpt = ((await first.getByTestId("keyword-highlight").first().textContent()) ?? "").trim();
  await first.getByRole("link", { name: "Open review" }).click();
  await expect(page).toHaveURL(/\/reviews\/[0-9a-f-]{36}$/);
  await expect(page.getByText(excerpt, { exact: false }).first()).toBeVisible();
  await page.goBack();
  const search = page.getByTestId("search-reviews-link");
  await expect(search).toHaveAttribute("href", /^\/reviews\?/);
  const href = decodeURIComponent((await search.getAttribute("href")) ?? "");
  expect(href).toContain("rating=1");
  expect(href).toContain("sentiment=-1");
  expect(href).toContain(`search_terms=${negative.keyword}`);

  // A category block leads to the category view, filters carried.
  await page.goto("/dashboard/keywords?dateDescriptor=threeMonths&rating=5&rating=4");
  const block = page.getByTestId("experience-categories").getByRole("link").first();
  await expect(block).toBeVisible();
  const category = ((await block.getAttribute("data-testid")) ?? "").replace("category-", "");
  await block.click();
  await expect(page.getByRole("heading", { level: 1, name: "Experience Categories" })).toBeVisible();
  expect(where(page)).toContain(`/dashboard/keywords/categories?`);
  expect(where(page)).toContain(`category=${category}`);
  expect(where(page)).toContain("rating=5");
  const card = page.getByTestId(`category-card-${category}`);
  await expect(card).toBeVisible();
  await expect(card.getByText(/% positive$|– positive$/)).toBeVisible();
  await expect(card.locator("svg").first()).toBeVisible();
  await expect(
    card.getByTestId("top-keywords").or(card.getByText("No mentioned keywords during this period.")),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  await scan(page, "/dashboard/keywords/categories");
});

test("the category view defaults to six months without the fourteen-day option", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/dashboard/keywords/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Experience Categories" })).toBeVisible();
  await expect(page.locator("[data-testid^=category-card-]").first()).toBeVisible();
  const date = page.getByTestId("filter-date-range");
  await expect(date).toHaveText("Last 6 months");
  await date.click();
  const options = page.getByTestId("filter-date-range-dropdown");
  await expect(options.getByRole("option", { name: "Last 30 days" })).toBeVisible();
  await expect(options.getByRole("option", { name: "Last 14 days" })).toHaveCount(0);
  await page.keyboard.press("Escape");
});

test("a period without mentions shows the empty state", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/dashboard/keywords?dateDescriptor=custom&from=2001-01-01&to=2001-01-31");
  await expect(page.getByText("No mentioned keywords during this period.")).toBeVisible();
});
