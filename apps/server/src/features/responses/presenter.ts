import type { TResponse, TResponseStatus } from "@starboard/contract/reviews";
import type { ResponseRow } from "./queries.ts";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function presentResponse(row: ResponseRow & { user_name: string | null; location_id: string }): TResponse {
  return {
    id: row.id,
    account_id: row.account_id,
    review_id: row.review_id,
    source_id: row.source_id,
    user_id: row.user_id,
    user_name: row.user_name,
    content: row.content,
    status: row.status as TResponseStatus,
    status_description: row.status_description,
    read_only: row.read_only,
    from_source: row.from_source,
    published_at: iso(row.published_at),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    created_by_user_id: row.user_id,
    location_id: row.location_id,
    deleted_at: iso(row.deleted_at),
    response_template_id: null,
    _links: { self: { href: `/api/responses/${row.id}` } },
  };
}
