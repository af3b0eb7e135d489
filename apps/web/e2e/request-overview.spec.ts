import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, managerApi, scanA11y, signIn } from "./helpers";

/**
 * The ask tool's overview and microsurveys on the demo (issue 16): the funnel from sent to completed over the
 * demo's requests, the reviews from requests by source and location, a microsurvey's summary (NPS, star average on
 * 1 to 5 and 1 to 10), its CSV through the scale modal, a new microsurvey made with the keyboard; no serious or
 * critical axe violation.
 */
const countOf = async (page: Page, step: string) =>
  Number(
    ((await page.getByTestId(`funnel-${step}`).getByTestId("funnel-count").textContent()) ?? "")
      .split(" ")[0]!
      .replace(/,/g, ""),
  );

test("the overview shows the demo's request funnel and the reviews from requests", async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto("/request-reviews/overview");
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
  const funnel = page.getByRole("list", { name: "Request funnel" });
  await expect(funnel.getByRole("listitem")).toHaveCount(5);
  await expect(funnel).toContainText("Sent");
  await expect(funnel).toContainText("Completed");
  const counts = [];
  for (const step of ["sent", "delivered", "opened", "clicked", "completed"]) counts.push(await countOf(page, step));
  expect(counts[0]).toBeGreaterThan(100);
  for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThanOrEqual(counts[i - 1]!);
  expect(counts[4]).toBeGreaterThan(0);
  await expect(page.getByTestId("by-source")).toContainText("Starboard Feedback");
  await expect(page.getByTestId("by-location").getByRole("row").nth(1)).toBeVisible();
  await scanA11y(page, "overview");

  // A shorter range narrows the funnel (the range is in the address).
  await page.goto("/request-reviews/overview?dateDescriptor=sevenDays");
  await expect(page.getByTestId("funnel-sent")).toBeVisible();
  expect(await countOf(page, "sent")).toBeLessThan(counts[0]!);
});

type TScheduled = { id: string; email_subject: string; resource_id: string | null; filters: Record<string, unknown> };

test("a microsurvey's summary, its CSV through the scale modal, and a new microsurvey by keyboard", async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.manager);
  await page.goto("/request-reviews/microsurveys");
  await expect(page.getByRole("heading", { level: 2, name: "Microsurveys" })).toBeVisible();
  await expect(page.getByTestId("microsurvey-row").first()).toBeVisible();
  await scanA11y(page, "microsurveys");

  await page.getByRole("link", { name: "Summary: Dining experience" }).click();
  await expect(page).toHaveURL(/\/request-reviews\/microsurveys\/[^/]+\/summaries/);
  await expect(page.getByRole("heading", { level: 2, name: "Dining experience" })).toBeVisible();
  const five = Number(await page.getByTestId("summary-star-average").textContent());
  expect(five).toBeGreaterThanOrEqual(1);
  expect(five).toBeLessThanOrEqual(5);
  await expect(page.getByTestId("summary-nps")).toHaveText(/^-?\d+$/);
  await expect(page.getByRole("list", { name: "Answers by choice" }).first()).toContainText("Dinner");
  await scanA11y(page, "summary");

  // 1 to 10: the same answers, mapped so that 1 stays 1 and 5 becomes 10.
  await page.getByText("1 to 10", { exact: true }).click();
  await expect(page.getByText("Star average (1 to 10)")).toBeVisible();
  const ten = Number(await page.getByTestId("summary-star-average").textContent());
  expect(ten).toBeCloseTo(1 + ((five - 1) * 9) / 4, 1);

  // Download CSV asks for the scale first.
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Download CSV" }).click();
  const modal = page.getByRole("dialog", { name: "Download CSV" });
  await expect(modal.getByRole("radio", { name: "Star scale (1 to 5)" })).toBeVisible();
  await modal.getByRole("radio", { name: "NPS-style scale (1 to 10)" }).check();
  await scanA11y(page, "scale modal");
  const downloading = page.waitForEvent("download");
  await modal.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/microsurvey_responses.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trim().split("\n");
  expect(lines[0]).toContain("Question Type");
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.some((l) => l.includes("Star rating (1-5)") && l.endsWith("1-10"))).toBe(true);
  expect(lines.some((l) => l.includes("Star rating (1-5)") && l.endsWith("1-5"))).toBe(false);

  // Schedule Export opens the flyout for this microsurvey's responses; the schedule keeps the summary's 1 to 10.
  const surveyId = /\/microsurveys\/([^/]+)\/summaries/.exec(page.url())?.[1];
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Schedule Export" }).click();
  await expect(page.getByText("Microsurvey Responses").first()).toBeVisible();
  const flyout = page.getByRole("dialog", { name: "Schedule Export" });
  const name = `Dining on 1 to 10 ${Date.now().toString(36)}`;
  await flyout.getByRole("textbox", { name: "Name" }).fill(name);
  await flyout.getByRole("combobox", { name: "Recipients" }).fill("manager");
  await page.getByRole("option", { name: DEMO.manager }).click();
  await flyout.getByTestId("schedule-export-save").click();
  await expect(page.getByText("Scheduled Export saved")).toBeVisible();
  const api = await managerApi(request);
  const saved = (
    await api.get<{ _embedded: { scheduled_exports: TScheduled[] } }>(
      "/scheduled_exports?export_type=microsurvey_responses&per_page=100",
    )
  )._embedded.scheduled_exports.find((s) => s.email_subject === name);
  expect(saved).toMatchObject({ resource_id: surveyId, filters: { normalize_star_rating: true } });
  await api.delete(`/scheduled_exports/${saved?.id}`);

  // A new microsurvey, with the keyboard only.
  await page.goto("/request-reviews/microsurveys");
  await page.getByRole("button", { name: "New microsurvey" }).focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "New microsurvey" });
  await expect(form).toBeVisible();
  // The name takes the focus once the dialog has opened (typing before that lost the first letters).
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.type("Patio survey");
  await form.getByLabel("Question 1 text").focus();
  await page.keyboard.type("How was the patio?");
  await form.getByRole("button", { name: "Add question" }).focus();
  await page.keyboard.press("Enter");
  await form.getByLabel("Question 2 type").selectOption("choice");
  await form.getByLabel("Question 2 text").fill("Would you sit outside again?");
  await form.getByLabel("Question 2 choices").fill("Yes");
  await form.getByRole("button", { name: "Save microsurvey" }).click();
  await expect(form.getByText("Give between 2 and 10 choices")).toBeVisible();
  await form.getByLabel("Question 2 choices").fill("Yes\nNo");
  await form.getByRole("button", { name: "Save microsurvey" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Microsurvey saved")).toBeVisible();
  await expect(page.getByRole("link", { name: "Summary: Patio survey" })).toBeVisible();
  await page.getByRole("link", { name: "Summary: Patio survey" }).click();
  await expect(page.getByTestId("empty-state")).toHaveText("No responses yet");
});

test("a Read Only user sees the summaries but cannot create microsurveys", async ({ page }) => {
  await signIn(page, DEMO.viewer);
  await page.goto("/request-reviews/microsurveys");
  await expect(page.getByTestId("microsurvey-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "New microsurvey" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Edit microsurvey/ })).toHaveCount(0);
});
