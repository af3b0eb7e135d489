import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

// Microsurveys (docs/product/reviews.md §3 "Microsurvey": id, name, isStarRatingQuestion, normalize_star_rating;
// locations.md §5 "Microsurvey CSV download", §9 scale; docs/api.md "Microsurveys"). A microsurvey is a short list
// of star (1-5), NPS (0-10), choice and text questions answered on a request's landing page. Its responses keep
// `answers` as question id → answer: a number for star and nps, the choice's text for choice, the text for text.

export const MICROSURVEY_QUESTION_KINDS = ["star", "nps", "choice", "text"] as const;
export type TMicrosurveyQuestionKind = (typeof MICROSURVEY_QUESTION_KINDS)[number];

/** Limits the spec leaves open ("not shown"), chosen and enforced by the server (docs/api.md "Microsurveys"). */
export const MICROSURVEY_LIMITS = {
  nameMax: 100,
  questionsMin: 1,
  questionsMax: 10,
  questionTextMax: 300,
  choicesMin: 2,
  choicesMax: 10,
  choiceMax: 100,
  textAnswerMax: 2000,
  textPerPageMax: 100,
} as const;

/** The star scales of a summary and a CSV (locations.md §5, §9): 1 to 5 (default) or NPS-style 1 to 10. */
export const MICROSURVEY_SCALE_LABELS = { 5: "Star scale (1 to 5)", 10: "NPS-style scale (1 to 10)" } as const;

export const MICROSURVEY_KIND_LABELS: Record<TMicrosurveyQuestionKind, string> = {
  star: "Star rating (1-5)",
  nps: "NPS (0-10)",
  choice: "Multiple choice",
  text: "Text",
};

export const MICROSURVEY_MESSAGES = {
  off: "Microsurveys are not enabled for this account",
  npsOff: "NPS questions are not enabled for this account",
  nameRequired: "Enter a name",
  nameTooLong: `Name must be at most ${MICROSURVEY_LIMITS.nameMax} characters`,
  questionsRequired: "Add at least one question",
  questionsTooMany: `At most ${MICROSURVEY_LIMITS.questionsMax} questions`,
  kindInvalid: "Choose star, nps, choice or text",
  textRequired: "Enter the question",
  textTooLong: `Questions must be at most ${MICROSURVEY_LIMITS.questionTextMax} characters`,
  choicesRequired: `Give between ${MICROSURVEY_LIMITS.choicesMin} and ${MICROSURVEY_LIMITS.choicesMax} choices`,
  choiceInvalid: `Choices are 1 to ${MICROSURVEY_LIMITS.choiceMax} characters and differ from each other`,
  questionUnknown: "Unknown question",
  scaleInvalid: "Use 5 (1 to 5) or 10 (1 to 10)",
  saved: "Microsurvey saved",
  deleted: "Microsurvey deleted",
  empty: "No microsurveys yet",
  noResponses: "No responses yet",
} as const;

/**
 * The scale of a star average: 5 (1 to 5) or 10 (1 to 10, the 1-5 answer mapped linearly so that 1 stays 1 and
 * 5 becomes 10: 1 + (x − 1) × 9/4). `normalize_star_rating` arrives as 5/10 or, from scheduled exports, a boolean.
 */
export function starScaleOf(value: unknown, fallback: 5 | 10 = 5): 5 | 10 {
  if (value === true || value === "true" || value === 10 || value === "10") return 10;
  if (value === false || value === "false" || value === 5 || value === "5") return 5;
  return fallback;
}
export function scaleStar(value: number, scale: 5 | 10): number {
  return scale === 10 ? 1 + ((value - 1) * 9) / 4 : value;
}
/** NPS of a set of 0-10 answers: % promoters (9-10) − % detractors (0-6), rounded; null without answers. */
export function npsOf(promoters: number, detractors: number, total: number): number | null {
  return total > 0 ? Math.round((100 * (promoters - detractors)) / total) : null;
}

const ZQuestionInput = z.object({
  /** An existing question's id (kept, with its answers); absent for a new one. */
  id: z.string().max(100).optional(),
  kind: z.string().max(50),
  text: z.string().max(10_000),
  choices: z.array(z.string().max(10_000)).max(1000).optional(),
  required: z.boolean().optional(),
});
export type TMicrosurveyQuestionInput = z.infer<typeof ZQuestionInput>;

/**
 * POST and PATCH /api/microsurveys. Shapes only: the rules (name required, 1-10 questions, choices) are the
 * server's, answered 400 with the field (`name`, `questions`, `questions.0.text`) after the account is known.
 */
export const ZMicrosurveyWriteSchema = z.object({
  account_id: z.string().max(100).optional(),
  name: z.string().max(10_000).optional(),
  normalize_star_rating: z
    .union([z.literal(5), z.literal(10)], { message: MICROSURVEY_MESSAGES.scaleInvalid })
    .optional(),
  questions: z.array(ZQuestionInput).max(1000).optional(),
});
export type TMicrosurveyWrite = z.input<typeof ZMicrosurveyWriteSchema>;

export const ZMicrosurveyQuestionSchema = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(MICROSURVEY_QUESTION_KINDS),
  text: z.string(),
  choices: z.array(z.string()),
  required: z.boolean(),
});
export type TMicrosurveyQuestion = z.infer<typeof ZMicrosurveyQuestionSchema>;

export const ZMicrosurveySchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  /** Whether it asks a star question (its summary then shows the star average). */
  isStarRatingQuestion: z.boolean(),
  /** The default scale of its star averages and CSV: 5 or 10. */
  normalize_star_rating: z.union([z.literal(5), z.literal(10)]),
  questions: z.array(ZMicrosurveyQuestionSchema),
  response_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  _links: z.object({ self: z.object({ href: z.string() }), summaries: z.object({ href: z.string() }) }),
});
export type TMicrosurvey = z.infer<typeof ZMicrosurveySchema>;

export const ZMicrosurveyListSchema = ZHalPageSchema("microsurveys", ZMicrosurveySchema);
export type TMicrosurveyList = z.infer<typeof ZMicrosurveyListSchema>;
export const ZMicrosurveyListQuerySchema = ZListQuerySchema;

const ZDate = z.string().max(40);

/** GET /api/microsurveys/{id}/summaries: the date range (account time zone), the location, the scale, the text page. */
export const ZMicrosurveySummaryQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  /** YYYY-MM-DD, inclusive; or a preset (dateDescriptor) resolved in the account's time zone. */
  from: ZDate.optional(),
  to: ZDate.optional(),
  dateDescriptor: z.string().max(40).optional(),
  location_id: z.union([z.string().max(100), z.array(z.string().max(100)).max(500)]).optional(),
  normalize_star_rating: z.string().max(10).optional(),
  text_page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  text_per_page: z.coerce.number().int().min(1).max(MICROSURVEY_LIMITS.textPerPageMax).default(10),
});
export type TMicrosurveySummaryQuery = z.input<typeof ZMicrosurveySummaryQuerySchema>;

const ZCount = z.object({ value: z.number(), count: z.number() });

export const ZMicrosurveyQuestionSummarySchema = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(MICROSURVEY_QUESTION_KINDS),
  text: z.string(),
  /** Responses that answered it. */
  answered: z.number(),
  /** star: the count of each answer 1-5; nps: of each 0-10. */
  distribution: z.array(ZCount).optional(),
  /** star: the average on the summary's scale (2 decimals), null without answers. */
  average: z.number().nullable().optional(),
  /** nps: promoters (9-10), passives (7-8), detractors (0-6) and the score; null when nps_score is off. */
  nps: z
    .object({ score: z.number().nullable(), promoters: z.number(), passives: z.number(), detractors: z.number() })
    .nullable()
    .optional(),
  /** choice: each choice's count and share (answers no longer among the choices count as "Other"). */
  choices: z.array(z.object({ choice: z.string(), count: z.number(), percent: z.number() })).optional(),
  /** text: one page of answers, newest first. */
  answers: z
    .object({
      items: z.array(
        z.object({
          response_id: z.string(),
          text: z.string(),
          created_at: z.string(),
          location: z.string().nullable(),
        }),
      ),
      page: z.number(),
      per_page: z.number(),
      total: z.number(),
      total_pages: z.number(),
    })
    .optional(),
});
export type TMicrosurveyQuestionSummary = z.infer<typeof ZMicrosurveyQuestionSummarySchema>;

export const ZMicrosurveySummarySchema = z.object({
  microsurvey: z.object({
    id: z.string(),
    name: z.string(),
    isStarRatingQuestion: z.boolean(),
    normalize_star_rating: z.union([z.literal(5), z.literal(10)]),
  }),
  /** The scale the star averages are on. */
  scale: z.union([z.literal(5), z.literal(10)]),
  from: z.string().nullable(),
  to: z.string().nullable(),
  response_count: z.number(),
  /** Over every star question's answers, on `scale`. */
  star_average: z.number().nullable(),
  /** Over every NPS question's answers; null when there is none or nps_score is off. */
  nps: z.number().nullable(),
  questions: z.array(ZMicrosurveyQuestionSummarySchema),
});
export type TMicrosurveySummary = z.infer<typeof ZMicrosurveySummarySchema>;
