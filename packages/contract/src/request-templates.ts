// Review request templates (issue 16; docs/product/reviews.md §3 "Template payload") and header images
// (reviews.md §4 "Header image upload", §7 `POST /webhooks/rtx-images`, platform.md §8 image rules).
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { REQUEST_TEMPLATE_LIMITS as L } from "./request-template-render.ts";
import { FEEDBACK_SELECTOR_TYPES } from "./requests.ts";
import { z } from "./zod.ts";

const ZLinks = z.object({ self: z.object({ href: z.string() }) });

/** `request_type_id`: 1 e-mail, 2 SMS (`request_type_symbol` "email" / "sms"). */
export const REQUEST_TYPE_IDS = { email: 1, sms: 2 } as const;
export function requestTypeOf(input: {
  request_type?: string | null;
  request_type_id?: number | null;
  request_type_symbol?: string | null;
}): "email" | "sms" | undefined {
  const symbol = input.request_type ?? input.request_type_symbol;
  if (symbol === "email" || symbol === "sms") return symbol;
  if (input.request_type_id === 1) return "email";
  if (input.request_type_id === 2) return "sms";
  return undefined;
}

export const ZRequestTemplateSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  request_type_id: z.number(),
  request_type_symbol: z.enum(["email", "sms"]),
  request_type: z.enum(["email", "sms"]),
  layout_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  resource_id: z.string().nullable(),
  resource_type: z.string().nullable(),
  name: z.string(),
  content: z.string(),
  subject: z.string().nullable(),
  header_text: z.string().nullable(),
  header_image: z.string().nullable(),
  use_header_image: z.boolean(),
  feedback_type: z.enum(FEEDBACK_SELECTOR_TYPES),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TRequestTemplate = z.infer<typeof ZRequestTemplateSchema>;
export const ZRequestTemplateListSchema = ZHalPageSchema("templates", ZRequestTemplateSchema);
export type TRequestTemplateList = z.infer<typeof ZRequestTemplateListSchema>;

/**
 * A template's fields as written. Every field is optional here; on create the server requires `name`,
 * the request type (`request_type`, `request_type_symbol` or `request_type_id`) and `content` (400 with
 * the field), and checks placeholders and the limits of REQUEST_TEMPLATE_LIMITS.
 */
export const ZRequestTemplateWriteSchema = z.object({
  account_id: z.string().max(100).optional(),
  request_type: z.enum(["email", "sms"]).optional(),
  request_type_symbol: z.enum(["email", "sms"]).optional(),
  request_type_id: z.coerce.number().int().min(1).max(2).optional(),
  layout_id: z.string().max(100).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  resource_id: z.string().max(100).nullable().optional(),
  resource_type: z.string().max(100).nullable().optional(),
  name: z
    .string()
    .max(L.name * 4)
    .optional(),
  content: z
    .string()
    .max(L.email_content * 4)
    .optional(),
  subject: z
    .string()
    .max(L.subject * 4)
    .nullable()
    .optional(),
  header_text: z
    .string()
    .max(L.header_text * 4)
    .nullable()
    .optional(),
  header_image: z.string().max(2000).nullable().optional(),
  use_header_image: z.boolean().optional(),
  /** microsurvey, nps, stars, smiley or thumbs; anything else is stored as nps. */
  feedback_type: z.string().max(50).optional(),
});
export type TRequestTemplateWrite = z.infer<typeof ZRequestTemplateWriteSchema>;

export const ZRequestTemplateListQuerySchema = ZListQuerySchema.extend({
  request_type: z.enum(["email", "sms"]).optional(),
});

/** The rendered preview (sample customer, the account's name as business name). */
export const ZRequestTemplatePreviewSchema = z.object({
  channel: z.enum(["email", "sms"]),
  feedback_type: z.enum(FEEDBACK_SELECTOR_TYPES),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  sms: z
    .object({ encoding: z.enum(["GSM-7", "UCS-2"]), length: z.number(), segments: z.number(), perSegment: z.number() })
    .nullable(),
});
export type TRequestTemplatePreview = z.infer<typeof ZRequestTemplatePreviewSchema>;

// ---- Header images ----

/** platform.md §8 / locations.md §8: JPG or PNG, at most 5 MB, at least 10240 bytes and 250x250 px. */
export const HEADER_IMAGE_RULES = {
  mimeTypes: ["image/jpeg", "image/png"],
  maxBytes: 5 * 1024 * 1024,
  minBytes: 10240,
  minWidth: 250,
  minHeight: 250,
  /** Stored no wider than this (e-mail width is 600 px; twice for sharp screens). */
  resizeWidth: 1200,
} as const;
export const HEADER_IMAGE_MESSAGES = {
  type: "Files must be JPG or PNG",
  tooSmallPixels: "Unable to upload image. Please choose a file that is at least 250px by 250px.",
  tooLarge: "Unable to upload image. Please choose a file smaller than 5mb.",
  tooFewBytes: "Unable to upload image. Please choose a file that is at least 10240 bytes.",
  upload: "Unable to upload image, please try again later",
  process: "Unable to process image, please try again later",
} as const;
/** reviews.md §9: the client gives up after this long without a completion event. */
export const IMAGE_PROCESSING_TIMEOUT_MS = 15_000;

export const ZRtxImageWebhookSchema = z.object({
  event: z.string().max(50).optional(),
  label: z.string().max(200).optional(),
  account_id: z.string().max(100).optional(),
  /** The channel's resource (`rtx_images-{resource_id}`): a template id, or any id the client chose for a new one. */
  resource_id: z.string().max(100).optional(),
  mime_type: z.string().max(100).optional(),
  /** The upload's id from `POST /upload` (or `uploads/{id}`). */
  s3_path: z.string().max(500).optional(),
});
export type TRtxImageWebhook = z.infer<typeof ZRtxImageWebhookSchema>;

export const ZRtxImageEventSchema = z.object({
  id: z.string(),
  channel: z.string(),
  /** processing, then processing_complete (with `url`) or error (with `message`). */
  action: z.enum(["processing", "processing_complete", "error"]),
  label: z.string().nullable(),
  url: z.string().nullable(),
  message: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRtxImageEvent = z.infer<typeof ZRtxImageEventSchema>;

export const ZPushQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  /** `rtx_images-{resource}`. */
  channel: z.string().max(200).optional(),
  /** Long-poll: wait up to this many seconds (0-25) for an event newer than `since`. */
  wait: z.coerce.number().min(0).max(25).default(0),
  /** An ISO time: only events updated after it. */
  since: z.string().max(50).optional(),
  nonce: z.string().optional(),
});
export const ZPushEventsSchema = z.object({ channel: z.string(), events: z.array(ZRtxImageEventSchema) });
export type TPushEvents = z.infer<typeof ZPushEventsSchema>;
