import type { TListQuery } from "@starboard/contract/hal";
import type { TMicrosurveyQuestionKind } from "@starboard/contract/microsurveys";
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { DB, MicrosurveyQuestionsTable, MicrosurveysTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch } from "../../platform/list.ts";

export type MicrosurveyRow = Selectable<MicrosurveysTable>;
export type QuestionRow = Selectable<MicrosurveyQuestionsTable>;

/** A date range of the account's calendar: `from` and `to` YYYY-MM-DD, inclusive, either open. */
export interface DayRange {
  from: string | null;
  to: string | null;
  timeZone: string;
}

/** `column` within the range (the account's days). */
export function inRange(column: string, range: DayRange): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (range.from)
    parts.push(sql<boolean>`${sql.ref(column)} >= (${range.from}::date)::timestamp AT TIME ZONE ${range.timeZone}`);
  if (range.to)
    parts.push(sql<boolean>`${sql.ref(column)} < ((${range.to}::date + 1))::timestamp AT TIME ZONE ${range.timeZone}`);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : sql<boolean>`true`;
}

// ---- Microsurveys ----

function surveysOf(db: ScopedDb, accountId: string, query: TListQuery) {
  const match = keywordMatch("name", query.keywords, query.search_type ?? "full");
  const qb = db.selectFrom("microsurveys").where("account_id", "=", accountId).where("deleted_at", "is", null);
  return match ? qb.where(match) : qb;
}

export async function countSurveys(db: ScopedDb, accountId: string, query: TListQuery) {
  const row = await surveysOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectSurveys(db: ScopedDb, accountId: string, query: TListQuery, limit: number, offset: number) {
  return surveysOf(db, accountId, query)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A live microsurvey of a reachable account, or undefined. */
export function findSurvey(db: ScopedDb, id: string) {
  return db
    .selectFrom("microsurveys")
    .selectAll()
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function questionsOf(db: Kysely<DB>, surveyIds: string[]) {
  if (surveyIds.length === 0) return Promise.resolve([] as QuestionRow[]);
  return db
    .selectFrom("microsurvey_questions")
    .selectAll()
    .where("microsurvey_id", "in", surveyIds)
    .orderBy("microsurvey_id")
    .orderBy("position")
    .execute();
}

export async function responseCounts(db: Kysely<DB>, surveyIds: string[]): Promise<Map<string, number>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("microsurvey_responses")
    .select(["microsurvey_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("microsurvey_id", "in", surveyIds)
    .groupBy("microsurvey_id")
    .execute();
  return new Map(rows.map((r) => [r.microsurvey_id, Number(r.n)]));
}

export interface QuestionValues {
  id?: string | undefined;
  kind: TMicrosurveyQuestionKind;
  text: string;
  choices: string[];
  required: boolean;
}

export function insertSurvey(
  db: Kysely<DB>,
  values: { account_id: string; name: string; normalize_star_rating: 5 | 10; created_by_user_id: string },
) {
  return db.insertInto("microsurveys").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSurvey(
  db: Kysely<DB>,
  id: string,
  values: { name?: string; normalize_star_rating?: 5 | 10; is_star_rating_question?: boolean },
) {
  return db
    .updateTable("microsurveys")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces the survey's questions: those sent with a known id are kept (their answers stay theirs), new ones
 * are added, the others removed. Positions follow the order sent.
 */
export async function replaceQuestions(db: Kysely<DB>, surveyId: string, questions: QuestionValues[]) {
  const keep = questions.map((q) => q.id).filter((id): id is string => Boolean(id));
  let del = db.deleteFrom("microsurvey_questions").where("microsurvey_id", "=", surveyId);
  if (keep.length) del = del.where("id", "not in", keep);
  await del.execute();
  // Positions are unique: move the kept ones out of the way first.
  await db
    .updateTable("microsurvey_questions")
    .set({ position: sql`position + 1000` })
    .where("microsurvey_id", "=", surveyId)
    .execute();
  for (const [i, q] of questions.entries()) {
    const values = {
      position: i + 1,
      kind: q.kind,
      text: q.text,
      choices: JSON.stringify(q.choices),
      required: q.required,
    };
    if (q.id) {
      await db.updateTable("microsurvey_questions").set(values).where("id", "=", q.id).execute();
    } else {
      await db
        .insertInto("microsurvey_questions")
        .values({ ...values, microsurvey_id: surveyId })
        .execute();
    }
  }
}

export function softDeleteSurvey(db: Kysely<DB>, id: string) {
  return db.updateTable("microsurveys").set({ deleted_at: new Date() }).where("id", "=", id).execute();
}

// ---- Summaries ----

export interface ResponseFilter {
  surveyId: string;
  accountId: string;
  range: DayRange;
  locationIds: string[] | null;
}

function responsesOf(db: Kysely<DB>, f: ResponseFilter) {
  let qb = db
    .selectFrom("microsurvey_responses as r")
    .where("r.microsurvey_id", "=", f.surveyId)
    .where("r.account_id", "=", f.accountId)
    .where(inRange("r.created_at", f.range));
  if (f.locationIds) qb = qb.where(sql<boolean>`r.location_id = ANY(${f.locationIds}::uuid[])`);
  return qb;
}

export async function countResponses(db: Kysely<DB>, f: ResponseFilter) {
  const row = await responsesOf(db, f)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** For each question, the count of each numeric or choice answer (text answers aside). */
export async function answerCounts(db: Kysely<DB>, f: ResponseFilter, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  const locations = f.locationIds ? sql`AND r.location_id = ANY(${f.locationIds}::uuid[])` : sql``;
  const { rows } = await sql<{ question_id: string; answer: string; n: number }>`
    SELECT q.qid::text AS question_id, r.answers ->> q.qid::text AS answer, count(*)::int AS n
    FROM microsurvey_responses r CROSS JOIN unnest(${questionIds}::uuid[]) AS q(qid)
    WHERE r.microsurvey_id = ${f.surveyId} AND r.account_id = ${f.accountId}
      AND ${inRange("r.created_at", f.range)} ${locations}
      AND r.answers ->> q.qid::text IS NOT NULL
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** One page of a text question's answers, newest first, with their total. */
export async function textAnswers(
  db: Kysely<DB>,
  f: ResponseFilter,
  questionId: string,
  limit: number,
  offset: number,
) {
  const base = responsesOf(db, f).where(sql<boolean>`coalesce(btrim(r.answers ->> ${questionId}), '') <> ''`);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
    base
      .leftJoin("locations as l", "l.id", "r.location_id")
      .select(["r.id", "r.created_at", "l.name as location", sql<string>`r.answers ->> ${questionId}`.as("text")])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---- The CSV (the export resource microsurvey_responses) ----

export interface ResponseCsvRow {
  key_at: string;
  response_id: string;
  position: number;
  created_at: Date | string;
  survey: string;
  survey_scale: number;
  location: string | null;
  customer: string | null;
  email: string | null;
  phone: string | null;
  question: string;
  kind: TMicrosurveyQuestionKind;
  answer: string;
}

/**
 * One row per answer, newest response first, then the question's position: at most `limit` rows after the
 * key `[created_at, response id, position]` (keyset pages, one short query per batch).
 */
export function responseCsvBatch(
  db: Kysely<DB>,
  f: ResponseFilter,
  after: readonly string[] | null,
  limit: number,
): Promise<ResponseCsvRow[]> {
  let qb = responsesOf(db, f)
    .innerJoin("microsurveys as m", "m.id", "r.microsurvey_id")
    .innerJoin("microsurvey_questions as q", "q.microsurvey_id", "r.microsurvey_id")
    .leftJoin("locations as l", "l.id", "r.location_id")
    .leftJoin("contacts as c", "c.id", "r.contact_id")
    .where(sql<boolean>`coalesce(btrim(r.answers ->> q.id::text), '') <> ''`)
    .select([
      sql<string>`r.created_at::text`.as("key_at"),
      "r.id as response_id",
      "q.position",
      "r.created_at",
      "m.name as survey",
      "m.normalize_star_rating as survey_scale",
      "l.name as location",
      "c.name as customer",
      "c.email",
      "c.phone",
      "q.text as question",
      "q.kind",
      sql<string>`r.answers ->> q.id::text`.as("answer"),
    ]);
  if (after) {
    const [at, id, position] = after;
    qb = qb.where(
      sql<boolean>`(r.created_at < ${at}::timestamptz OR (r.created_at = ${at}::timestamptz AND (r.id::text, q.position) > (${id}, ${Number(position)})))`,
    );
  }
  return qb
    .orderBy("r.created_at", "desc")
    .orderBy(sql`r.id::text`)
    .orderBy("q.position")
    .limit(limit)
    .execute() as Promise<ResponseCsvRow[]>;
}

// ---- The overview ----

/** Requests whose first step (sent, else queued) falls in the range: the funnel counts. */
export async function funnelCounts(db: ScopedDb, accountId: string, range: DayRange) {
  const reached = (...columns: string[]) =>
    sql<string>`count(*) FILTER (WHERE ${sql.join(
      columns.map((c) => sql`${sql.ref(c)} IS NOT NULL`),
      sql` OR `,
    )})`;
  return db
    .selectFrom("requests")
    .where("account_id", "=", accountId)
    .where(inRange("requests.queued_at", range))
    .select([
      sql<string>`count(*)`.as("requests"),
      sql<string>`count(*) FILTER (WHERE status = 'skipped')`.as("skipped"),
      sql<string>`count(*) FILTER (WHERE status = 'failed')`.as("failed"),
      reached("sent_at", "delivered_at", "opened_at", "clicked_at", "completed_at").as("sent"),
      reached("delivered_at", "opened_at", "clicked_at", "completed_at").as("delivered"),
      reached("opened_at", "clicked_at", "completed_at").as("opened"),
      reached("clicked_at", "completed_at").as("clicked"),
      reached("completed_at").as("completed"),
    ])
    .executeTakeFirstOrThrow();
}

/** The reviews that came from requests: the feedback source's, and those linked to a request. */
function requestReviews(db: Kysely<DB>, accountId: string, range: DayRange) {
  return db
    .selectFrom("reviews as rv")
    .innerJoin("sources as s", "s.id", "rv.source_id")
    .where("rv.account_id", "=", accountId)
    .where(inRange("rv.published_at", range))
    .where((eb) =>
      eb.or([
        eb("s.code", "=", "feedback"),
        eb.exists(
          eb
            .selectFrom("requests as rq")
            .select("rq.id")
            .whereRef("rq.review_id", "=", "rv.id")
            .where("rq.account_id", "=", accountId),
        ),
      ]),
    );
}

export function reviewsBySource(db: Kysely<DB>, accountId: string, range: DayRange) {
  return requestReviews(db, accountId, range)
    .select([
      "s.id as source_id",
      "s.name",
      sql<string>`count(*)`.as("reviews"),
      sql<string | null>`avg(rv.rating) FILTER (WHERE rv.rating > 0)`.as("average_rating"),
    ])
    .groupBy(["s.id", "s.name"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy("s.name")
    .execute();
}

/** Per location: requests sent and completed in the range, and the reviews from requests. */
export async function byLocation(db: Kysely<DB>, accountId: string, range: DayRange) {
  const sent = await db
    .selectFrom("requests")
    .where("account_id", "=", accountId)
    .where("location_id", "is not", null)
    .where(inRange("requests.queued_at", range))
    .select([
      "location_id",
      sql<string>`count(*) FILTER (WHERE sent_at IS NOT NULL OR completed_at IS NOT NULL)`.as("sent"),
      sql<string>`count(*) FILTER (WHERE completed_at IS NOT NULL)`.as("completed"),
    ])
    .groupBy("location_id")
    .execute();
  const reviews = await requestReviews(db, accountId, range)
    .select([
      "rv.location_id",
      sql<string>`count(*)`.as("reviews"),
      sql<string | null>`avg(rv.rating) FILTER (WHERE rv.rating > 0)`.as("average_rating"),
    ])
    .groupBy("rv.location_id")
    .execute();
  const ids = [...new Set([...sent.map((r) => r.location_id!), ...reviews.map((r) => r.location_id)])];
  const names = ids.length
    ? await db.selectFrom("locations").select(["id", "name"]).where("id", "in", ids).execute()
    : [];
  return { sent, reviews, names };
}
