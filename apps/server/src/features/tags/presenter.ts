import type { TReviewTag, TTag } from "@starboard/contract/reviews";
import type { ReviewTagRow, TagRow } from "./queries.ts";

export function presentTag(r: TagRow & { review_count?: number }): TTag {
  return {
    id: r.id,
    account_id: r.account_id,
    name: r.name,
    created_at: new Date(r.created_at).toISOString(),
    ...(r.review_count !== undefined ? { review_count: Number(r.review_count) } : {}),
    _links: { self: { href: `/api/tags/${r.id}` } },
  };
}

export function presentReviewTag(r: ReviewTagRow): TReviewTag {
  return {
    id: r.id,
    account_id: r.account_id,
    review_id: r.review_id,
    tag_id: r.tag_id,
    name: r.name,
    created_at: new Date(r.created_at).toISOString(),
    _links: { self: { href: `/api/review_tags/${r.id}` } },
  };
}
