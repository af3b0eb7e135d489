import type { TResponseStatus, TReview, TReviewImage } from "@starboard/contract/reviews";
import { encodeCursor } from "./cursor.ts";
import type { ReviewListRow } from "./queries.ts";

/** An instant as ISO text in UTC to the millisecond (a Date from the driver, or ISO text with offset from JSON). */
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Shapes a page of review rows (with their tags, images and current response) into review resources. */
export function presentReviews(rows: ReviewListRow[], sort: string): TReview[] {
  return rows.map((r) => {
    const response = r.response;
    return {
      id: r.id,
      account_id: r.account_id,
      location_id: r.location_id,
      location: {
        id: r.location_id,
        name: r.location_name,
        address: r.location_address,
        city: r.location_city,
        state: r.location_state,
      },
      source_id: r.source_id,
      source_code: r.source_code,
      source_name: r.source_name,
      source: {
        id: r.source_id,
        code: r.source_code,
        name: r.source_name,
        logo_url: r.source_logo_url,
        sandbox: r.source_sandbox,
      },
      author_name: r.author_name,
      author_avatar_url: r.author_avatar_url,
      rating: r.rating,
      recommendation: r.recommendation,
      title: r.title,
      content: r.content,
      published_at: new Date(r.published_at).toISOString(),
      first_seen_at: new Date(r.first_seen_at).toISOString(),
      url: r.url,
      // The shared definition (contract review-answered.ts, answered.ts): the metrics count what the card offers.
      respondable: r.respondable && r.deleted_at_source === null,
      response_char_limit: r.source_response_char_limit,
      sentiment: r.sentiment,
      categories: r.categories ?? [],
      status_label_id: r.status_label_id,
      status_label:
        r.status_label_id && r.status_label_name
          ? { id: r.status_label_id, name: r.status_label_name, color: r.status_label_color }
          : null,
      assigned_user:
        r.assigned_user_id && r.assigned_user_name !== null
          ? { id: r.assigned_user_id, name: r.assigned_user_name }
          : null,
      tags: r.tags.map((t) => ({ id: t.tag_id, name: t.name })),
      images: r.images.map(
        (i): TReviewImage => ({
          id: i.id,
          name: i.name,
          cdn_url: i.cdn_url,
          url: i.url,
          cdn_low_resolution_url: i.cdn_low_resolution_url,
          low_resolution_url: i.low_resolution_url,
        }),
      ),
      response: response
        ? {
            id: response.id,
            status: response.status as TResponseStatus,
            status_description: response.status_description,
            published_at: iso(response.published_at),
            content: response.content,
            read_only: response.read_only,
            from_source: response.from_source,
          }
        : null,
      response_status: r.response_status,
      deleted_at_source: iso(r.deleted_at_source),
      author: r.author_name,
      permalink: r.url,
      name: r.location_name,
      extra_text: r.title,
      business_response_url: r.url,
      origin_published_at: new Date(r.published_at).toISOString(),
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      metadata: {},
      url_metadata: {},
      cursor: encodeCursor({ sort, values: r.cursor_values }),
      _links: {
        self: { href: `/api/reviews/${r.id}` },
        history: { href: `/api/reviews/${r.id}/history` },
        responses: { href: `/api/responses?review_id=${r.id}` },
      },
    };
  });
}
