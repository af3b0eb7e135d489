import type { TListQuery } from "@starboard/contract/hal";
import {
  MICROSURVEY_LIMITS as L,
  MICROSURVEY_MESSAGES as M,
  MICROSURVEY_QUESTION_KINDS,
  npsOf,
  scaleStar,
  starScaleOf,
  type TMicrosurvey,
  type TMicrosurveyList,
  type TMicrosurveyQuestionKind,
  type TMicrosurveyQuestionSummary,
  type TMicrosurveySummary,
  type TMicrosurveyWrite,
} from "@starboard/contract/microsurveys";
import { REQUEST_FUNNEL_STEPS, type TRequestOverview } from "@starboard/contract/request-overview";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountSettingOn, accountTimeZone } from "../accounts/index.ts";
import { microsurveyReadPolicy, microsurveyWritePolicy } from "./policy.ts";
import { presentSurvey } from "./presenter.ts";
import {
  answerCounts,
  byLocation,
  countResponses,
  countSurveys,
  findSurvey,
  funnelCounts,
  insertSurvey,
  type QuestionValues,
  questionsOf,
  type ResponseFilter,
  replaceQuestions,
  responseCounts,
  reviewsBySource,
  selectSurveys,
  softDeleteSurvey,
  textAnswers,
  updateSurvey,
} from "./queries.ts";
import { dayRange, locationIdsOf } from "./range.ts";

/** 403 unless the account's `microsurveys` setting is on. */
export async function checkMicrosurveysOn(db: Kysely<DB>, accountId: string) {
  if (!(await accountSettingOn(db, accountId, "microsurveys"))) throw AppError.forbidden(M.off);
}

async function present(ctx: AppContext, rows: Awaited<ReturnType<typeof selectSurveys>>) {
  const ids = rows.map((r) => r.id);
  const [questions, counts] = await Promise.all([
    questionsOf(ctx.database.db, ids),
    responseCounts(ctx.database.db, ids),
  ]);
  return rows.map((r) => presentSurvey(r, questions, counts.get(r.id) ?? 0));
}

/** GET /api/microsurveys */
export async function listMicrosurveys(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery,
  url: string,
): Promise<TMicrosurveyList> {
  const accountId = accountIdFor(actor, query.account_id);
  await checkMicrosurveysOn(ctx.database.db, accountId);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "microsurveys",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countSurveys(db, accountId, query),
    rows: (limit, offset) => selectSurveys(db, accountId, query, limit, offset),
    present: (rows) => present(ctx, rows),
  });
}

/** The microsurvey (404 unless live and reachable), the action allowed, the account's setting on. */
async function findMicrosurvey(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const row = isUuid(id) ? await findSurvey(scoped(ctx.database.db, actor), id) : undefined;
  if (!row) throw AppError.notFound();
  authorize(actor, action, action === "read" ? microsurveyReadPolicy : microsurveyWritePolicy, row);
  await checkMicrosurveysOn(ctx.database.db, row.account_id);
  return row;
}

async function presentOne(ctx: AppContext, id: string) {
  const db = ctx.database.db;
  const row = await db.selectFrom("microsurveys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return (await present(ctx, [row]))[0]!;
}

export async function getMicrosurvey(
  ctx: AppContext,
  actor: Actor,
  id: string,
  accountIdParam?: string,
): Promise<TMicrosurvey> {
  const row = await findMicrosurvey(ctx, actor, id, "read");
  if (accountIdParam && accountIdFor(actor, accountIdParam) !== row.account_id) throw AppError.notFound();
  return presentOne(ctx, row.id);
}

function checkName(name: string | undefined): string {
  const trimmed = (name ?? "").trim();
  if (!trimmed) throw AppError.invalid("name", M.nameRequired);
  if (trimmed.length > L.nameMax) throw AppError.invalid("name", M.nameTooLong);
  return trimmed;
}

/**
 * The questions as stored: 1-10, each a known kind with its text; choice questions 2-10 distinct choices;
 * an `id` must be one of this survey's questions. NPS questions need the account's nps_score setting (403).
 */
function checkQuestions(
  input: TMicrosurveyWrite["questions"],
  existing: Set<string>,
  npsOn: boolean,
): QuestionValues[] {
  const list = input ?? [];
  if (list.length < L.questionsMin) throw AppError.invalid("questions", M.questionsRequired);
  if (list.length > L.questionsMax) throw AppError.invalid("questions", M.questionsTooMany);
  const seen = new Set<string>();
  return list.map((q, i) => {
    const at = (field: string) => `questions.${i}.${field}`;
    if (!(MICROSURVEY_QUESTION_KINDS as readonly string[]).includes(q.kind))
      throw AppError.invalid(at("kind"), M.kindInvalid);
    const kind = q.kind as TMicrosurveyQuestionKind;
    if (kind === "nps" && !npsOn) throw AppError.forbidden(M.npsOff);
    const text = q.text.trim();
    if (!text) throw AppError.invalid(at("text"), M.textRequired);
    if (text.length > L.questionTextMax) throw AppError.invalid(at("text"), M.textTooLong);
    let choices: string[] = [];
    if (kind === "choice") {
      choices = (q.choices ?? []).map((c) => c.trim());
      if (choices.length < L.choicesMin || choices.length > L.choicesMax)
        throw AppError.invalid(at("choices"), M.choicesRequired);
      const lower = choices.map((c) => c.toLowerCase());
      if (choices.some((c) => !c || c.length > L.choiceMax) || new Set(lower).size !== lower.length)
        throw AppError.invalid(at("choices"), M.choiceInvalid);
    }
    let id: string | undefined;
    if (q.id !== undefined && q.id !== "") {
      if (!existing.has(q.id) || seen.has(q.id)) throw AppError.invalid(at("id"), M.questionUnknown);
      seen.add(q.id);
      id = q.id;
    }
    return { id, kind, text, choices, required: q.required ?? false };
  });
}

/** POST /api/microsurveys */
export async function createMicrosurvey(
  ctx: AppContext,
  actor: Actor,
  input: TMicrosurveyWrite,
): Promise<TMicrosurvey> {
  const accountId = accountIdFor(actor, input.account_id);
  const db = ctx.database.db;
  await checkMicrosurveysOn(db, accountId);
  const name = checkName(input.name);
  const questions = checkQuestions(input.questions, new Set(), await accountSettingOn(db, accountId, "nps_score"));
  const id = await db.transaction().execute(async (trx) => {
    const row = await insertSurvey(trx, {
      account_id: accountId,
      name,
      normalize_star_rating: input.normalize_star_rating ?? 5,
      created_by_user_id: actor.user.id,
    });
    await replaceQuestions(trx, row.id, questions);
    await updateSurvey(trx, row.id, { is_star_rating_question: questions.some((q) => q.kind === "star") });
    return row.id;
  });
  return presentOne(ctx, id);
}

/** PATCH /api/microsurveys/{id} */
export async function updateMicrosurvey(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TMicrosurveyWrite,
): Promise<TMicrosurvey> {
  const row = await findMicrosurvey(ctx, actor, id, "update");
  if (
    input.account_id !== undefined &&
    input.account_id !== "" &&
    accountIdFor(actor, input.account_id) !== row.account_id
  )
    throw AppError.notFound();
  const db = ctx.database.db;
  const name = input.name !== undefined ? checkName(input.name) : undefined;
  let questions: QuestionValues[] | undefined;
  if (input.questions !== undefined) {
    const existing = new Set((await questionsOf(db, [row.id])).map((q) => q.id));
    questions = checkQuestions(input.questions, existing, await accountSettingOn(db, row.account_id, "nps_score"));
  }
  await db.transaction().execute(async (trx) => {
    if (questions) await replaceQuestions(trx, row.id, questions);
    await updateSurvey(trx, row.id, {
      ...(name !== undefined ? { name } : {}),
      ...(input.normalize_star_rating !== undefined ? { normalize_star_rating: input.normalize_star_rating } : {}),
      ...(questions ? { is_star_rating_question: questions.some((q) => q.kind === "star") } : {}),
    });
  });
  return presentOne(ctx, row.id);
}

/** DELETE /api/microsurveys/{id}: leaves the lists; its responses stay with the reviews they made. */
export async function deleteMicrosurvey(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findMicrosurvey(ctx, actor, id, "delete");
  await softDeleteSurvey(ctx.database.db, row.id);
  return null;
}

// ---- Summaries ----

const round2 = (n: number) => Math.round(n * 100) / 100;

/** GET /api/microsurveys/{id}/summaries */
export async function microsurveySummaries(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: {
    account_id?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    dateDescriptor?: string | undefined;
    location_id?: string | string[] | undefined;
    normalize_star_rating?: string | undefined;
    text_page: number;
    text_per_page: number;
  },
): Promise<TMicrosurveySummary> {
  const row = await findMicrosurvey(ctx, actor, id, "read");
  if (query.account_id && accountIdFor(actor, query.account_id) !== row.account_id) throw AppError.notFound();
  const db = ctx.database.db;
  const ownScale: 5 | 10 = Number(row.normalize_star_rating) === 10 ? 10 : 5;
  const raw = query.normalize_star_rating;
  if (raw !== undefined && raw !== "" && !["5", "10", "true", "false"].includes(raw))
    throw AppError.invalid("normalize_star_rating", M.scaleInvalid);
  const scale = starScaleOf(raw, ownScale);
  const range = dayRange(query, await accountTimeZone(db, row.account_id));
  const f: ResponseFilter = {
    surveyId: row.id,
    accountId: row.account_id,
    range,
    locationIds: locationIdsOf(query.location_id),
  };
  const npsOn = await accountSettingOn(db, row.account_id, "nps_score");
  const questions = await questionsOf(db, [row.id]);
  const counted = questions.filter((q) => q.kind !== "text");
  const [responseCount, counts] = await Promise.all([
    countResponses(db, f),
    answerCounts(
      db,
      f,
      counted.map((q) => q.id),
    ),
  ]);
  const countsOf = (qid: string) => counts.filter((c) => c.question_id === qid);
  let starSum = 0;
  let starN = 0;
  const nps = { promoters: 0, detractors: 0, total: 0 };
  const summaries: TMicrosurveyQuestionSummary[] = [];
  for (const q of questions) {
    const base = { id: q.id, position: q.position, kind: q.kind, text: q.text };
    const mine = countsOf(q.id);
    if (q.kind === "star" || q.kind === "nps") {
      const [lo, hi] = q.kind === "star" ? [1, 5] : [0, 10];
      const distribution = Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, count: 0 }));
      for (const c of mine) {
        const v = Number(c.answer);
        if (Number.isInteger(v) && v >= lo && v <= hi) distribution[v - lo]!.count += Number(c.n);
      }
      const answered = distribution.reduce((s, d) => s + d.count, 0);
      if (q.kind === "star") {
        const sum = distribution.reduce((s, d) => s + d.value * d.count, 0);
        starSum += sum;
        starN += answered;
        summaries.push({
          ...base,
          answered,
          distribution,
          average: answered ? round2(scaleStar(sum / answered, scale)) : null,
        });
      } else {
        const promoters = distribution.filter((d) => d.value >= 9).reduce((s, d) => s + d.count, 0);
        const detractors = distribution.filter((d) => d.value <= 6).reduce((s, d) => s + d.count, 0);
        nps.promoters += promoters;
        nps.detractors += detractors;
        nps.total += answered;
        summaries.push({
          ...base,
          answered: npsOn ? answered : 0,
          ...(npsOn
            ? {
                distribution,
                nps: {
                  score: npsOf(promoters, detractors, answered),
                  promoters,
                  passives: answered - promoters - detractors,
                  detractors,
                },
              }
            : { nps: null }),
        });
      }
    } else if (q.kind === "choice") {
      const options = Array.isArray(q.choices) ? (q.choices as string[]) : [];
      const tally = new Map(options.map((c) => [c, 0]));
      let other = 0;
      for (const c of mine) {
        if (tally.has(c.answer)) tally.set(c.answer, tally.get(c.answer)! + Number(c.n));
        else other += Number(c.n);
      }
      const answered = [...tally.values()].reduce((s, n) => s + n, 0) + other;
      const choices = [...tally.entries(), ...(other ? ([["Other", other]] as [string, number][]) : [])].map(
        ([choice, count]) => ({ choice, count, percent: answered ? Math.round((1000 * count) / answered) / 10 : 0 }),
      );
      summaries.push({ ...base, answered, choices });
    } else {
      const perPage = query.text_per_page;
      const page = query.text_page;
      const { total, rows } = await textAnswers(db, f, q.id, perPage, (page - 1) * perPage);
      summaries.push({
        ...base,
        answered: total,
        answers: {
          items: rows.map((r) => ({
            response_id: r.id,
            text: r.text,
            created_at: new Date(r.created_at).toISOString(),
            location: r.location ?? null,
          })),
          page,
          per_page: perPage,
          total,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      });
    }
  }
  return {
    microsurvey: {
      id: row.id,
      name: row.name,
      isStarRatingQuestion: questions.some((q) => q.kind === "star"),
      normalize_star_rating: ownScale,
    },
    scale,
    from: range.from,
    to: range.to,
    response_count: responseCount,
    star_average: starN ? round2(scaleStar(starSum / starN, scale)) : null,
    nps: npsOn ? npsOf(nps.promoters, nps.detractors, nps.total) : null,
    questions: summaries,
  };
}

// ---- The overview ----

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const avg = (v: string | number | null) => (v === null ? null : round2(Number(v)));

/** GET /api/request_overview: the `ask` setting gates it (403). */
export async function requestOverview(
  ctx: AppContext,
  actor: Actor,
  query: {
    account_id?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    dateDescriptor?: string | undefined;
  },
): Promise<TRequestOverview> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = ctx.database.db;
  if (!(await accountSettingOn(db, accountId, "ask")))
    throw AppError.forbidden("The ask tool is not enabled for this account");
  const range = dayRange(query, await accountTimeZone(db, accountId));
  const counts = await funnelCounts(scoped(db, actor), accountId, range);
  const sent = Number(counts.sent);
  const [sources, locations] = await Promise.all([
    reviewsBySource(db, accountId, range),
    byLocation(db, accountId, range),
  ]);
  const names = new Map(locations.names.map((l) => [l.id, l.name]));
  const perLocation = new Map<
    string,
    { sent: number; completed: number; reviews: number; average_rating: number | null }
  >();
  const at = (id: string) => {
    let entry = perLocation.get(id);
    if (!entry) {
      entry = { sent: 0, completed: 0, reviews: 0, average_rating: null };
      perLocation.set(id, entry);
    }
    return entry;
  };
  for (const r of locations.sent) {
    const e = at(r.location_id!);
    e.sent = Number(r.sent);
    e.completed = Number(r.completed);
  }
  for (const r of locations.reviews) {
    const e = at(r.location_id);
    e.reviews = Number(r.reviews);
    e.average_rating = avg(r.average_rating);
  }
  return {
    from: range.from,
    to: range.to,
    requests: Number(counts.requests),
    skipped: Number(counts.skipped),
    failed: Number(counts.failed),
    funnel: REQUEST_FUNNEL_STEPS.map((step) => {
      const count = Number(counts[step.key]);
      return { key: step.key, label: step.label, count, percent: percentOf(count, sent) };
    }),
    by_source: sources.map((s) => ({
      source_id: s.source_id,
      name: s.name,
      reviews: Number(s.reviews),
      average_rating: avg(s.average_rating),
    })),
    by_location: [...perLocation.entries()]
      .map(([id, e]) => ({ location_id: id, name: names.get(id) ?? "", ...e }))
      .sort((a, b) => b.sent - a.sent || b.reviews - a.reviews || a.name.localeCompare(b.name)),
  };
}
