import type { TCampaign, TCampaignCounts, TCampaignRecipient } from "@starboard/contract/campaigns";
import { REQUEST_TYPE_IDS } from "@starboard/contract/request-templates";
import { feedbackSelectorType } from "@starboard/contract/requests";
import type { CampaignRow, RecipientRow } from "./queries.ts";

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function presentCampaign(r: CampaignRow, counts: TCampaignCounts): TCampaign {
  const fc = (r.feedback_configuration ?? {}) as { selector_type?: unknown; microsurvey_id?: unknown };
  return {
    id: r.id,
    account_id: r.account_id,
    location_id: r.location_id,
    location_ids: r.location_ids ?? [],
    is_multi: r.is_multi,
    request_type_id: REQUEST_TYPE_IDS[r.request_type],
    request_type: r.request_type,
    layout_id: r.layout_id,
    template_id: r.template_id,
    name: r.name,
    subject: r.subject,
    content: r.content,
    header_text: r.header_text,
    header_image: r.header_image,
    use_header_image: r.use_header_image,
    sender_email: r.sender_email,
    sender_name: r.sender_name,
    url_ids: r.url_ids ?? [],
    status: r.status,
    auto_select_sources: r.auto_select_sources,
    feedback_configuration: {
      selector_type: feedbackSelectorType(fc.selector_type),
      microsurvey_id: r.microsurvey_id ?? (typeof fc.microsurvey_id === "string" ? fc.microsurvey_id : null),
    },
    scheduled_at: iso(r.scheduled_at),
    started_at: iso(r.started_at),
    sent_at: iso(r.sent_at),
    cancelled_at: iso(r.cancelled_at),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    counts,
    _links: { self: { href: `/api/campaigns/${r.id}` } },
  };
}

export function presentRecipient(r: RecipientRow, channel: "email" | "sms"): TCampaignRecipient {
  return {
    contact_id: r.contact_id,
    request_id: r.request_id ?? null,
    name: r.name,
    email: r.email,
    phone: r.phone,
    channel: (r.channel as "email" | "sms" | null) ?? channel,
    status: r.status ?? null,
    skip_reason: r.skip_reason ?? null,
    failure_reason: r.failure_reason ?? null,
    added_at: iso(r.added_at) as string,
    queued_at: iso(r.queued_at),
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
    failed_at: iso(r.failed_at),
    opened_at: iso(r.opened_at),
    clicked_at: iso(r.clicked_at),
    completed_at: iso(r.completed_at),
    score: r.score ?? null,
  };
}

/** The campaigns CSV: one line per campaign. */
export const CAMPAIGN_CSV_COLUMNS = [
  "id",
  "name",
  "status",
  "request_type",
  "location_ids",
  "recipients",
  "requests",
  "sent",
  "delivered",
  "failed",
  "skipped",
  "opened",
  "clicked",
  "completed",
  "scheduled_at",
  "started_at",
  "sent_at",
  "created_at",
] as const;
