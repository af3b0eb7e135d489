import { expect, type Page, test } from "@playwright/test";
import { DEMO, FILTER_BAR, managerApi, scanA11y, signIn, type TApi } from "./helpers";

/**
 * Issue 11, "Done when": a Manager's triage from filters to a reply, assignment found by a colleague, tag
 * management; the dashboard's response figures equal the list's counts behind its links; partial weeks
 * marked; every touched screen scanned at 1440×900 and 390×844.
 */

type TList<K extends string, T> = { _embedded: Record<K, T[]>; _total: number; _total_pages: number };

// The shared filter bar is scanned by its own spec (filter-bar.spec.ts).
const scan = (page: Page, label: string) => scanA11y(page, label, { exclude: [FILTER_BAR] });

async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole("combobox", { name: label });
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

const cardIds = (page: Page) =>
  page.getByTestId("review-card").evaluateAll((els) => els.map((el) => el.getAttribute("data-review-id")));

/** The demo's Texas group and Google source, and a list query for its negative Google reviews. */
async function negativeGoogle(api: TApi) {
  const groups = await api.get<TList<"groups", { id: string; name: string }>>("/groups?per_page=100");
  const texas = groups._embedded.groups.find((g) => g.name === "Texas");
  const sources = await api.get<TList<"sources", { id: string; name: string }>>("/sources?all=true&keywords=Google");
  const google = sources._embedded.sources.find((s) => s.name === "Google");
  expect(texas && google).toBeTruthy();
  return { group: texas!.id, source: google!.id };
}

test.describe("review triage", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a Manager filters, sorts, jumps, comes back, assigns ten to a colleague, replies with a suggestion, manages tags", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await managerApi(request);
    const { group, source } = await negativeGoogle(api);
    const apiList = await api.get<TList<"reviews", { id: string }>>(
      `/reviews?group_id=${group}&source_id=${source}&sentiment=-1&per_page=25`,
    );
    expect(apiList._total_pages, "three pages of negative Google reviews in Texas").toBeGreaterThanOrEqual(3);

    await signIn(page, DEMO.manager);
    await page.goto(`/reviews?dateDescriptor=allTime&groupId=${group}&sourceId=${source}&sentiment=-1`);
    await expect(page.getByTestId("review-card").first()).toBeVisible();
    await expect(page.getByTestId("reviews-total")).toHaveText(`${apiList._total.toLocaleString("en-US")} reviews`);

    // Sort by lowest rating: kept in the URL, the first card has the fewest stars.
    await choose(page, "Sort by", "Lowest rating");
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("lowest");
    // Jump to page 3.
    await page.getByLabel(/^Go to page/).fill("3");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByTestId("review-page")).toHaveText(/^Page 3 of \d+$/);
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("3");
    await expect(page.getByTestId("review-card").first()).toBeVisible();
    const listUrl = page.url();
    const ids = await cardIds(page);

    // Open a review and come back to the same page, sort and filters.
    await page
      .getByTestId("review-card")
      .nth(1)
      .getByRole("link", { name: /^Details of the review by/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Review", exact: true })).toBeVisible();
    await expect(page.getByTestId("assignee-select")).toBeVisible();
    await page.getByRole("link", { name: "Back to reviews" }).click();
    await expect.poll(() => page.url()).toBe(listUrl);
    await expect(page.getByTestId("review-page")).toHaveText(/^Page 3 of \d+$/);
    await expect.poll(() => cardIds(page)).toEqual(ids);

    // Select ten reviews and assign them to a colleague, as a job with progress and an Undo.
    const boxes = page.getByTestId("select-review");
    for (let i = 0; i < 10; i++) await boxes.nth(i).check();
    await expect(page.getByTestId("selected-count")).toHaveText("10 selected");
    await choose(page, "Change", "Assign");
    await choose(page, "Assign to", "Olivia Owner");
    await page.getByTestId("bulk-apply").click();
    await expect(page.getByTestId("bulk-progress")).toContainText("Done: Assign to Olivia Owner (10 reviews)", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("bulk-undo")).toBeVisible();
    await expect(page.getByTestId("assignee-badge").first()).toHaveText("Assigned to Olivia Owner");
    await scan(page, "/reviews with a bulk change (1440)");

    // The colleague finds them under "Assigned to me".
    const colleague = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const theirs = await colleague.newPage();
    await signIn(theirs, DEMO.owner);
    await theirs.goto("/reviews?dateDescriptor=allTime");
    await theirs.getByTestId("assigned-to-me").click();
    await expect.poll(() => new URL(theirs.url()).searchParams.get("assigned_to")).toBe("me");
    await expect(theirs.getByTestId("reviews-total")).toHaveText("10 reviews");
    expect(new Set(await cardIds(theirs))).toEqual(new Set(ids.slice(0, 10)));
    // ... and keeps it as a saved view: saved, cleared, applied again.
    const view = `Assigned to me ${Date.now()}`;
    await theirs.getByRole("button", { name: "Save as new saved filter" }).click();
    await theirs.getByLabel("Saved filter name").fill(view);
    await theirs.getByLabel("Saved filter name").press("Enter");
    await expect(theirs.getByText("Filter saved")).toBeVisible();
    await theirs.getByTestId("filter-clear-all").click();
    await expect.poll(() => new URL(theirs.url()).searchParams.get("assigned_to")).toBeNull();
    await theirs.getByTestId("saved-filters-toggle").click();
    await theirs.getByRole("button", { name: view, exact: true }).click();
    await expect.poll(() => new URL(theirs.url()).searchParams.get("assigned_to")).toBe("me");
    await expect(theirs.getByTestId("reviews-total")).toHaveText("10 reviews");
    await colleague.close();

    // Answer one with a suggested reply, edited by hand.
    const answerable = page.getByTestId("review-card").filter({ has: page.getByRole("button", { name: "Respond" }) });
    const answerId = await answerable.first().getAttribute("data-review-id");
    // Located by its id: once the box opens, the card has no Respond button.
    const card = page.locator(`[data-testid="review-card"][data-review-id="${answerId}"]`);
    await card.getByRole("button", { name: "Respond" }).click();
    await card.getByRole("button", { name: "Suggest a reply" }).click();
    const box = card.getByTestId("respond-textarea");
    await expect(box).toHaveValue(/\S/);
    await expect(card.getByTestId("suggested-note")).toContainText("Suggested from");
    const suggested = await box.inputValue();
    await box.fill(`${suggested}\n\nMarcus, general manager`);
    await card.getByRole("button", { name: "Publish" }).click();
    await expect(card.getByTestId("review-response")).toContainText("Marcus, general manager");

    // Rename a tag and merge two near-duplicates.
    const tagged = apiList._embedded.reviews;
    await api.post("/review_tags", { review_id: tagged[0]!.id, name: "Chase up" });
    await api.post("/review_tags", { review_id: tagged[1]!.id, name: "chase-up" });
    await api.post("/review_tags", { review_id: tagged[2]!.id, name: "chase-up" });
    await page.goto("/settings/tags");
    await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
    const rows = page.getByTestId("tag-row");
    await expect(rows.filter({ hasText: "chase-up" })).toContainText("2 reviews");
    await page.getByRole("button", { name: "Rename Chase up" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Call back");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(rows.filter({ hasText: "Call back" })).toContainText("1 review");
    await page.getByRole("button", { name: "Merge chase-up into another" }).click();
    await choose(page, "Merge into", "Call back (1 review)");
    await page.getByRole("dialog").getByRole("button", { name: "Merge" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(rows.filter({ hasText: "Call back" })).toContainText("3 reviews");
    await expect(rows.filter({ hasText: "chase-up" })).toHaveCount(0);
    await scan(page, "/settings/tags (1440)");
  });

  test("response templates: created with a placeholder and a preview, offered in the respond box", async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto("/settings/response-templates");
    await expect(page.getByRole("heading", { level: 1, name: "Response templates" })).toBeVisible();
    await page.getByTestId("add-template").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Warm thanks");
    await dialog.getByTestId("template-content").fill("Thank you ");
    await dialog.getByRole("button", { name: "Reviewer's first name" }).click();
    await dialog.getByTestId("template-content").press("End");
    await dialog.getByTestId("template-content").pressSequentially(", see you at {location_name}!");
    await expect(dialog.getByTestId("template-preview")).toHaveText("Thank you Jordan, see you at Dallas Uptown!");
    await dialog.getByLabel("Lowest rating").fill("4");
    await scan(page, "/settings/response-templates form (1440)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("template-row").filter({ hasText: "Warm thanks" })).toContainText("4 to 5 stars");
    await scan(page, "/settings/response-templates (1440)");
  });

  test("response templates: one limited to a source is offered in the respond box only for that source's reviews", async ({
    page,
    request,
  }) => {
    const api = await managerApi(request);
    const { source: google } = await negativeGoogle(api);
    const answerable = await api.get<TList<"reviews", { source_id: string; source_name: string }>>(
      "/reviews?respondable=true&per_page=100",
    );
    const other = answerable._embedded.reviews.find((r) => r.source_id !== google);
    expect(other).toBeTruthy();
    const name = `Google only ${Date.now()}`;

    await signIn(page, DEMO.manager);
    await page.goto("/settings/response-templates");
    await page.getByTestId("add-template").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByTestId("template-content").fill("Thanks for your Google review, {reviewer_first_name}!");
    await dialog.getByLabel("Sources", { exact: true }).click();
    await page.getByRole("option", { name: "Google", exact: true }).click();
    await dialog.getByLabel("Name").click();
    await scan(page, "/settings/response-templates form with a source (1440)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("template-row").filter({ hasText: name });
    await expect(row).toContainText("Google");
    await expect(row).not.toContainText("All sources");

    const offered = async (sourceId: string) => {
      await page.goto(`/reviews?respondable=true&sourceId=${sourceId}`);
      const card = page
        .getByTestId("review-card")
        .filter({ has: page.getByRole("button", { name: "Respond" }) })
        .first();
      const id = await card.getAttribute("data-review-id");
      const opened = page.locator(`[data-testid="review-card"][data-review-id="${id}"]`);
      await opened.getByRole("button", { name: "Respond" }).click();
      const picker = opened.getByLabel("Template", { exact: true });
      await expect(picker).toHaveAttribute("placeholder", "Choose a template");
      await picker.click();
      return page.getByRole("option", { name, exact: true });
    };
    await expect(await offered(google)).toHaveCount(1);
    await expect(await offered(other!.source_id)).toHaveCount(0);
  });

  test("the dashboard's response rate and waiting count equal the list's counts behind their links", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await managerApi(request);
    const { group, source } = await negativeGoogle(api);
    await signIn(page, DEMO.manager);
    for (const filters of ["", `&groupId=${group}`, `&sourceId=${source}&sentiment=-1`]) {
      await page.goto(`/dashboard?dateDescriptor=twelveMonths${filters}`);
      const hint = page.getByTestId("kpi-response-rate-hint");
      await expect(hint).toHaveText(/^[\d,]+ answered of [\d,]+ reviews that can be answered here$/);
      const [answered] = ((await hint.textContent()) ?? "").match(/^[\d,]+/) ?? [];
      const waitingText = (await page.getByTestId("waiting-link").textContent()) ?? "";
      const waiting = waitingText.match(/\(([\d,]+)\)/)?.[1];

      await page.getByTestId("kpi-response-rate-link").click();
      await expect(page.getByTestId("reviews-total")).toHaveText(new RegExp(`^${answered} reviews?$`), {
        timeout: 15_000,
      });
      await page.goBack();
      await page.getByTestId("waiting-link").click();
      await expect(page.getByTestId("reviews-total")).toHaveText(new RegExp(`^${waiting} reviews?$`), {
        timeout: 15_000,
      });
    }
  });

  test("the dashboard marks a partial last week and says so", async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto("/dashboard?dateDescriptor=custom&from=2026-06-03&to=2026-08-05");
    const note = page.getByTestId("volume-chart").getByTestId("partial-note");
    await expect(note).toContainText("Hatched bars mark periods only partly inside the dates chosen");
    await expect(page.getByTestId("volume-chart").locator('rect[data-partial="true"]')).toHaveCount(2);
    await scan(page, "/dashboard (1440)");
  });
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the touched screens have no serious or critical violations", async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto("/reviews?dateDescriptor=twelveMonths");
    await expect(page.getByTestId("review-card").first()).toBeVisible();
    await page.getByTestId("select-review").first().check();
    await expect(page.getByTestId("selected-count")).toHaveText("1 selected");
    await scan(page, "/reviews (390)");
    const id = await page.getByTestId("review-card").first().getAttribute("data-review-id");
    await page.goto(`/reviews/${id}`);
    await expect(page.getByTestId("assignee-select")).toBeVisible();
    await scan(page, "/reviews/{id} (390)");
    for (const [path, heading] of [
      ["/settings/tags", "Tags"],
      ["/settings/response-templates", "Response templates"],
      ["/dashboard", "Dashboard"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (path === "/dashboard") await expect(page.getByTestId("kpi-response-rate-hint")).toBeVisible();
      else await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
      await scan(page, `${path} (390)`);
    }
  });
});
