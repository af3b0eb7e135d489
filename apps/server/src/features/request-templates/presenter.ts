import { REQUEST_TYPE_IDS, type TRequestTemplate, type TRtxImageEvent } from "@starboard/contract/request-templates";
import { feedbackSelectorType } from "@starboard/contract/requests";
import type { RtxImageRow, TemplateRow } from "./queries.ts";

export function presentTemplate(r: TemplateRow): TRequestTemplate {
  return {
    id: r.id,
    account_id: r.account_id,
    request_type_id: REQUEST_TYPE_IDS[r.request_type],
    request_type_symbol: r.request_type,
    request_type: r.request_type,
    layout_id: r.layout_id,
    metadata: (r.metadata ?? {}) as Record<string, unknown>,
    resource_id: r.resource_id,
    resource_type: r.resource_type,
    name: r.name,
    content: r.content,
    subject: r.subject,
    header_text: r.header_text,
    header_image: r.header_image,
    use_header_image: r.use_header_image,
    feedback_type: feedbackSelectorType(r.feedback_type),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    _links: { self: { href: `/api/templates/${r.id}` } },
  };
}

export function presentRtxImage(r: RtxImageRow): TRtxImageEvent {
  return {
    id: r.id,
    channel: `rtx_images-${r.resource_id}`,
    action: r.status,
    label: r.label,
    url: r.url,
    message: r.message,
    width: r.width,
    height: r.height,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
