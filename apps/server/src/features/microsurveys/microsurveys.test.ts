import { randomUUID } from "node:crypto";
import fs from "node:fs";
import {
  MICROSURVEY_MESSAGES as M,
  type TMicrosurvey,
  type TMicrosurveySummary,
} from "@starboard/contract/microsurveys";
import type { TRequestOverview } from "@starboard/contract/request-overview";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { type Client, startTestApp, type TestApp } from "../../test/harness.ts";

type ErrorBody = { errors: Record<string, string>; error?: string };
type ExportFile = { id: number; status: string; file_url: string | null; row_count: number };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
const ON = { microsurveys: "true", nps_score: "true" };

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: "http://starboard.test" } });
  owner = await signedIn(t, { settings: ON });
});
afterAll(async () => t?.close());

const QUESTIONS = [
  { kind: "star", text: "How was your visit?", required: true },
  { kind: "nps", text: "How likely are you to recommend us?" },
  { kind: "choice", text: "What did you order?", choices: ["Breakfast", "Lunch", "Dinner"] },
  { kind: "text", text: "Anything else?" },
];

async function createSurvey(client: Client, body: Record<string, unknown> = {}) {
  const res = await client.post<TMicrosurvey>("/api/microsurveys", {
    name: "Visit survey",
    questions: QUESTIONS,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A response as the landing page stores it: question id → answer. */
async function respond(
  survey: TMicrosurvey,
  answers: (number | string | undefined)[],
  opts: { at?: Date; locationId?: string; contactId?: string } = {},
) {
  const values: Record<string, number | string> = {};
  survey.questions.forEach((q, i) => {
    if (answers[i] !== undefined) values[q.id] = answers[i]!;
  });
  await t.ctx.database.db
    .insertInto("microsurvey_responses")
    .values({
      account_id: survey.account_id,
      microsurvey_id: survey.id,
      location_id: opts.locationId ?? null,
      contact_id: opts.contactId ?? null,
      answers: JSON.stringify(values),
      ...(opts.at ? { created_at: opts.at } : {}),
    })
    .execute();
}

describe("microsurveys CRUD", () => {
  it("creates, lists, reads, changes and deletes a microsurvey with its questions", async () => {
    const survey = await createSurvey(owner.client, { normalize_star_rating: 10 });
    expect(survey).toMatchObject({
      name: "Visit survey",
      isStarRatingQuestion: true,
      normalize_star_rating: 10,
      response_count: 0,
      _links: { summaries: { href: `/request-reviews/microsurveys/${survey.id}/summaries` } },
    });
    expect(survey.questions.map((q) => [q.position, q.kind, q.choices.length])).toEqual([
      [1, "star", 0],
      [2, "nps", 0],
      [3, "choice", 3],
      [4, "text", 0],
    ]);

    const list = await owner.client.get<{ _embedded: { microsurveys: TMicrosurvey[] }; _total: number }>(
      "/api/microsurveys?keywords=visit",
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.microsurveys.map((s) => s.id)).toContain(survey.id);

    // Questions sent with their id keep it (and their answers); the others go; new ones come.
    const [star, , choice] = survey.questions;
    const patched = await owner.client.patch<TMicrosurvey>(`/api/microsurveys/${survey.id}`, {
      name: "  Dinner survey ",
      questions: [
        { id: choice!.id, kind: "choice", text: "What did you have?", choices: ["Soup", "Steak"] },
        { kind: "text", text: "Tell us more" },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe("Dinner survey");
    expect(patched.body.isStarRatingQuestion).toBe(false);
    expect(patched.body.questions.map((q) => [q.id === choice!.id, q.position, q.text])).toEqual([
      [true, 1, "What did you have?"],
      [false, 2, "Tell us more"],
    ]);
    expect(patched.body.questions.some((q) => q.id === star!.id)).toBe(false);

    expect((await owner.client.get(`/api/microsurveys/${survey.id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/microsurveys/${survey.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/microsurveys/${survey.id}`)).status).toBe(404);
    const after = await owner.client.get<{ _embedded: { microsurveys: TMicrosurvey[] } }>("/api/microsurveys");
    expect(after.body._embedded.microsurveys.map((s) => s.id)).not.toContain(survey.id);
  });

  it("answers 400 with the field and the message for bad input", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: " " }, "name", M.nameRequired],
      [{ name: "x".repeat(101) }, "name", M.nameTooLong],
      [{ questions: [] }, "questions", M.questionsRequired],
      [{ questions: Array.from({ length: 11 }, () => QUESTIONS[0]) }, "questions", M.questionsTooMany],
      [{ questions: [{ kind: "slider", text: "?" }] }, "questions.0.kind", M.kindInvalid],
      [{ questions: [{ kind: "star", text: "  " }] }, "questions.0.text", M.textRequired],
      [{ questions: [{ kind: "star", text: "x".repeat(301) }] }, "questions.0.text", M.textTooLong],
      [{ questions: [{ kind: "choice", text: "Pick", choices: ["Only"] }] }, "questions.0.choices", M.choicesRequired],
      [{ questions: [{ kind: "choice", text: "Pick", choices: ["A", "a"] }] }, "questions.0.choices", M.choiceInvalid],
      [{ questions: [{ id: randomUUID(), kind: "star", text: "?" }] }, "questions.0.id", M.questionUnknown],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.client.post<ErrorBody>("/api/microsurveys", {
        name: "Survey",
        questions: QUESTIONS,
        ...body,
      });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    const scale = await owner.client.post<ErrorBody>("/api/microsurveys", {
      name: "Survey",
      questions: QUESTIONS,
      normalize_star_rating: 7,
    });
    expect(scale.status).toBe(400);
    expect(scale.body.errors).toHaveProperty("normalize_star_rating");
    const survey = await createSurvey(owner.client);
    const badSummary = await owner.client.get<ErrorBody>(`/api/microsurveys/${survey.id}/summaries?from=2026-13-01`);
    expect(badSummary.status).toBe(400);
    expect(badSummary.body.errors).toHaveProperty("from");
  });

  it("is gated by the microsurveys setting, nps_score for NPS questions, and the permissions", async () => {
    const off = await signedIn(t);
    expect((await off.client.get<ErrorBody>("/api/microsurveys")).status).toBe(403);
    const denied = await off.client.post<ErrorBody>("/api/microsurveys", { name: "S", questions: QUESTIONS });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(M.off);

    const noNps = await signedIn(t, { settings: { microsurveys: "true", nps_score: "false" } });
    const nps = await noNps.client.post<ErrorBody>("/api/microsurveys", { name: "S", questions: QUESTIONS });
    expect(nps.status).toBe(403);
    expect(nps.body.error).toBe(M.npsOff);
    const withoutNps = await createSurvey(noNps.client, { questions: [QUESTIONS[0], QUESTIONS[2]] });
    expect(withoutNps.questions).toHaveLength(2);
    // A survey made while NPS was on keeps its question, but its NPS results are not shown.
    await t.ctx.database.db
      .insertInto("microsurvey_questions")
      .values({ microsurvey_id: withoutNps.id, position: 3, kind: "nps", text: "Recommend?", choices: "[]" })
      .execute();
    const reread = (await noNps.client.get<TMicrosurvey>(`/api/microsurveys/${withoutNps.id}`)).body;
    await respond(reread, [5, "Lunch", 10]);
    const summary = await noNps.client.get<TMicrosurveySummary>(`/api/microsurveys/${withoutNps.id}/summaries`);
    expect(summary.status).toBe(200);
    expect(summary.body.nps).toBeNull();
    expect(summary.body.questions[2]).toMatchObject({ kind: "nps", nps: null, answered: 0 });
    expect(summary.body.questions[2]).not.toHaveProperty("distribution");

    // REQUEST read reads; only template writers (Managers, Admins) write.
    const survey = await createSurvey(owner.client);
    for (const type of ["read_only", "user", "limited_user"] as const) {
      const user = await createUser(t.ctx.database, owner.account.id, { type });
      const client = await clientFor(t, user);
      expect((await client.get(`/api/microsurveys/${survey.id}`)).status).toBe(200);
      expect((await client.get(`/api/microsurveys/${survey.id}/summaries`)).status).toBe(200);
      expect((await client.post("/api/microsurveys", { name: "S", questions: QUESTIONS })).status).toBe(403);
      expect((await client.patch(`/api/microsurveys/${survey.id}`, { name: "Mine" })).status).toBe(403);
      expect((await client.delete(`/api/microsurveys/${survey.id}`)).status).toBe(403);
    }
    const manager = await clientFor(t, await createUser(t.ctx.database, owner.account.id, { type: "manager" }));
    expect((await manager.patch(`/api/microsurveys/${survey.id}`, { name: "Managed" })).status).toBe(200);
  });

  it("answers 404 for another account's microsurveys and ids that are not", async () => {
    const survey = await createSurvey(owner.client);
    const stranger = await signedIn(t, { settings: ON });
    for (const path of [`/api/microsurveys/${survey.id}`, `/api/microsurveys/${survey.id}/summaries`]) {
      expect((await stranger.client.get(path)).status).toBe(404);
    }
    expect((await stranger.client.patch(`/api/microsurveys/${survey.id}`, { name: "Mine" })).status).toBe(404);
    expect((await stranger.client.delete(`/api/microsurveys/${survey.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/microsurveys?account_id=${owner.account.id}`)).status).toBe(404);
    expect((await owner.client.get("/api/microsurveys/not-an-id")).status).toBe(404);
    // Another survey's question id is not this survey's.
    const mine = await createSurvey(stranger.client);
    const res = await owner.client.patch<ErrorBody>(`/api/microsurveys/${survey.id}`, {
      questions: [{ id: mine.questions[0]!.id, kind: "star", text: "?" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors["questions.0.id"]).toBe(M.questionUnknown);
  });
});

describe("microsurvey summaries", () => {
  let survey: TMicrosurvey;
  let location: { id: string; name: string };
  beforeAll(async () => {
    survey = await createSurvey(owner.client);
    location = await createLocation(t.ctx.database, owner.account.id, { name: "Harbor Street" });
    const recent = new Date(Date.now() - 2 * 86_400_000);
    // star, nps, choice, text
    const rows: (number | string | undefined)[][] = [
      [5, 10, "Dinner", "Lovely evening"],
      [4, 9, "Dinner", "Great soup"],
      [3, 8, "Lunch", undefined],
      [5, 7, "Breakfast", "  "],
      [1, 6, "Dinner", "Too loud"],
      [undefined, 0, "Brunch", undefined],
      [undefined, 10, undefined, "Will come back"],
    ];
    for (const [i, answers] of rows.entries())
      await respond(survey, answers, { at: new Date(recent.getTime() - i * 60_000), locationId: location.id });
    // Outside the range: a year ago.
    await respond(survey, [1, 0, "Lunch", "Old news"], { at: new Date(Date.now() - 400 * 86_400_000) });
  });

  it("gives each question's results, the NPS and the star average on 1 to 5", async () => {
    const res = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?dateDescriptor=sixMonths&text_per_page=2`,
    );
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.response_count).toBe(7);
    expect(s.scale).toBe(5);
    // Stars 5, 4, 3, 5, 1: 18 / 5.
    expect(s.star_average).toBe(3.6);
    const [star, nps, choice, text] = s.questions;
    expect(star).toMatchObject({ answered: 5, average: 3.6 });
    expect(star!.distribution).toEqual([
      { value: 1, count: 1 },
      { value: 2, count: 0 },
      { value: 3, count: 1 },
      { value: 4, count: 1 },
      { value: 5, count: 2 },
    ]);
    // 10, 9, 8, 7, 6, 0, 10: promoters 3, passives 2, detractors 2 of 7 → 100 × 1/7 ≈ 14.
    expect(nps!.nps).toEqual({ score: 14, promoters: 3, passives: 2, detractors: 2 });
    expect(s.nps).toBe(14);
    expect(nps!.distribution!.find((d) => d.value === 10)!.count).toBe(2);
    // Brunch is not a choice (any more): it counts as Other.
    expect(choice!.choices).toEqual([
      { choice: "Breakfast", count: 1, percent: 16.7 },
      { choice: "Lunch", count: 1, percent: 16.7 },
      { choice: "Dinner", count: 3, percent: 50 },
      { choice: "Other", count: 1, percent: 16.7 },
    ]);
    // Blank answers are no answers; newest first, two per page.
    expect(text!.answers).toMatchObject({ total: 4, page: 1, per_page: 2, total_pages: 2 });
    expect(text!.answers!.items.map((a) => [a.text, a.location])).toEqual([
      ["Lovely evening", "Harbor Street"],
      ["Great soup", "Harbor Street"],
    ]);
    const page2 = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?dateDescriptor=sixMonths&text_per_page=2&text_page=2`,
    );
    expect(page2.body.questions[3]!.answers!.items.map((a) => a.text)).toEqual(["Too loud", "Will come back"]);
  });

  it("puts the star average on 1 to 10 when asked (1 stays 1, 5 becomes 10), or by the survey's own scale", async () => {
    const ten = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?dateDescriptor=sixMonths&normalize_star_rating=10`,
    );
    // 1 + (3.6 − 1) × 9/4 = 6.85
    expect(ten.body.scale).toBe(10);
    expect(ten.body.star_average).toBe(6.85);
    expect(ten.body.questions[0]!.average).toBe(6.85);
    expect(
      (
        await owner.client.get<TMicrosurveySummary>(
          `/api/microsurveys/${survey.id}/summaries?normalize_star_rating=true`,
        )
      ).body.scale,
    ).toBe(10);
    await owner.client.patch(`/api/microsurveys/${survey.id}`, { normalize_star_rating: 10 });
    const own = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?dateDescriptor=sixMonths`,
    );
    expect(own.body.scale).toBe(10);
    expect(own.body.star_average).toBe(6.85);
    // All time includes last year's response (one more 1-star): 19 / 6.
    const all = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?normalize_star_rating=5`,
    );
    expect(all.body.response_count).toBe(8);
    expect(all.body.star_average).toBe(3.17);
    await owner.client.patch(`/api/microsurveys/${survey.id}`, { normalize_star_rating: 5 });
    // The location narrows.
    const elsewhere = await owner.client.get<TMicrosurveySummary>(
      `/api/microsurveys/${survey.id}/summaries?location_id=${randomUUID()}`,
    );
    expect(elsewhere.body.response_count).toBe(0);
    expect(elsewhere.body.star_average).toBeNull();
    expect(elsewhere.body.nps).toBeNull();
  });

  it("exports the responses as CSV (microsurvey_responses) on the chosen scale", async () => {
    const exportCsv = async (filters: Record<string, unknown>) => {
      const created = await owner.client.post<ExportFile>(`/api/export_files/${owner.account.id}`, {
        resource: "microsurvey_responses",
        resource_id: survey.id,
        filters,
      });
      expect(created.status).toBe(201);
      let file = created.body;
      for (let i = 0; i < 120 && (file.status === "pending" || file.status === "processing"); i++) {
        await new Promise((r) => setTimeout(r, 250));
        file = (await owner.client.get<ExportFile>(`/api/export_files/${file.id}`)).body;
      }
      expect(file.status).toBe("done");
      const u = new URL(file.file_url!);
      const res = await fetch(`${t.baseUrl}${u.pathname}${u.search}`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${owner.credentials.email}:${owner.credentials.token}`).toString("base64")}`,
        },
      });
      expect(res.status).toBe(200);
      return parse(await res.text(), { columns: true }) as Record<string, string>[];
    };
    const five = await exportCsv({ dateDescriptor: "sixMonths" });
    // 5 stars + 7 nps + 6 choices + 4 texts.
    expect(five).toHaveLength(22);
    expect(Object.keys(five[0]!)).toEqual([
      "Response ID",
      "Submitted At",
      "Microsurvey",
      "Location",
      "Customer",
      "Customer Email",
      "Customer Phone",
      "Question Number",
      "Question",
      "Question Type",
      "Answer",
      "Scale",
    ]);
    const stars = (rows: Record<string, string>[]) =>
      rows.filter((r) => r["Question Number"] === "1").map((r) => [r.Answer, r.Scale]);
    expect(stars(five)).toEqual([
      ["5", "1-5"],
      ["4", "1-5"],
      ["3", "1-5"],
      ["5", "1-5"],
      ["1", "1-5"],
    ]);
    expect(five[0]).toMatchObject({
      Microsurvey: "Visit survey",
      Location: "Harbor Street",
      Question: "How was your visit?",
    });
    const ten = await exportCsv({ dateDescriptor: "sixMonths", normalize_star_rating: "true" });
    expect(stars(ten)).toEqual([
      ["10", "1-10"],
      ["7.75", "1-10"],
      ["5.5", "1-10"],
      ["10", "1-10"],
      ["1", "1-10"],
    ]);
    expect(ten.filter((r) => r["Question Type"] === "NPS (0-10)").map((r) => r.Answer)).toEqual([
      "10",
      "9",
      "8",
      "7",
      "6",
      "0",
      "10",
    ]);
    // Another account's microsurvey exports nothing; a missing one is a 400.
    const stranger = await signedIn(t, { settings: ON });
    const foreign = await stranger.client.post<ExportFile>(`/api/export_files/${stranger.account.id}`, {
      resource: "microsurvey_responses",
      resource_id: survey.id,
    });
    expect(foreign.status).toBe(201);
    let file = foreign.body;
    for (let i = 0; i < 120 && (file.status === "pending" || file.status === "processing"); i++) {
      await new Promise((r) => setTimeout(r, 250));
      file = (await stranger.client.get<ExportFile>(`/api/export_files/${file.id}`)).body;
    }
    expect(file.status).toBe("no_results");
    const missing = await owner.client.post<ErrorBody>(`/api/export_files/${owner.account.id}`, {
      resource: "microsurvey_responses",
    });
    expect(missing.status).toBe(400);
    const off = await signedIn(t);
    expect(
      (
        await off.client.post(`/api/export_files/${off.account.id}`, {
          resource: "microsurvey_responses",
          resource_id: survey.id,
        })
      ).status,
    ).toBe(403);
  });
});

describe("scheduled microsurvey exports", () => {
  /** A survey on this scale with two responses (stars 4 and 2), three and four days ago. */
  async function answeredSurvey(me: Awaited<ReturnType<typeof signedIn>>, scale: 5 | 10) {
    const survey = await createSurvey(me.client, { normalize_star_rating: scale });
    await respond(survey, [4, 9, "Lunch", "Nice"], { at: new Date(Date.now() - 3 * 86_400_000) });
    await respond(survey, [2, 3, "Dinner", undefined], { at: new Date(Date.now() - 4 * 86_400_000) });
    return survey;
  }

  let runs = 0;

  /** Creates a daily scheduled export of the survey with these filters, runs it, and reads its file's rows. */
  async function scheduledRows(me: Awaited<ReturnType<typeof signedIn>>, surveyId: string, filters: object) {
    const created = await me.client.post<{ id: string; next_run_at: string }>("/api/scheduled_exports", {
      export_type: "microsurvey_responses",
      resource_id: surveyId,
      email_subject: "Survey answers",
      email_frequency: "daily",
      scheduled_time: "13:00",
      date_range_legend: "thirtyDays",
      recipient_user_ids: [me.user.id],
      filters,
    });
    expect(created.status).toBe(201);
    // Each call a minute later than the last: the minute's dispatch schedule has fired for the instants before.
    runs += 1;
    const fired = await t.ctx.jobs.runDue(new Date(new Date(created.body.next_run_at).getTime() + runs * 60_000));
    for (const f of fired) await t.ctx.jobs.waitFor(f.job, f.id!, { timeoutMs: 60_000 });
    let run: { row_count: number | null; file_path: string | null } | undefined;
    for (let i = 0; i < 120 && !run?.file_path; i++) {
      run = await t.ctx.database.db
        .selectFrom("scheduled_export_runs")
        .select(["row_count", "file_path"])
        .where("scheduled_export_id", "=", created.body.id)
        .executeTakeFirst();
      if (!run?.file_path) await new Promise((r) => setTimeout(r, 250));
    }
    // Two responses of four answers and three (no text): 7 rows.
    expect(run?.row_count).toBe(7);
    const rows = parse(fs.readFileSync(run!.file_path!, "utf8"), { columns: true }) as Record<string, string>[];
    return rows.filter((r) => r["Question Number"] === "1").map((r) => [r.Answer, r.Scale]);
  }

  it("a scheduled microsurvey_responses export writes this microsurvey's answers on its scale", async () => {
    const me = await signedIn(t, { settings: ON });
    const survey = await answeredSurvey(me, 10);
    // Stars on the survey's own 1-10 scale.
    expect(await scheduledRows(me, survey.id, {})).toEqual([
      ["7.75", "1-10"],
      ["3.25", "1-10"],
    ]);
  });

  it.each([
    {
      own: 10 as const,
      filter: false,
      rows: [
        ["4", "1-5"],
        ["2", "1-5"],
      ],
    },
    {
      own: 5 as const,
      filter: true,
      rows: [
        ["7.75", "1-10"],
        ["3.25", "1-10"],
      ],
    },
  ])(
    "a scheduled export's normalize_star_rating $filter (the summary's scale) outweighs the microsurvey's own 1-$own",
    async ({ own, filter, rows }) => {
      const me = await signedIn(t, { settings: ON });
      const survey = await answeredSurvey(me, own);
      expect(await scheduledRows(me, survey.id, { normalize_star_rating: filter })).toEqual(rows);
    },
  );
});

describe("request overview", () => {
  it("counts the funnel from sent to completed and the reviews from requests by source and location", async () => {
    const me = await signedIn(t, { settings: ON });
    const db = t.ctx.database.db;
    const north = await createLocation(t.ctx.database, me.account.id, { name: "North" });
    const south = await createLocation(t.ctx.database, me.account.id, { name: "South" });
    const campaign = await db
      .insertInto("campaigns")
      .values({
        account_id: me.account.id,
        name: "Spring",
        request_type: "email",
        status: "sent",
        feedback_configuration: JSON.stringify({ selector_type: "nps" }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const at = (h: number) => new Date(now - h * 3_600_000);
    const feedback = await createReview(t.ctx.database, {
      accountId: me.account.id,
      locationId: north.id,
      source: "feedback",
      rating: 4,
      publishedAt: at(1),
    });
    const google = await createReview(t.ctx.database, {
      accountId: me.account.id,
      locationId: south.id,
      rating: 5,
      publishedAt: at(1),
    });
    // A Google review no request led to is not counted.
    await createReview(t.ctx.database, {
      accountId: me.account.id,
      locationId: south.id,
      rating: 1,
      publishedAt: at(1),
    });
    const steps: [string, string, Record<string, Date | string | null>][] = [
      ["queued", north.id, {}],
      ["skipped", north.id, { skip_reason: "opted_out" }],
      ["failed", north.id, { sent_at: at(5), failed_at: at(4), failure_reason: "bounced" }],
      ["sent", north.id, { sent_at: at(5) }],
      ["delivered", south.id, { sent_at: at(5), delivered_at: at(4) }],
      ["opened", south.id, { sent_at: at(5), opened_at: at(3) }],
      ["clicked", south.id, { sent_at: at(5), opened_at: at(3), clicked_at: at(2) }],
      [
        "completed",
        north.id,
        { sent_at: at(5), opened_at: at(3), clicked_at: at(2), completed_at: at(1), review_id: feedback.id },
      ],
      ["completed", south.id, { sent_at: at(5), clicked_at: at(2), completed_at: at(1), review_id: google.id }],
    ];
    for (const [status, locationId, extra] of steps) {
      await db
        .insertInto("requests")
        .values({
          account_id: me.account.id,
          campaign_id: campaign.id,
          location_id: locationId,
          channel: "email",
          token_hash: randomUUID(),
          status: status as "queued",
          queued_at: at(6),
          ...extra,
        })
        .execute();
    }
    // Last year's request is outside the six months.
    await db
      .insertInto("requests")
      .values({
        account_id: me.account.id,
        channel: "email",
        token_hash: randomUUID(),
        status: "completed",
        queued_at: at(24 * 400),
        sent_at: at(24 * 400),
        completed_at: at(24 * 400),
        location_id: north.id,
      })
      .execute();

    const res = await me.client.get<TRequestOverview>("/api/request_overview?dateDescriptor=sixMonths");
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o).toMatchObject({ requests: 9, skipped: 1, failed: 1 });
    expect(o.funnel.map((s) => [s.label, s.count, s.percent])).toEqual([
      ["Sent", 7, 100],
      ["Delivered", 5, 71.4],
      ["Opened", 4, 57.1],
      ["Clicked", 3, 42.9],
      ["Completed", 2, 28.6],
    ]);
    expect(o.by_source.map((s) => [s.name, s.reviews, s.average_rating])).toEqual([
      ["Google", 1, 5],
      ["Starboard Feedback", 1, 4],
    ]);
    expect(o.by_location.map((l) => [l.name, l.sent, l.completed, l.reviews])).toEqual(
      [
        ["North", 3, 1, 1],
        ["South", 4, 1, 1],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    const all = await me.client.get<TRequestOverview>("/api/request_overview");
    expect(all.body.requests).toBe(10);

    const off = await signedIn(t, { settings: { ask: "false" } });
    expect((await off.client.get("/api/request_overview")).status).toBe(403);
    const readOnly = await clientFor(t, await createUser(t.ctx.database, me.account.id, { type: "read_only" }));
    expect((await readOnly.get("/api/request_overview")).status).toBe(200);
    expect((await me.client.get(`/api/request_overview?account_id=${owner.account.id}`)).status).toBe(404);
    expect((await me.client.get("/api/request_overview?from=yesterday")).status).toBe(400);
  });
});
