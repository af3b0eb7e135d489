import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A demo review at a listing, with the published reply it has, as a sandbox first copies it in. */
export interface DemoListingReview {
  source_review_id: string;
  author_name: string | null;
  author_avatar_url: string | null;
  rating: number | null;
  title: string | null;
  content: string | null;
  url: string | null;
  published_at: Date;
  updated_at_source: Date | null;
  reply: string | null;
  replied_at: Date | null;
}

/**
 * The demo's reviews at the listing a sandbox is asked about (`urls.reference_id` at the source `code`: a Yelp
 * business id, a Trustpilot business unit id), with their published replies. Undefined when no sandbox account
 * has a listing with that id at that source (the sandbox does not know it); an empty list for a known listing
 * without reviews.
 */
export async function demoListingReviews(
  db: Kysely<DB>,
  code: string,
  referenceId: string,
): Promise<DemoListingReview[] | undefined> {
  const { rows } = await sql<Omit<DemoListingReview, "source_review_id"> & { source_review_id: string | null }>`
    SELECT r.source_review_id, r.author_name, r.author_avatar_url, r.rating, r.title, r.content, r.url,
      r.published_at, r.updated_at_source, p.content AS reply, p.published_at AS replied_at
    FROM urls u
    JOIN sandbox_accounts sa ON sa.account_id = u.account_id
    JOIN sources s ON s.id = u.source_id AND s.code = ${code}
    LEFT JOIN reviews r ON r.location_id = u.location_id AND r.source_id = u.source_id
      AND r.deleted_at_source IS NULL
    LEFT JOIN LATERAL (
      SELECT content, published_at FROM responses
      WHERE review_id = r.id AND status = 'published' AND deleted_at IS NULL
      ORDER BY published_at DESC NULLS LAST LIMIT 1
    ) p ON true
    WHERE u.reference_id = ${referenceId}`.execute(db);
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) =>
    row.source_review_id && row.published_at
      ? [
          {
            ...row,
            source_review_id: row.source_review_id,
            published_at: new Date(row.published_at),
            updated_at_source: row.updated_at_source ? new Date(row.updated_at_source) : null,
            replied_at: row.replied_at ? new Date(row.replied_at) : null,
          },
        ]
      : [],
  );
}

/** The listing (`urls.reference_id`) of a sandbox account's review at the source `code`; undefined when none. */
export async function demoListingOfReview(
  db: Kysely<DB>,
  code: string,
  sourceReviewId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ reference_id: string }>`
    SELECT u.reference_id FROM reviews r
    JOIN sandbox_accounts sa ON sa.account_id = r.account_id
    JOIN sources s ON s.id = r.source_id AND s.code = ${code}
    JOIN urls u ON u.location_id = r.location_id AND u.source_id = r.source_id AND u.reference_id IS NOT NULL
    WHERE r.source_review_id = ${sourceReviewId}
    LIMIT 1`.execute(db);
  return rows[0]?.reference_id;
}
