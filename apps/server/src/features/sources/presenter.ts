import type { TIssue, TSource, TUrl, TUrlsCheck } from "@starboard/contract/reviews";
import type { Selectable } from "kysely";
import type { SourcesTable } from "../../db/schema.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "./catalogue.ts";
import type { IssueRow, UrlRow } from "./queries.ts";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function presentSource(s: Selectable<SourcesTable>): TSource {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    ordinal: s.ordinal,
    logo_url: s.logo_url,
    color: s.color,
    supports_reviews: s.supports_reviews,
    supports_responses: s.supports_responses,
    supports_images: s.supports_images,
    response_char_limit: s.response_char_limit,
    _links: { self: { href: `/api/sources/${s.id}` } },
  };
}

export function presentUrl(u: UrlRow): TUrl {
  return {
    id: u.id,
    account_id: u.account_id,
    location_id: u.location_id,
    source_id: u.source_id,
    source_code: u.source_code,
    source_name: u.source_name,
    link: u.link,
    reference_id: u.reference_id,
    status: u.status,
    request_reviews: u.request_reviews,
    feedback_forbidden: FEEDBACK_FORBIDDEN_SOURCES.has(u.source_code),
    last_scanned_at: iso(u.last_scanned_at),
    _links: { self: { href: `/api/urls/${u.id}` } },
  };
}

export function presentUrlsCheck(
  locationId: string,
  rows: { source_id: string; source_code: string; source_name: string; url_id: string | null; link: string | null }[],
): TUrlsCheck {
  const sources = rows.map((s) => ({
    source_id: s.source_id,
    source_code: s.source_code,
    source_name: s.source_name,
    has_url: s.url_id !== null,
    url_id: s.url_id,
    link: s.link,
  }));
  return {
    location_id: locationId,
    total: sources.length,
    present: sources.filter((s) => s.has_url).length,
    sources,
  };
}

/** An issue with its source's code, name, colour and the catalogue's title and message for it. */
export function presentIssue(i: IssueRow, source: Selectable<SourcesTable> | undefined): TIssue {
  return {
    id: i.id,
    account_id: i.account_id,
    location_id: i.location_id,
    resource_type: "location",
    resource_id: i.location_id,
    source_id: i.source_id,
    source_code: source?.code ?? "",
    source_name: source?.name ?? "",
    status: i.status,
    title: source?.connection_issue_title ?? null,
    message: source?.connection_issue_message ?? null,
    color: source?.color ?? null,
    muted: i.muted,
    created_at: new Date(i.created_at).toISOString(),
    resolved_at: iso(i.resolved_at),
    _links: { self: { href: `/api/issues/${i.id}` } },
  };
}
