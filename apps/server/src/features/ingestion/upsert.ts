import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, ReviewMentionsTable, ReviewsTable } from "../../db/schema.ts";
import { type Analysis, analyzeText, modelVersion } from "../analysis/index.ts";
import type { SourceReview } from "../reviews/index.ts";

/** Where incoming reviews go: one location at one source. */
export interface UpsertTarget {
  accountId: string;
  locationId: string;
  sourceId: string;
  /** The account's vertical, for the text analysis. */
  industry: string;
  respondable: boolean;
  /**
   * Whether the reviews read carry their title (`ReviewConnector.carriesTitles`; an import's do). When not, a
   * review's title is neither compared nor written over: the one the app holds stays.
   */
  titled?: boolean;
}

export interface ExistingReview {
  id: string;
  source_review_id: string;
  rating: number | null;
  recommendation: string | null;
  title: string | null;
  content: string | null;
  author_name: string | null;
  url: string | null;
  published_at: Date;
  deleted_at_source: Date | null;
}

export interface UpsertResult {
  inserted: { id: string; sourceReviewId: string }[];
  /** Rating, title or content changed at the source (a review_history row each). */
  edited: string[];
  /** Missing from earlier syncs, back now. */
  restored: string[];
  unchanged: number;
  /** The reviews of the target that existed before (all of them, or those named when `only` was given). */
  existing: ExistingReview[];
}

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const norm = (s: string | null | undefined) => (s ?? "").trim();

/**
 * A review's sentiment (1, -1, 0): the text analysis decides; where the text contradicts the stars
 * (positive words on one or two stars, negative words on four or five), the stars win. Without
 * text, the stars (or the recommendation) decide.
 */
export function reviewSentiment(analysis: Analysis | null, rating: number | null, recommendation: string | null) {
  const fromStars = rating ? (rating >= 4 ? 1 : rating <= 2 ? -1 : 0) : 0;
  const fromRecommendation = recommendation === "positive" ? 1 : recommendation === "negative" ? -1 : 0;
  const stars = rating ? fromStars : fromRecommendation;
  if (!analysis) return stars;
  const text = analysis.sentiment === "positive" ? 1 : analysis.sentiment === "negative" ? -1 : 0;
  if (stars !== 0 && text === -stars) return stars;
  return text;
}

export interface ReviewAnalysis {
  sentiment: number;
  categories: string[];
  mentions: { keyword: string; category: string | null; sentiment: string }[];
  /** The model version that made it (`reviews.analysis_version`). */
  version: string;
}

/** Sentiment, categories and keyword mentions of a review, from `analyzeText`. */
export function analyzeReview(
  review: { title: string | null; content: string | null; rating: number | null; recommendation: string | null },
  industry: string,
  analyze: (text: string, industry: string) => Analysis = analyzeText,
): ReviewAnalysis {
  const text = [norm(review.title), norm(review.content)].filter((t) => t !== "").join(". ");
  const analysis = text ? analyze(text, industry) : null;
  const mentions = analysis?.mentions ?? [];
  const categories = [...new Set(mentions.map((m) => m.category).filter((c): c is string => c !== null))].sort();
  return {
    sentiment: reviewSentiment(analysis, review.rating, review.recommendation),
    categories,
    mentions,
    version: modelVersion(),
  };
}

function mentionRows(
  target: UpsertTarget,
  reviewId: string,
  publishedAt: Date,
  analysis: ReviewAnalysis,
): Insertable<ReviewMentionsTable>[] {
  return analysis.mentions.map((m) => ({
    account_id: target.accountId,
    review_id: reviewId,
    location_id: target.locationId,
    source_id: target.sourceId,
    published_at: publishedAt,
    keyword: m.keyword,
    category: m.category,
    sentiment: m.sentiment,
  }));
}

async function loadExisting(db: Kysely<DB>, target: UpsertTarget, only?: string[]): Promise<ExistingReview[]> {
  const base = db
    .selectFrom("reviews")
    .select([
      "id",
      "source_review_id",
      "rating",
      "recommendation",
      "title",
      "content",
      "author_name",
      "url",
      "published_at",
      "deleted_at_source",
    ])
    .where("location_id", "=", target.locationId)
    .where("source_id", "=", target.sourceId);
  if (!only) return base.execute();
  const out: ExistingReview[] = [];
  for (const part of chunks(only, 1000)) {
    if (part.length) out.push(...(await base.where("source_review_id", "in", part).execute()));
  }
  return out;
}

/** What changed at the source in a known review: rating, title (where the source carries titles), content, recommendation. */
function changesOf(row: ExistingReview, review: SourceReview, titled: boolean) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if ((row.rating ?? null) !== (review.rating ?? null)) changes.rating = { from: row.rating, to: review.rating };
  if (titled && norm(row.title) !== norm(review.title)) changes.title = { from: row.title, to: review.title };
  if (norm(row.content) !== norm(review.content)) changes.content = { from: row.content, to: review.content };
  if ((row.recommendation ?? null) !== (review.recommendation ?? null)) {
    changes.recommendation = { from: row.recommendation, to: review.recommendation };
  }
  return changes;
}

/** An analysis `analyseAhead` made, with the title it was made with. */
export interface AheadAnalysis {
  title: string | null;
  analysis: ReviewAnalysis;
}

/** The analyses `analyseAhead` made, by incoming review. */
export type AnalysedAhead = ReadonlyMap<SourceReview, AheadAnalysis>;

/**
 * Analyses, before the transaction that writes them, the incoming reviews `upsertReviews` will write text for: the new
 * ones and those whose rating, title or content changed, against the reviews held now. The text analysis is the
 * slow part of a sync's writing (about half of a first sync's transaction on the embedded database, which holds every
 * other call while a transaction is open), so it is done first, as the re-analysis job does. `upsertReviews` uses
 * these and analyses afresh a review that changed again in between.
 */
export async function analyseAhead(
  db: Kysely<DB>,
  target: UpsertTarget,
  incoming: SourceReview[],
  opts: { only?: boolean } = {},
): Promise<AnalysedAhead> {
  const existing = await loadExisting(db, target, opts.only ? incoming.map((r) => r.sourceReviewId) : undefined);
  const bySourceId = new Map(existing.map((r) => [r.source_review_id, r]));
  const titled = target.titled ?? true;
  const analysed = new Map<SourceReview, AheadAnalysis>();
  for (const review of incoming) {
    const known = bySourceId.get(review.sourceReviewId);
    if (known && Object.keys(changesOf(known, review, titled)).length === 0) continue;
    const title = known && !titled ? known.title : review.title;
    analysed.set(review, { title, analysis: analyzeReview({ ...review, title }, target.industry) });
  }
  return analysed;
}

/**
 * Inserts new reviews and records changes to known ones, deduplicated by (location, source,
 * source_review_id). New reviews keep the source's published_at and get first_seen_at = now.
 * Owner replies found at the source become published responses (from_source). Runs inside the
 * caller's transaction; deletions are the sync's business, not this function's.
 */
export async function upsertReviews(
  db: Kysely<DB>,
  target: UpsertTarget,
  incoming: SourceReview[],
  opts: { now: Date; only?: boolean; analysed?: AnalysedAhead },
): Promise<UpsertResult> {
  const { now } = opts;
  // The analysis made ahead of the transaction, if it was made with the same title; else one made now.
  const analyse = (review: SourceReview, title: string | null) => {
    const ahead = opts.analysed?.get(review);
    return ahead && ahead.title === title ? ahead.analysis : analyzeReview({ ...review, title }, target.industry);
  };
  const existing = await loadExisting(db, target, opts.only ? incoming.map((r) => r.sourceReviewId) : undefined);
  const bySourceId = new Map(existing.map((r) => [r.source_review_id, r]));
  const result: UpsertResult = {
    inserted: [],
    edited: [],
    restored: [],
    unchanged: 0,
    existing,
  };

  const newRows: Insertable<ReviewsTable>[] = [];
  const mentions: Insertable<ReviewMentionsTable>[] = [];
  const images: Insertable<DB["review_images"]>[] = [];
  const ownerReplies: { reviewId: string; review: SourceReview }[] = [];
  const seenExisting: { row: ExistingReview; review: SourceReview }[] = [];

  for (const review of incoming) {
    const known = bySourceId.get(review.sourceReviewId);
    if (known) {
      seenExisting.push({ row: known, review });
      continue;
    }
    const id = randomUUID();
    const analysis = analyse(review, review.title);
    const reply = review.ownerResponse;
    const repliedAt = reply ? (reply.publishedAt ?? now) : null;
    newRows.push({
      id,
      account_id: target.accountId,
      location_id: target.locationId,
      source_id: target.sourceId,
      source_review_id: review.sourceReviewId,
      author_name: review.authorName,
      author_avatar_url: review.authorAvatarUrl,
      rating: review.rating,
      recommendation: review.recommendation,
      title: review.title,
      content: review.content,
      url: review.url,
      published_at: review.publishedAt,
      first_seen_at: now,
      updated_at_source: review.updatedAt,
      sentiment: analysis.sentiment,
      categories: analysis.categories,
      analysis_version: analysis.version,
      respondable: target.respondable,
      images_count: review.images.length,
      response_status: reply ? "published" : null,
      responded_at: repliedAt,
    });
    mentions.push(...mentionRows(target, id, review.publishedAt, analysis));
    review.images.forEach((image, position) => {
      images.push({ account_id: target.accountId, review_id: id, url: image.url, cdn_url: image.url, position });
    });
    if (reply) ownerReplies.push({ reviewId: id, review });
    result.inserted.push({ id, sourceReviewId: review.sourceReviewId });
  }

  for (const part of chunks(newRows)) {
    if (part.length)
      await db
        .insertInto("reviews")
        .values(part)
        .onConflict((oc) => oc.columns(["location_id", "source_id", "source_review_id"]).doNothing())
        .execute();
  }

  // Known reviews: edits, restorations, and replies written at the source.
  const titled = target.titled ?? true;
  for (const { row, review } of seenExisting) {
    const changes = changesOf(row, review, titled);
    const restored = row.deleted_at_source !== null;
    const moved = row.published_at.getTime() !== review.publishedAt.getTime();
    const edited = Object.keys(changes).length > 0;
    if (!edited && !restored && !moved) {
      result.unchanged += 1;
      continue;
    }
    const values: Updateable<ReviewsTable> = {
      author_name: review.authorName ?? row.author_name,
      url: review.url ?? row.url,
      published_at: review.publishedAt,
      deleted_at_source: null,
      updated_at: now,
    };
    if (edited) {
      const title = titled ? review.title : row.title;
      const analysis = analyse(review, title);
      Object.assign(values, {
        rating: review.rating,
        recommendation: review.recommendation,
        title,
        content: review.content,
        updated_at_source: review.updatedAt ?? now,
        sentiment: analysis.sentiment,
        categories: analysis.categories,
        analysis_version: analysis.version,
      });
      await db.deleteFrom("review_mentions").where("review_id", "=", row.id).execute();
      mentions.push(...mentionRows(target, row.id, review.publishedAt, analysis));
      await db
        .insertInto("review_history")
        .values({
          account_id: target.accountId,
          review_id: row.id,
          action: "edited_at_source",
          details: JSON.stringify({ changes, updated_at_source: (review.updatedAt ?? now).toISOString() }),
          created_at: now,
        })
        .execute();
      result.edited.push(row.id);
    } else if (moved) {
      await db
        .updateTable("review_mentions")
        .set({ published_at: review.publishedAt })
        .where("review_id", "=", row.id)
        .execute();
    }
    if (restored) {
      await db
        .insertInto("review_history")
        .values({
          account_id: target.accountId,
          review_id: row.id,
          action: "restored_at_source",
          details: JSON.stringify({ deleted_at_source: row.deleted_at_source?.toISOString() }),
          created_at: now,
        })
        .execute();
      result.restored.push(row.id);
    }
    await db.updateTable("reviews").set(values).where("id", "=", row.id).execute();
  }

  for (const part of chunks(mentions, 2000)) {
    if (part.length) await db.insertInto("review_mentions").values(part).execute();
  }
  for (const part of chunks(images, 2000)) {
    if (part.length) await db.insertInto("review_images").values(part).execute();
  }
  await insertOwnerReplies(db, target, ownerReplies, now);
  await syncOwnerReplies(db, target, seenExisting, now);
  return result;
}

async function insertOwnerReplies(
  db: Kysely<DB>,
  target: UpsertTarget,
  replies: { reviewId: string; review: SourceReview }[],
  now: Date,
) {
  const rows = replies.map(({ reviewId, review }) => ({
    account_id: target.accountId,
    review_id: reviewId,
    source_id: target.sourceId,
    content: review.ownerResponse!.content,
    status: "published",
    from_source: true,
    source_response_id: review.ownerResponse!.sourceResponseId ?? null,
    published_at: review.ownerResponse!.publishedAt ?? now,
    created_at: now,
    updated_at: now,
  }));
  for (const part of chunks(rows, 1000)) {
    if (part.length) await db.insertInto("responses").values(part).execute();
  }
}

/**
 * Replies written, edited or removed at the source for reviews we know. A reply whose text matches
 * a response already published (from Starboard or imported) is the same reply and changes nothing.
 * Answers the reviews whose replies changed.
 */
async function syncOwnerReplies(
  db: Kysely<DB>,
  target: UpsertTarget,
  seen: { row: ExistingReview; review: SourceReview }[],
  now: Date,
): Promise<string[]> {
  if (seen.length === 0) return [];
  const published = new Map<
    string,
    { id: string; content: string; from_source: boolean; published_at: Date | null }[]
  >();
  for (const part of chunks(
    seen.map((s) => s.row.id),
    1000,
  )) {
    const rows = await db
      .selectFrom("responses")
      .select(["id", "review_id", "content", "from_source", "published_at"])
      .where("review_id", "in", part)
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .orderBy("published_at", "desc")
      .execute();
    for (const r of rows) published.set(r.review_id, [...(published.get(r.review_id) ?? []), r]);
  }
  const changed: string[] = [];
  const inserts: { reviewId: string; review: SourceReview }[] = [];
  for (const { row, review } of seen) {
    const ours = published.get(row.id) ?? [];
    const reply = review.ownerResponse;
    if (!reply) {
      const imported = ours.filter((r) => r.from_source).map((r) => r.id);
      if (imported.length) {
        await db
          .updateTable("responses")
          .set({ deleted_at: now, updated_at: now })
          .where("id", "in", imported)
          .execute();
        changed.push(row.id);
      }
      continue;
    }
    if (ours.some((r) => norm(r.content) === norm(reply.content))) continue;
    const latest = ours[0];
    if (latest?.from_source) {
      await db
        .updateTable("responses")
        .set({ content: reply.content, updated_at: now, published_at: reply.publishedAt ?? latest.published_at ?? now })
        .where("id", "=", latest.id)
        .execute();
    } else {
      inserts.push({ reviewId: row.id, review });
    }
    changed.push(row.id);
  }
  await insertOwnerReplies(db, target, inserts, now);
  if (inserts.length) {
    for (const part of chunks(
      inserts.map((i) => i.reviewId),
      1000,
    )) {
      await db
        .updateTable("reviews")
        .set({ response_status: "published", updated_at: now })
        .where("id", "in", part)
        .where("response_status", "is", null)
        .execute();
    }
  }
  return changed;
}
