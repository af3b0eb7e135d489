import { randomUUID } from "node:crypto";
import {
  LANDING_SCALES,
  type TLandingScaleKind,
  type TRequestPage,
  type TRequestPageWrite,
} from "@starboard/contract/landing-pages";
import { accountIdFor, authorize, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { ALERTS_INSTANT_JOB } from "../alerts/index.ts";
import { analyzeReview } from "../ingestion/index.ts";
import { presentRequestPage } from "./presenter.ts";
import {
  completeRequest,
  feedbackSourceId,
  findRequestPage,
  insertReview,
  replaceMentions,
  updateReview,
  upsertMicrosurveyResponse,
  upsertRequestPage,
} from "./queries.ts";

// ---- request_page: the account's landing page settings ----

/** The ask tool is gated by the account's `ask` setting (docs/product/reviews.md §6). */
function requireAsk(actor: Actor) {
  if (actor.settings.ask !== true) throw AppError.forbidden();
}

export async function getRequestPage(ctx: AppContext, actor: Actor, requested?: string): Promise<TRequestPage> {
  const accountId = accountIdFor(actor, requested);
  authorize(actor, "read", "request");
  requireAsk(actor);
  const row = await findRequestPage(scoped(ctx.database.db, actor), accountId);
  return presentRequestPage(accountId, row);
}

export async function updateRequestPage(
  ctx: AppContext,
  actor: Actor,
  input: TRequestPageWrite,
): Promise<TRequestPage> {
  const accountId = accountIdFor(actor, input.account_id);
  authorize(actor, "update", "campaign");
  requireAsk(actor);
  const values: { contact_email?: string | null; contact_number?: string | null; logo_url?: string | null } = {};
  for (const field of ["contact_email", "contact_number", "logo_url"] as const) {
    const v = input[field];
    if (v === undefined) continue;
    values[field] = v === null || v.trim() === "" ? null : v.trim();
  }
  const row = await upsertRequestPage(ctx.database.db, accountId, values, actor.user.id);
  return presentRequestPage(accountId, row);
}

// ---- Answers: each becomes a review of the feedback source ----

/** The kinds a visitor answers (a landing page kind, or a request's microsurvey). */
export type AnswerKind = TLandingScaleKind | "review_request" | "kiosk" | "microsurvey";

/** A score within the kind's scale, or null. */
export function parseScore(kind: TLandingScaleKind, raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  const { min, max } = LANDING_SCALES[kind];
  return n >= min && n <= max ? n : null;
}

/**
 * The review's star rating (1-5) and recommendation for an answer: stars and faces as they are; NPS 0-10 as
 * ceil(score / 2), at least 1 (0-2 → 1, 9-10 → 5); thumbs up 5 and positive, thumbs down 1 and negative.
 */
export function reviewRating(kind: TLandingScaleKind, score: number | null) {
  if (score === null) return { rating: null, recommendation: null };
  if (kind === "nps") return { rating: Math.max(1, Math.ceil(score / 2)), recommendation: null };
  if (kind === "thumbs")
    return score === 1
      ? { rating: 5, recommendation: "positive" as const }
      : { rating: 1, recommendation: "negative" as const };
  return { rating: score, recommendation: null };
}

export interface AnswerTarget {
  accountId: string;
  locationId: string;
  vertical: string;
  /** A request's answer (one review per request, updated when answered again). */
  request?: {
    id: string;
    contactId: string | null;
    reviewId: string | null;
    microsurveyId?: string | null;
  };
  /** The contact's name when known; else the name the visitor typed, if any. */
  authorName: string | null;
}

export interface Answer {
  /** The scale the score is on (null: no score, a written review request answer). */
  scale: TLandingScaleKind | null;
  score: number | null;
  comment: string | null;
  /** Microsurvey answers: question id → answer. */
  answers?: Record<string, string | number>;
}

/**
 * Stores an answer: a review of the feedback source at the location (new, or the request's own review
 * updated), its text analysis, an instant alert job for a new review (in the same transaction), and for a
 * request the request completed with its score and review. Roll-ups follow by trigger. Answers the review id.
 */
export async function recordAnswer(ctx: AppContext, target: AnswerTarget, answer: Answer): Promise<string> {
  const now = new Date();
  const { rating, recommendation } = answer.scale
    ? reviewRating(answer.scale, answer.score)
    : { rating: null, recommendation: null };
  const content = answer.comment?.trim() ? answer.comment.trim() : null;
  const analysis = analyzeReview({ title: null, content, rating, recommendation }, target.vertical);
  const source = await feedbackSourceId(ctx.database.db);
  return ctx.database.db.transaction().execute(async (trx) => {
    let reviewId: string | null = null;
    let publishedAt = now;
    if (target.request) {
      // One answer at a time per request: the second waits and then updates the first one's review.
      const locked = await trx
        .selectFrom("requests")
        .select("review_id")
        .where("id", "=", target.request.id)
        .forUpdate()
        .executeTakeFirst();
      const existing = locked?.review_id
        ? await trx
            .selectFrom("reviews")
            .select(["id", "published_at"])
            .where("id", "=", locked.review_id)
            .executeTakeFirst()
        : undefined;
      reviewId = existing?.id ?? null;
      if (existing) publishedAt = existing.published_at;
    }
    const fields = {
      rating,
      recommendation,
      content,
      author_name: target.authorName,
      sentiment: analysis.sentiment,
      categories: analysis.categories,
      analysis_version: analysis.version,
    };
    if (reviewId) {
      await updateReview(trx, reviewId, { ...fields, updated_at_source: now, updated_at: now });
    } else {
      const inserted = await insertReview(trx, {
        account_id: target.accountId,
        location_id: target.locationId,
        source_id: source.id,
        source_review_id: target.request ? `request:${target.request.id}` : `landing:${randomUUID()}`,
        author_avatar_url: null,
        title: null,
        url: null,
        published_at: now,
        first_seen_at: now,
        updated_at_source: null,
        respondable: true,
        ...fields,
      });
      reviewId = inserted.id;
      await ctx.jobs.send(ALERTS_INSTANT_JOB, { reviewIds: [reviewId] }, { trx });
    }
    await replaceMentions(
      trx,
      reviewId,
      analysis.mentions.map((m) => ({
        account_id: target.accountId,
        review_id: reviewId!,
        location_id: target.locationId,
        source_id: source.id,
        published_at: publishedAt,
        keyword: m.keyword,
        category: m.category,
        sentiment: m.sentiment,
      })),
    );
    if (target.request) {
      await completeRequest(trx, target.request.id, { score: answer.score, reviewId, now });
      if (target.request.microsurveyId && answer.answers) {
        await upsertMicrosurveyResponse(trx, {
          accountId: target.accountId,
          microsurveyId: target.request.microsurveyId,
          requestId: target.request.id,
          locationId: target.locationId,
          contactId: target.request.contactId,
          reviewId,
          answers: answer.answers,
          now,
        });
      }
    }
    return reviewId;
  });
}
