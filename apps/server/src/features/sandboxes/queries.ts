import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { type FacebookApiRecommendation, graphDate } from "./sources/facebook.ts";
import type { GoogleApiReview, GoogleStarRating } from "./sources/google.ts";

const STARS: Record<number, GoogleStarRating> = { 1: "ONE", 2: "TWO", 3: "THREE", 4: "FOUR", 5: "FIVE" };

/** Marks accounts as sandbox accounts (the demo's): their sources are the built-in sandboxes. */
export async function markSandboxAccounts(db: Kysely<DB>, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .insertInto("sandbox_accounts")
    .values(accountIds.map((account_id) => ({ account_id })))
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
}

export async function isSandboxAccount(db: Kysely<DB>, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sandbox_accounts")
    .select("account_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row !== undefined;
}

interface ListingReviewRow {
  source_review_id: string | null;
  author_name: string | null;
  author_avatar_url: string | null;
  rating: number | null;
  content: string | null;
  published_at: Date | string | null;
  updated_at_source: Date | string | null;
  reply: string | null;
  replied_at: Date | string | null;
}

/**
 * What the sandbox Google holds at a demo listing the first time it is asked about it: the demo's reviews
 * of that listing, with their published replies, in the My Business v4 shape. Undefined when no sandbox
 * account has a Google listing with that id (the sandbox does not know the location).
 */
export async function demoGoogleReviewsAt(
  db: Kysely<DB>,
  locationName: string,
): Promise<GoogleApiReview[] | undefined> {
  const { rows } = await sql<ListingReviewRow>`
    SELECT r.source_review_id, r.author_name, r.author_avatar_url, r.rating, r.content, r.published_at,
      r.updated_at_source, p.content AS reply, p.published_at AS replied_at
    FROM urls u
    JOIN sandbox_accounts sa ON sa.account_id = u.account_id
    JOIN sources s ON s.id = u.source_id AND s.code = 'google'
    LEFT JOIN reviews r ON r.location_id = u.location_id AND r.source_id = u.source_id
      AND r.deleted_at_source IS NULL
    LEFT JOIN LATERAL (
      SELECT content, published_at FROM responses
      WHERE review_id = r.id AND status = 'published' AND deleted_at IS NULL
      ORDER BY published_at DESC NULLS LAST LIMIT 1
    ) p ON true
    WHERE u.reference_id = ${locationName}`.execute(db);
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => {
    if (!row.source_review_id || !row.published_at) return [];
    const createTime = iso(row.published_at);
    const review: GoogleApiReview = {
      reviewId: row.source_review_id,
      reviewer: {
        ...(row.author_name ? { displayName: row.author_name } : {}),
        ...(row.author_avatar_url ? { profilePhotoUrl: row.author_avatar_url } : {}),
        isAnonymous: row.author_name === null,
      },
      ...(row.rating !== null && STARS[row.rating] ? { starRating: STARS[row.rating] } : {}),
      ...(row.content ? { comment: row.content } : {}),
      createTime,
      updateTime: row.updated_at_source ? iso(row.updated_at_source) : createTime,
    };
    if (row.reply) review.reviewReply = { comment: row.reply, updateTime: iso(row.replied_at ?? createTime) };
    return [review];
  });
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

interface PageReviewRow extends ListingReviewRow {
  page_name: string;
  recommendation: string | null;
}

/**
 * What the sandbox Facebook holds for a demo Page the first time it is asked about it: the demo's
 * recommendations at that listing (`urls.reference_id` is the Page id), each with its story and the Page's
 * published reply as the story's comment. Undefined when no sandbox account has a Facebook listing there.
 */
export async function demoFacebookPage(
  db: Kysely<DB>,
  pageId: string,
): Promise<{ pageName: string; ratings: FacebookApiRecommendation[] } | undefined> {
  const { rows } = await sql<PageReviewRow>`
    SELECT coalesce(l.public_name, l.name) AS page_name, r.source_review_id, r.author_name, r.author_avatar_url,
      r.rating, r.recommendation, r.content, r.published_at, r.updated_at_source, p.content AS reply,
      p.published_at AS replied_at
    FROM urls u
    JOIN sandbox_accounts sa ON sa.account_id = u.account_id
    JOIN sources s ON s.id = u.source_id AND s.code = 'facebook'
    JOIN locations l ON l.id = u.location_id
    LEFT JOIN reviews r ON r.location_id = u.location_id AND r.source_id = u.source_id
      AND r.deleted_at_source IS NULL
    LEFT JOIN LATERAL (
      SELECT content, published_at FROM responses
      WHERE review_id = r.id AND status = 'published' AND deleted_at IS NULL
      ORDER BY published_at DESC NULLS LAST LIMIT 1
    ) p ON true
    WHERE u.reference_id = ${pageId}`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  const ratings = rows.flatMap((row): FacebookApiRecommendation[] => {
    if (!row.source_review_id || !row.published_at) return [];
    const storyId = row.source_review_id;
    const kind = row.recommendation === "positive" || row.recommendation === "negative" ? row.recommendation : null;
    return [
      {
        created_time: graphDate(new Date(row.published_at)),
        ...(kind ? { recommendation_type: kind } : {}),
        ...(row.content ? { review_text: row.content } : {}),
        ...(row.rating !== null ? { rating: row.rating } : {}),
        has_rating: row.rating !== null,
        ...(row.author_name ? { reviewer: { id: `reviewer-${storyId}`, name: row.author_name } } : {}),
        open_graph_story: {
          id: storyId,
          comments: row.reply
            ? [
                {
                  id: `${storyId}_0`,
                  from: { id: pageId, name: first.page_name },
                  message: row.reply,
                  created_time: graphDate(new Date(row.replied_at ?? row.published_at)),
                },
              ]
            : [],
        },
      } as FacebookApiRecommendation,
    ];
  });
  return { pageName: first.page_name, ratings };
}

/** The demo Page (Facebook listing id) whose recommendation has this story id; undefined when none does. */
export async function demoFacebookPageOfStory(db: Kysely<DB>, storyId: string): Promise<string | undefined> {
  const { rows } = await sql<{ reference_id: string }>`
    SELECT u.reference_id FROM reviews r
    JOIN sandbox_accounts sa ON sa.account_id = r.account_id
    JOIN sources s ON s.id = r.source_id AND s.code = 'facebook'
    JOIN urls u ON u.location_id = r.location_id AND u.source_id = r.source_id AND u.reference_id IS NOT NULL
    WHERE r.source_review_id = ${storyId}
    LIMIT 1`.execute(db);
  return rows[0]?.reference_id;
}
