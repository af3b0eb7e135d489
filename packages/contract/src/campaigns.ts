// Review request campaigns (issue 16; docs/product/reviews.md §3 "Campaign payload", §4 "Campaign").
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { REQUEST_TEMPLATE_LIMITS as L } from "./request-template-render.ts";
import { CAMPAIGN_STATUSES, FEEDBACK_SELECTOR_TYPES, REQUEST_STATUSES } from "./requests.ts";
import { z } from "./zod.ts";

const ZLinks = z.object({ self: z.object({ href: z.string() }) });

/** Limits of a campaign (docs/api.md "Campaigns"). */
export const CAMPAIGN_LIMITS = {
  name: 120,
  /** Recipients named at once in `recipients` (an upload brings more). */
  recipientsPerCall: 5000,
  locations: 500,
  urlIds: 50,
  /** A schedule is at most this far ahead. */
  scheduleDays: 365,
} as const;

export const CAMPAIGN_MESSAGES = {
  notDraft: "Recipients and content change only while the campaign is a draft",
  noRecipients: "Add at least one recipient before sending",
  forbiddenSite: "This review site does not allow asking for reviews",
  unknownSite: "Unknown review site",
  askOff: "Review requests are not enabled for this account",
  smsOff: "Text message requests are not enabled for this account",
  cannotSend: "Only a draft or scheduled campaign can be sent",
  cannotSchedule: "Only a draft campaign can be scheduled",
  cannotCancel: "A sent or cancelled campaign cannot be cancelled",
  scheduleInPast: "Choose a time in the future",
} as const;

export const ZFeedbackConfigurationSchema = z.object({
  /** microsurvey, nps, stars, smiley or thumbs; anything else is stored as nps. */
  selector_type: z.string().max(50).optional(),
  microsurvey_id: z.string().max(100).nullable().optional(),
});

export const ZCampaignCountsSchema = z.object({
  recipients: z.number(),
  requests: z.number(),
  queued: z.number(),
  held: z.number(),
  skipped: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  opened: z.number(),
  clicked: z.number(),
  completed: z.number(),
});
export type TCampaignCounts = z.infer<typeof ZCampaignCountsSchema>;

export const ZCampaignSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string().nullable(),
  location_ids: z.array(z.string()),
  /** A multiCampaign (several locations). */
  is_multi: z.boolean(),
  request_type_id: z.number(),
  request_type: z.enum(["email", "sms"]),
  layout_id: z.string().nullable(),
  template_id: z.string().nullable(),
  name: z.string(),
  subject: z.string().nullable(),
  content: z.string().nullable(),
  header_text: z.string().nullable(),
  header_image: z.string().nullable(),
  use_header_image: z.boolean(),
  sender_email: z.string().nullable(),
  sender_name: z.string().nullable(),
  url_ids: z.array(z.string()),
  status: z.enum(CAMPAIGN_STATUSES),
  auto_select_sources: z.boolean(),
  feedback_configuration: z.object({
    selector_type: z.enum(FEEDBACK_SELECTOR_TYPES),
    microsurvey_id: z.string().nullable(),
  }),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  counts: ZCampaignCountsSchema,
  _links: ZLinks,
});
export type TCampaign = z.infer<typeof ZCampaignSchema>;
export const ZCampaignListSchema = ZHalPageSchema("campaigns", ZCampaignSchema);
export type TCampaignList = z.infer<typeof ZCampaignListSchema>;

/**
 * A campaign's fields as written. All optional here; on create the server requires `name`, the request
 * type and a location (`location_id` or `location_ids`), 400 with the field otherwise. `recipients`
 * (contact ids) and `upload_id` (a completed `POST /upload`) add recipients, only in draft;
 * `remove_recipients` takes some out.
 */
export const ZCampaignWriteSchema = z.object({
  account_id: z.string().max(100).optional(),
  name: z
    .string()
    .max(L.name * 4)
    .optional(),
  location_id: z.string().max(100).nullable().optional(),
  location_ids: z.array(z.string().max(100)).max(CAMPAIGN_LIMITS.locations).optional(),
  request_type: z.enum(["email", "sms"]).optional(),
  request_type_symbol: z.enum(["email", "sms"]).optional(),
  request_type_id: z.coerce.number().int().min(1).max(2).optional(),
  layout_id: z.string().max(100).nullable().optional(),
  template_id: z.string().max(100).nullable().optional(),
  subject: z
    .string()
    .max(L.subject * 4)
    .nullable()
    .optional(),
  content: z
    .string()
    .max(L.email_content * 4)
    .nullable()
    .optional(),
  header_text: z
    .string()
    .max(L.header_text * 4)
    .nullable()
    .optional(),
  header_image: z.string().max(2000).nullable().optional(),
  use_header_image: z.boolean().optional(),
  sender_email: z.string().max(320).nullable().optional(),
  sender_name: z.string().max(200).nullable().optional(),
  url_ids: z.array(z.string().max(100)).max(CAMPAIGN_LIMITS.urlIds).optional(),
  auto_select_sources: z.boolean().optional(),
  feedback_configuration: ZFeedbackConfigurationSchema.optional(),
  /** Only `draft` may be written here; sending and scheduling have their own calls. */
  status: z.string().max(20).optional(),
  recipients: z.array(z.string().max(100)).max(CAMPAIGN_LIMITS.recipientsPerCall).optional(),
  remove_recipients: z.array(z.string().max(100)).max(CAMPAIGN_LIMITS.recipientsPerCall).optional(),
  upload_id: z.string().max(100).optional(),
});
export type TCampaignWrite = z.infer<typeof ZCampaignWriteSchema>;

export const ZCampaignListQuerySchema = ZListQuerySchema.extend({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  location_id: z.string().max(100).optional(),
  request_type: z.enum(["email", "sms"]).optional(),
});

export const ZCampaignSchedulePayload = z.object({
  account_id: z.string().max(100).optional(),
  /** ISO time; required (400 with the field) and in the future. */
  scheduled_at: z.string().max(50).optional(),
});

export const ZCampaignOverviewQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  location_id: z.string().max(100).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  nonce: z.string().optional(),
});
export const ZCampaignOverviewSchema = z.object({
  totals: ZCampaignCountsSchema,
  campaigns: z.array(
    z.object({
      campaign_id: z.string(),
      name: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      request_type: z.enum(["email", "sms"]),
      counts: ZCampaignCountsSchema,
    }),
  ),
});
export type TCampaignOverview = z.infer<typeof ZCampaignOverviewSchema>;

/** One recipient of a campaign and, once it started, its request's status (null: not asked yet). */
export const ZCampaignRecipientSchema = z.object({
  contact_id: z.string(),
  request_id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  channel: z.enum(["email", "sms"]),
  status: z.enum(REQUEST_STATUSES).nullable(),
  skip_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  added_at: z.string(),
  queued_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  score: z.number().nullable(),
});
export type TCampaignRecipient = z.infer<typeof ZCampaignRecipientSchema>;
export const ZCampaignRecipientListSchema = ZHalPageSchema("requests", ZCampaignRecipientSchema);
export type TCampaignRecipientList = z.infer<typeof ZCampaignRecipientListSchema>;
export const ZCampaignRecipientQuerySchema = ZListQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
});

/** Sites a campaign offers (from `GET /urls`, never a `feedback_forbidden` one). */
export const ZCampaignsCsvQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  nonce: z.string().optional(),
  auth_token: z.string().optional(),
});
