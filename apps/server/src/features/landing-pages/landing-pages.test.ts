import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken } from "../../platform/auth.ts";
import { createLocation, createUrl, signedIn, sourceId } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { LANDING_RATE_LIMITS } from "./pages.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: "http://starboard.test" } });
});
afterAll(async () => t?.close());

const db = () => t.ctx.database.db;

async function page(path: string, init: RequestInit = {}) {
  const res = await fetch(`${t.baseUrl}${path}`, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

function post(path: string, fields: Record<string, string>) {
  return page(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The public review sites block of a page (what a visitor is offered to post publicly). */
function publicOptions(html: string) {
  const m = /<section class="sites"[\s\S]*?<\/section>/.exec(html);
  return m?.[0] ?? null;
}

/** An account with a location (public name), two review sites, Yelp (never offered) and a signed-in admin. */
async function setup(settings: Record<string, string> = {}) {
  const s = await signedIn(t, { settings });
  const location = await createLocation(t.ctx.database, s.account.id, { name: "Harbor Cafe" });
  const google = await createUrl(t.ctx.database, {
    accountId: s.account.id,
    locationId: location.id,
    source: "google",
  });
  const facebook = await createUrl(t.ctx.database, {
    accountId: s.account.id,
    locationId: location.id,
    source: "facebook",
  });
  await createUrl(t.ctx.database, { accountId: s.account.id, locationId: location.id, source: "yelp" });
  return { ...s, location, google, facebook };
}

/** A campaign request with its link's token. */
async function createRequest(
  accountId: string,
  locationId: string,
  opts: {
    selector?: string;
    contactName?: string;
    microsurveyId?: string;
    urlIds?: string[];
    status?: "sent" | "delivered" | "opened";
  } = {},
) {
  const campaign = await db()
    .insertInto("campaigns")
    .values({
      account_id: accountId,
      location_id: locationId,
      request_type: "email",
      name: "Spring",
      status: "sending",
      feedback_configuration: JSON.stringify({ selector_type: opts.selector ?? "nps" }),
      microsurvey_id: opts.microsurveyId ?? null,
      auto_select_sources: !opts.urlIds,
      url_ids: opts.urlIds ?? [],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const contact = await db()
    .insertInto("contacts")
    .values({
      account_id: accountId,
      location_id: locationId,
      name: opts.contactName ?? "Dana Customer",
      email: `c-${Math.random().toString(36).slice(2)}@example.test`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { token, hash } = newToken();
  const request = await db()
    .insertInto("requests")
    .values({
      account_id: accountId,
      campaign_id: campaign.id,
      contact_id: contact.id,
      location_id: locationId,
      channel: "email",
      token_hash: hash,
      status: opts.status ?? "sent",
      sent_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { campaign, contact, request, token };
}

const requestRow = (id: string) =>
  db().selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function feedbackReviews(locationId: string) {
  return db()
    .selectFrom("reviews")
    .selectAll()
    .where("location_id", "=", locationId)
    .where("source_id", "=", await sourceId(t.ctx.database, "feedback"))
    .execute();
}

describe("the location's landing pages", () => {
  it("renders each kind server-side, light, under a strict policy, with the review sites and no inline script", async () => {
    const { location } = await setup();
    for (const kind of ["nps", "stars", "thumbs", "faces", "review_request"]) {
      const res = await page(`/feedback/${location.id}/${kind}`);
      expect(res.status, kind).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.html).toContain("<h1>Harbor Cafe</h1>");
      expect(res.html).not.toContain("<script");
      expect(res.html).toContain(`<form method="post" action="/feedback/${location.id}/${kind}"`);
      expect(gzipSync(res.html).length, kind).toBeLessThan(30 * 1024);
      const sites = publicOptions(res.html)!;
      expect(sites).toContain("Review us on Google");
      expect(sites).toContain("Review us on Facebook");
      expect(sites).not.toContain("Yelp");
    }
    const nps = await page(`/feedback/${location.id}/nps`);
    expect(nps.html).toContain("How likely are you to recommend Harbor Cafe to a friend or colleague?");
    expect((nps.html.match(/name="score"/g) ?? []).length).toBe(11);
    const stars = await page(`/feedback/${location.id}/stars`);
    expect((stars.html.match(/name="score"/g) ?? []).length).toBe(5);
    const thumbs = await page(`/feedback/${location.id}/thumbs`);
    expect((thumbs.html.match(/name="score"/g) ?? []).length).toBe(2);
    const faces = await page(`/feedback/${location.id}/faces`);
    expect(faces.html).toContain("Very unhappy");
    const rr = await page(`/feedback/${location.id}/review_request`);
    expect(rr.html).not.toContain('name="score"');
    expect((await page(`/feedback/${location.id}/kiosk`)).headers.get("location")).toBe(`/kiosk/${location.id}`);
  });

  it("renders the kiosk full screen with QR codes and only its own hashed script", async () => {
    const { location } = await setup();
    const res = await page(`/kiosk/${location.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.html).toContain('class="kiosk"');
    expect(res.html).toContain('data-idle="60"');
    expect(res.html).toContain('autocomplete="off"');
    const sites = publicOptions(res.html)!;
    expect((sites.match(/<svg /g) ?? []).length).toBe(2);
    expect(sites).toContain('aria-label="QR code: review us on Google"');
    expect(gzipSync(res.html).length).toBeLessThan(30 * 1024);

    const answered = await post(`/kiosk/${location.id}`, { score: "4", comment: "Quick and friendly", name: "Sam" });
    expect(answered.status).toBe(200);
    expect(answered.html).toContain("Thank you for your feedback!");
    expect(answered.html).toContain('data-idle="20"');
    expect(answered.html).not.toContain("Quick and friendly");
    expect(answered.html).not.toContain("Sam");
    const [review] = await feedbackReviews(location.id);
    expect(review).toMatchObject({ rating: 4, content: "Quick and friendly", author_name: "Sam" });
  });

  it("turns an answer into a feedback review seen in /api/reviews and counted in the metrics", async () => {
    const { location, client, account } = await setup();
    const res = await post(`/feedback/${location.id}/stars`, { score: "2", comment: "Cold coffee, slow service" });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Thank you for your feedback!");
    const reviews = await client.get<{
      _embedded: { reviews: { source_name: string; rating: number; content: string }[] };
    }>(`/api/reviews?location_id=${location.id}`);
    expect(reviews.status).toBe(200);
    expect(reviews.body._embedded.reviews).toEqual([
      expect.objectContaining({ source_name: "Starboard Feedback", rating: 2, content: "Cold coffee, slow service" }),
    ]);
    // Days are the account's: a day either side of the UTC date holds its today at any hour and time zone.
    const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const metrics = await client.get<{ total_reviews: number; avg_rating: number }>(
      `/api/metrics/${account.id}/overview?published_after=${utcDay(-1)}&published_before=${utcDay(1)}&location_id=${location.id}`,
    );
    expect(metrics.body).toMatchObject({ total_reviews: 1, avg_rating: 2 });
    // The new review goes to the instant alerts, as a synced one does.
    const [stored] = await feedbackReviews(location.id);
    const jobs = await sql<{ data: { reviewIds: string[] } }>`
      SELECT data FROM pgboss.job WHERE name = 'alerts.instant' AND data->'reviewIds' ? ${stored!.id}`.execute(db());
    expect(jobs.rows).toHaveLength(1);

    // NPS 0-10 becomes 1-5 stars; thumbs a recommendation.
    await post(`/feedback/${location.id}/nps`, { score: "9" });
    await post(`/feedback/${location.id}/thumbs`, { score: "0" });
    const rows = await feedbackReviews(location.id);
    expect(rows.map((r) => [r.rating, r.recommendation]).sort()).toEqual([
      [1, "negative"],
      [2, null],
      [5, null],
    ]);
  });

  it("asks again, keeping what was typed, when no rating was chosen", async () => {
    const { location } = await setup();
    const res = await post(`/feedback/${location.id}/nps`, { comment: "Forgot the score" });
    expect(res.status).toBe(400);
    expect(res.html).toContain("Please choose a rating.");
    expect(res.html).toContain("Forgot the score");
    const written = await post(`/feedback/${location.id}/review_request`, { comment: " " });
    expect(written.status).toBe(400);
    expect(written.html).toContain("Please write your feedback.");
    expect(await feedbackReviews(location.id)).toHaveLength(0);
  });

  it("shows a friendly 404 page for unknown locations and kinds", async () => {
    const { location } = await setup();
    for (const path of [
      "/feedback/00000000-0000-4000-8000-000000000000/nps",
      "/feedback/not-a-uuid/nps",
      `/feedback/${location.id}/bogus`,
      "/kiosk/00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain("Page not found");
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
    expect((await post("/feedback/00000000-0000-4000-8000-000000000000/nps", { score: "5" })).status).toBe(404);
  });

  it("limits answers per client and page (429 page)", async () => {
    const { location } = await setup();
    for (let i = 0; i < LANDING_RATE_LIMITS.answers; i++) {
      expect((await post(`/feedback/${location.id}/thumbs`, { score: "1" })).status).toBe(200);
    }
    const limited = await post(`/feedback/${location.id}/thumbs`, { score: "1" });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain("Too many requests");
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await feedbackReviews(location.id)).toHaveLength(LANDING_RATE_LIMITS.answers);
    // Another page is counted apart.
    expect((await page(`/feedback/${location.id}/stars`)).status).toBe(200);
  });
});

describe("a request's page (/r/{token})", () => {
  it("marks the request clicked, records a one-tap score as the contact's review, and completes the request", async () => {
    const { location, client } = await setup();
    const { request, token, campaign } = await createRequest(location.account_id, location.id, {
      contactName: "Dana Customer",
    });
    const view = await page(`/r/${token}`);
    expect(view.status).toBe(200);
    expect(view.html).toContain("How likely are you to recommend Harbor Cafe");
    expect(view.html).not.toContain('id="name"');
    expect(await requestRow(request.id)).toMatchObject({ status: "clicked", completed_at: null });

    const tapped = await page(`/r/${token}?score=9`);
    expect(tapped.status).toBe(200);
    expect(tapped.html).toContain("Thank you for your feedback!");
    const done = await requestRow(request.id);
    expect(done).toMatchObject({ status: "completed", score: 9 });
    expect(done.completed_at).toBeInstanceOf(Date);
    expect(done.review_id).toBeTruthy();
    expect(done.campaign_id).toBe(campaign.id);
    const [review] = await feedbackReviews(location.id);
    expect(review).toMatchObject({
      id: done.review_id,
      rating: 5,
      author_name: "Dana Customer",
      source_review_id: `request:${request.id}`,
    });

    // Answering again updates the same review and request.
    const again = await post(`/r/${token}`, { score: "3", comment: "Actually the wait was long" });
    expect(again.status).toBe(200);
    const reviews = await feedbackReviews(location.id);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ id: done.review_id, rating: 2, content: "Actually the wait was long" });
    expect(await requestRow(request.id)).toMatchObject({ status: "completed", score: 3, review_id: done.review_id });
    expect((await requestRow(request.id)).completed_at?.getTime()).toBe(done.completed_at?.getTime());
    const listed = await client.get<{ _embedded: { reviews: { id: string; author_name: string }[] } }>(
      `/api/reviews?location_id=${location.id}`,
    );
    expect(listed.body._embedded.reviews.map((r) => [r.id, r.author_name])).toEqual([
      [done.review_id, "Dana Customer"],
    ]);

    // Coming back shows the answer, ready to change.
    const back = await page(`/r/${token}`);
    expect(back.html).toContain("Change your answer");
    expect(back.html).toContain("Actually the wait was long");
  });

  it("offers the same public review sites, in the same order, to a customer rating 1 and one rating 5", async () => {
    const { location } = await setup();
    for (const selector of ["stars", "smiley", "nps", "thumbs"]) {
      const low = await createRequest(location.account_id, location.id, { selector });
      const high = await createRequest(location.account_id, location.id, { selector });
      const [lo, hi] = selector === "thumbs" ? ["0", "1"] : selector === "nps" ? ["1", "10"] : ["1", "5"];
      const before = publicOptions((await page(`/r/${low.token}`)).html);
      const tappedLow = await page(`/r/${low.token}?score=${lo}`);
      const tappedHigh = await page(`/r/${high.token}?score=${hi}`);
      expect(publicOptions(tappedLow.html), selector).not.toBeNull();
      expect(publicOptions(tappedLow.html), selector).toBe(publicOptions(tappedHigh.html));
      expect(publicOptions(tappedLow.html), selector).toBe(before);
      // Private feedback is offered beside them, never instead.
      expect(tappedLow.html).toContain("Change your answer");
      expect(tappedHigh.html).toContain("Change your answer");
      const postedLow = await post(`/r/${low.token}`, { score: lo! });
      const postedHigh = await post(`/r/${high.token}`, { score: hi! });
      expect(publicOptions(postedLow.html)).toBe(publicOptions(postedHigh.html));
      expect(publicOptions(postedLow.html)).toBe(before);
    }
    // The location pages too.
    const one = await post(`/feedback/${location.id}/stars`, { score: "1" });
    const five = await post(`/feedback/${location.id}/stars`, { score: "5" });
    expect(publicOptions(one.html)).toBe(publicOptions(five.html));
    const sites = publicOptions(one.html)!;
    expect(sites.indexOf("Google")).toBeLessThan(sites.indexOf("Facebook"));
  });

  it("asks for a name when the contact has none, and uses the campaign's chosen sites", async () => {
    const { location, facebook } = await setup();
    const { token, request } = await createRequest(location.account_id, location.id, {
      contactName: "",
      selector: "thumbs",
      urlIds: [facebook.id],
    });
    const view = await page(`/r/${token}`);
    expect(view.html).toContain('id="name"');
    const sites = publicOptions(view.html)!;
    expect(sites).toContain("Facebook");
    expect(sites).not.toContain("Google");
    await post(`/r/${token}`, { score: "1", name: "Lee" });
    const row = await requestRow(request.id);
    const [review] = await feedbackReviews(location.id);
    expect(review).toMatchObject({ id: row.review_id, author_name: "Lee", rating: 5, recommendation: "positive" });
  });

  it("renders a microsurvey's questions and stores its response", async () => {
    const { location, account } = await setup({ microsurveys: "true" });
    const survey = await db()
      .insertInto("microsurveys")
      .values({ account_id: account.id, name: "Visit" })
      .returningAll()
      .executeTakeFirstOrThrow();
    const questions = await db()
      .insertInto("microsurvey_questions")
      .values([
        { microsurvey_id: survey.id, position: 1, kind: "star", text: "Rate the food", required: true },
        { microsurvey_id: survey.id, position: 2, kind: "nps", text: "Would you recommend us?" },
        {
          microsurvey_id: survey.id,
          position: 3,
          kind: "choice",
          text: "How did you hear of us?",
          choices: JSON.stringify(["Friend", "Online"]),
        },
        { microsurvey_id: survey.id, position: 4, kind: "text", text: "Anything else?" },
      ])
      .returningAll()
      .execute();
    const [food, nps, choice, free] = questions.sort((a, b) => a.position - b.position);
    const { token, request } = await createRequest(account.id, location.id, {
      selector: "microsurvey",
      microsurveyId: survey.id,
    });
    const view = await page(`/r/${token}`);
    expect(view.html).toContain("Rate the food (required)");
    expect(view.html).toContain("How did you hear of us?");
    expect(view.html).toContain(`name="q_${free!.id}"`);

    const missing = await post(`/r/${token}`, { [`q_${nps!.id}`]: "8" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Please answer: Rate the food");

    const ok = await post(`/r/${token}`, {
      [`q_${food!.id}`]: "4",
      [`q_${nps!.id}`]: "8",
      [`q_${choice!.id}`]: "Friend",
      [`q_${free!.id}`]: "Lovely patio",
    });
    expect(ok.status).toBe(200);
    const response = await db()
      .selectFrom("microsurvey_responses")
      .selectAll()
      .where("request_id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(response.answers).toEqual({
      [food!.id]: 4,
      [nps!.id]: 8,
      [choice!.id]: "Friend",
      [free!.id]: "Lovely patio",
    });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: "completed", review_id: response.review_id });
    const [review] = await feedbackReviews(location.id);
    expect(review).toMatchObject({ rating: 4 });
    expect(review!.content).toContain("Anything else?: Lovely patio");

    await post(`/r/${token}`, { [`q_${food!.id}`]: "2" });
    const responses = await db()
      .selectFrom("microsurvey_responses")
      .selectAll()
      .where("request_id", "=", request.id)
      .execute();
    expect(responses).toHaveLength(1);
    expect(responses[0]!.answers).toEqual({ [food!.id]: 2 });
    expect(await feedbackReviews(location.id)).toHaveLength(1);
  });

  it("answers unknown tokens with the 404 page, and never shows another account's data", async () => {
    const a = await setup();
    const b = await setup();
    for (const path of ["/r/unknown-token-unknown-token-1234", "/r/x", `/r/${newToken().token}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain("Page not found");
    }
    expect((await post(`/r/${newToken().token}`, { score: "5" })).status).toBe(404);

    // A request of account B naming account A's location, or A's review sites, shows nothing of A.
    const crossed = await createRequest(b.account.id, a.location.id);
    expect((await page(`/r/${crossed.token}`)).status).toBe(404);
    const bLocation = await createLocation(t.ctx.database, b.account.id, { name: "Bay Bistro" });
    const foreignSites = await createRequest(b.account.id, bLocation.id, { urlIds: [a.google.id, a.facebook.id] });
    const res = await page(`/r/${foreignSites.token}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain("Bay Bistro");
    expect(res.html).not.toContain("Harbor Cafe");
    expect(res.html).not.toContain(a.google.link);
    expect(publicOptions(res.html)).toBeNull();
    await post(`/r/${foreignSites.token}`, { score: "5" });
    expect(await feedbackReviews(a.location.id)).toHaveLength(0);
  });
});

describe("request_page (the account's landing page settings)", () => {
  it("reads empty settings, saves them, shows them on the pages, and rejects bad fields", async () => {
    const { client, account, location } = await setup();
    const empty = await client.get("/api/request_page");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ id: null, account_id: account.id, contact_email: null, logo_url: null });

    const saved = await client.put("/api/request_page", {
      contact_email: "hello@harbor.example",
      contact_number: "(512) 555-0100",
      logo_url: "https://cdn.example/logo.png",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      contact_email: "hello@harbor.example",
      contact_number: "(512) 555-0100",
      logo_url: "https://cdn.example/logo.png",
    });
    expect(saved.body.id).toBeTruthy();
    expect((await client.get("/api/request_page")).body).toMatchObject({ id: saved.body.id });

    const html = (await page(`/feedback/${location.id}/stars`)).html;
    expect(html).toContain('<img src="https://cdn.example/logo.png" alt="Harbor Cafe logo">');
    expect(html).toContain('href="mailto:hello@harbor.example"');
    expect(html).toContain('href="tel:5125550100"');

    for (const [field, value, message] of [
      ["contact_email", "not-an-email", "Enter a valid email address"],
      ["contact_number", "12", "Enter a valid phone number"],
      ["logo_url", "http://cdn.example/logo.png", "Enter a valid https:// image address"],
      ["logo_url", "javascript:alert(1)", "Enter a valid https:// image address"],
    ] as const) {
      const bad = await client.put<{ errors: Record<string, string> }>("/api/request_page", { [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body.errors[field]).toBe(message);
    }
    const cleared = await client.put("/api/request_page", { logo_url: "" });
    expect(cleared.body).toMatchObject({ logo_url: null, contact_email: "hello@harbor.example" });
  });

  it("needs a session, campaign update to save, the ask setting, and answers 404 for another account", async () => {
    const { client } = await setup();
    const other = await setup();
    expect((await new Client(t.baseUrl).get("/api/request_page")).status).toBe(401);
    expect((await client.get(`/api/request_page?account_id=${other.account.id}`)).status).toBe(404);
    expect(
      (await client.put("/api/request_page", { account_id: other.account.id, contact_email: "a@b.co" })).status,
    ).toBe(404);
    const readOnly = await signedIn(t, { type: "read_only" });
    expect((await readOnly.client.get("/api/request_page")).status).toBe(200);
    expect((await readOnly.client.put("/api/request_page", { contact_email: "a@b.co" })).status).toBe(403);
    const noAsk = await signedIn(t, { settings: { ask: "false" } });
    expect((await noAsk.client.get("/api/request_page")).status).toBe(403);
  });
});
