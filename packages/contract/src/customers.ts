// Customers (contacts), the do-not-contact list and uploads (issue 16; docs/product/reviews.md §3 "Upload
// results", §4 "Campaign"; platform.md §5 patterns, §7 POST /upload and the direct CSV downloads).
// The limits below are ours (the spec does not show them); docs/api.md "Customers and uploads" lists them.
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

/** The largest upload (CSV or image): the multipart limit of the server. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Data rows a recipient CSV may hold (the header aside); longer files end in error. */
export const MAX_UPLOAD_ROWS = 250_000;
/** Custom attribute columns of a CSV, and custom attributes of a customer. */
export const MAX_CUSTOM_ATTRIBUTES = 50;
export const MAX_ATTRIBUTE_KEY = 50;
export const MAX_ATTRIBUTE_VALUE = 500;
export const MAX_NAME = 200;
export const MAX_EMAIL = 254;
/** Rejected rows listed on GET /uploads/{id}; every one is in the failed_upload_recipients CSV. */
export const UPLOAD_REPORT_LIMIT = 500;

/** The columns a recipient CSV understands (any other column becomes a custom attribute). */
export const RECIPIENT_COLUMNS = [
  "name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "location_id",
  "campaign_id",
  "email_consent",
  "sms_consent",
] as const;
/** The header of the recipient template download. */
export const RECIPIENT_TEMPLATE_COLUMNS = ["name", "email", "phone", "location_id", "campaign_id", "sms_consent"];

/** A standard e-mail address (platform.md §5). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** A 10-digit US number with optional separators and parentheses (platform.md §5), optionally led by +1 or 1. */
export const US_PHONE_PATTERN = /^(?:\+?1[-. ]?)?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;

/** Why an upload row was rejected, and the words shown for it. */
export const UPLOAD_ROW_REASONS = {
  bad_email: "Invalid e-mail address",
  bad_phone: "Invalid phone number",
  no_address: "No e-mail address or phone number",
  duplicate: "Duplicate of row {row}",
  do_not_contact: "On the do-not-contact list",
  opted_out: "Opted out",
  unknown_location: "Unknown location",
  campaign_unavailable: "The campaign is not a draft of this account",
} as const;
export type TUploadRowReason = keyof typeof UPLOAD_ROW_REASONS;

export function uploadRowMessage(reason: TUploadRowReason, duplicateOf?: number | null): string {
  return UPLOAD_ROW_REASONS[reason].replace("{row}", String(duplicateOf ?? ""));
}

export const CUSTOMER_MESSAGES = {
  askOff: "Review requests are not turned on for this account",
  emailOrPhone: "Enter an e-mail address or a phone number",
  badEmail: "Enter a valid e-mail address",
  badPhone: "Enter a 10-digit US phone number",
  emailTaken: "A customer with this e-mail address exists",
  phoneTaken: "A customer with this phone number exists",
  alreadyListed: "This address or number is on the do-not-contact list already",
  notDraft: "Recipients change only while the campaign is a draft",
  noFile: "Choose a file to upload (the multipart field file_upload)",
  badKind: "Unknown upload kind. Use recipients or do_not_contact",
  badFileType: "Upload a CSV file or an image",
  noAddressColumn: "The CSV needs an email or a phone column",
  tooManyRows: `The CSV has more than ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} rows`,
  tooManyColumns: `The CSV has more than ${MAX_CUSTOM_ATTRIBUTES} custom attribute columns`,
  notCsv: "The file could not be read as CSV",
  chooseUpload: "Choose an upload (upload_id)",
} as const;

export const CONSENT_METHODS = ["verbal", "written", "web_form", "upload", "sms_keyword", "other"] as const;
export const CHANNELS = ["email", "sms"] as const;

export const ZConsentSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  at: z.string(),
  wording: z.string().max(1000),
});
export type TConsent = z.infer<typeof ZConsentSchema>;

const ZConsentInputSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  at: z.iso.datetime({ offset: true }).optional(),
  wording: z.string().max(1000).default(""),
});

const ZAttributes = z
  .record(z.string().min(1).max(MAX_ATTRIBUTE_KEY), z.string().max(MAX_ATTRIBUTE_VALUE))
  .refine((v) => Object.keys(v).length <= MAX_CUSTOM_ATTRIBUTES, {
    message: `At most ${MAX_CUSTOM_ATTRIBUTES} custom attributes`,
  });

export const ZContactSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  custom_attributes: z.record(z.string(), z.string()),
  email_consent: ZConsentSchema.nullable(),
  sms_consent: ZConsentSchema.nullable(),
  email_opted_out_at: z.string().nullable(),
  sms_opted_out_at: z.string().nullable(),
  email_undeliverable_at: z.string().nullable(),
  last_requested_at: z.string().nullable(),
  do_not_contact: z.boolean(),
  upload_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContact = z.infer<typeof ZContactSchema>;
export const ZContactListSchema = ZHalPageSchema("contacts", ZContactSchema);
export type TContactList = z.infer<typeof ZContactListSchema>;

export const ZContactListQuerySchema = ZListQuerySchema.extend({
  location_id: z.string().max(100).optional(),
  opted_out: z.enum(["true", "false"]).optional(),
  upload_id: z.string().max(100).optional(),
});
export type TContactListQuery = z.infer<typeof ZContactListQuerySchema>;

/** A customer as written: e-mail or phone required (checked by the server, 400 on `email`). */
export const ZContactWriteSchema = z.object({
  account_id: z.string().max(100).optional(),
  name: z.string().trim().max(MAX_NAME).optional(),
  email: z.string().trim().max(MAX_EMAIL).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  location_id: z.string().max(100).nullable().optional(),
  custom_attributes: ZAttributes.optional(),
  email_consent: ZConsentInputSchema.nullable().optional(),
  sms_consent: ZConsentInputSchema.nullable().optional(),
  /** true opts the customer out of the channel now; false opts back in. */
  email_opted_out: z.boolean().optional(),
  sms_opted_out: z.boolean().optional(),
});
export type TContactWrite = z.input<typeof ZContactWriteSchema>;

export const ZDoNotContactSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TDoNotContact = z.infer<typeof ZDoNotContactSchema>;
export const ZDoNotContactListSchema = ZHalPageSchema("do_not_contact", ZDoNotContactSchema);
export const ZDoNotContactWriteSchema = z.object({
  account_id: z.string().max(100).optional(),
  email: z.string().trim().max(MAX_EMAIL).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  reason: z.string().trim().max(500).nullable().optional(),
});
export type TDoNotContactWrite = z.input<typeof ZDoNotContactWriteSchema>;

export const UPLOAD_KINDS = ["recipients", "do_not_contact", "image"] as const;
export const UPLOAD_STATUSES = ["processing", "complete", "error"] as const;

export const ZUploadCreatedSchema = z.object({ id: z.string() });

export const ZUploadReportRowSchema = z.object({
  row: z.number(),
  reason: z.enum(Object.keys(UPLOAD_ROW_REASONS) as [TUploadRowReason, ...TUploadRowReason[]]),
  message: z.string(),
  duplicate_of: z.number().nullable(),
  values: z.record(z.string(), z.string()),
});
export type TUploadReportRow = z.infer<typeof ZUploadReportRowSchema>;

export const ZUploadSchema = z.object({
  id: z.string(),
  upload_id: z.string(),
  account_id: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  status: z.enum(UPLOAD_STATUSES),
  error: z.string().nullable(),
  file_name: z.string(),
  mime_type: z.string().nullable(),
  location_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  rows_done: z.number(),
  rows_total: z.number().nullable(),
  total_successful_recipients: z.number(),
  total_failed_recipients: z.number(),
  report: z.array(ZUploadReportRowSchema),
  report_truncated: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TUpload = z.infer<typeof ZUploadSchema>;

export const ZCsvAccountQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  nonce: z.string().optional(),
  auth_token: z.string().optional(),
});
export const ZFailedRecipientsQuerySchema = ZCsvAccountQuerySchema.extend({
  upload_id: z.string().max(100).optional(),
});
