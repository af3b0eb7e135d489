/**
 * Scheduled exports (docs/product/platform.md §2 "Schedule Export flyout", "Scheduled Exports list page", §3
 * "Scheduled export", §4 "Scheduled export schedule", §5, §8, §9): a CSV of a report e-mailed to account users
 * daily, weekly or monthly, over a rolling date range resolved at send time.
 */

import { DATE_DESCRIPTORS } from "./date-ranges.ts";
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

export const SCHEDULED_EXPORT_NAME_MAX = 100;
export const SCHEDULED_EXPORT_BODY_MAX = 2000;
export const SCHEDULED_EXPORT_RECIPIENTS_MAX = 50;

export const EMAIL_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type TEmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const WEEK_DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type TWeekDay = (typeof WEEK_DAYS)[number];

/** The schedule's defaults (docs/product/platform.md §4, §9). */
export const SCHEDULE_DEFAULTS = {
  email_frequency: "daily",
  scheduled_time: "13:00",
  scheduled_day: "sunday",
  scheduled_day_of_month: 1,
} as const;

/**
 * The report types a schedule exports, each with its display name and the report page its row links back to
 * (docs/product/platform.md §2). `{resource_id}` is the keyword or microsurvey.
 */
export const SCHEDULED_EXPORT_TYPES = {
  reviews: { label: "Reviews", page: "/reviews" },
  metric_locations: { label: "Location Performance", page: "/dashboard/locations" },
  metric_groups: { label: "Group Performance", page: "/dashboard/locations" },
  location_performance: { label: "Location Performance Overview", page: "/dashboard/locations" },
  competitors_overview: { label: "Competitors", page: "/competitors/locations" },
  experience_categories: { label: "Experience Categories", page: "/dashboard/keywords/categories" },
  keywords: { label: "Keywords", page: "/dashboard/keywords" },
  competitors_brands: { label: "Competitor Brands", page: "/competitors/brands" },
  keyword_details: { label: "Keyword Details", page: "/dashboard/keywords/{resource_id}" },
  microsurvey_responses: {
    label: "Microsurvey Responses",
    page: "/request-reviews/microsurveys/{resource_id}/summaries",
  },
} as const;
export type TScheduledExportType = keyof typeof SCHEDULED_EXPORT_TYPES;
export const SCHEDULED_EXPORT_TYPE_NAMES = Object.keys(SCHEDULED_EXPORT_TYPES) as [
  TScheduledExportType,
  ...TScheduledExportType[],
];
/** Types about one record: their resource_id is required. */
export const SCHEDULED_EXPORT_TYPES_WITH_RESOURCE: readonly TScheduledExportType[] = [
  "keyword_details",
  "microsurvey_responses",
];

export const SCHEDULED_EXPORT_MESSAGES = {
  fillOutAllSections: "Fill out all sections",
  nameRequired: "Enter a name",
  nameTooLong: `Name must be at most ${SCHEDULED_EXPORT_NAME_MAX} characters`,
  bodyTooLong: `Description must be at most ${SCHEDULED_EXPORT_BODY_MAX} characters`,
  recipientsRequired: "Add at least one recipient",
  recipientsTooMany: `At most ${SCHEDULED_EXPORT_RECIPIENTS_MAX} recipients`,
  recipientNotInAccount: "Recipients must be users of the account",
  timeInvalid: "Enter a time as HH:MM",
  dayRequired: "Choose a day of the week",
  dayOfMonthInvalid: "Enter a day of the month from 1 to 31",
  resourceRequired: "This export needs the keyword or microsurvey it is about",
  exportTypeRequired: "Choose what to export",
  frequencyRequired: "Choose how often to send it",
  saved: "Scheduled Export saved",
  updated: "Scheduled Export updated",
  saveFailed: "Could not save Scheduled Export",
  updateFailed: "Could not update Scheduled Export",
  deletedOne: "Scheduled Export deleted",
  deletedMany: (n: number) => `${n} Scheduled Exports deleted`,
  notDeletedOne: "Scheduled Export was not deleted",
  notDeletedSome: "Some Scheduled Exports were not deleted",
  empty: "No Scheduled Exports",
  noUsers: "No users found in account.",
} as const;

const ZIdList = z.array(z.string().trim().min(1).max(100)).max(5000);

/** What the export narrows to (docs/product/platform.md §3). Reviews read status_enum; microsurveys normalize_star_rating. */
export const ZScheduledExportFiltersSchema = z.object({
  group_id: ZIdList.optional(),
  location_id: ZIdList.optional(),
  source_id: ZIdList.optional(),
  rating: z
    .array(z.string().regex(/^[0-5]$/, { message: "Rating filter values are the strings 0 to 5" }))
    .max(6)
    .optional(),
  sort: z.string().max(100).optional(),
  status_enum: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  category: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  sentiment: z.union([z.literal(1), z.literal(-1), z.literal("positive"), z.literal("negative")]).optional(),
  brands: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  brand_ids: ZIdList.optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  normalize_star_rating: z.boolean().optional(),
});
export type TScheduledExportFilters = z.infer<typeof ZScheduledExportFiltersSchema>;

const ZText = z.string().max(10_000);

/**
 * The payload the flyout sends (POST; PATCH sends any of it). A missing required field answers 400 with the
 * spec's message (docs/product/platform.md §5), checked by the server rather than by shape.
 */
export const ZScheduledExportWriteSchema = z.object({
  export_type: z.enum(SCHEDULED_EXPORT_TYPE_NAMES).optional(),
  resource_id: z.string().max(200).nullable().optional(),
  /** The export's name (required, at most 100 characters). */
  email_subject: ZText.optional(),
  email_body: ZText.nullable().optional(),
  email_frequency: z.enum(EMAIL_FREQUENCIES).optional(),
  /** 24-hour HH:MM in the account's time zone. */
  scheduled_time: z.string().max(20).optional(),
  scheduled_day: z.enum(WEEK_DAYS).nullable().optional(),
  scheduled_day_of_month: z.number().int().nullable().optional(),
  /** The date preset resolved at each send (no allTime, no custom). */
  date_range_legend: z.enum(DATE_DESCRIPTORS).nullable().optional(),
  filters: ZScheduledExportFiltersSchema.optional(),
  recipient_user_ids: z.array(z.string().max(100)).max(1000).optional(),
});
export type TScheduledExportWrite = z.input<typeof ZScheduledExportWriteSchema>;
export const ZScheduledExportCreateSchema = ZScheduledExportWriteSchema.extend({
  account_id: z.string().max(100).optional(),
});
export type TScheduledExportCreate = z.input<typeof ZScheduledExportCreateSchema>;
export const ZScheduledExportPatchSchema = ZScheduledExportWriteSchema.extend({
  id: z.string().max(100).optional(),
});
export type TScheduledExportPatch = z.input<typeof ZScheduledExportPatchSchema>;

const ZStringOrList = z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]);

/** GET /api/scheduled_exports: Admins see everyone's, other users their own. */
export const ZScheduledExportListQuerySchema = ZListQuerySchema.extend({
  export_type: ZStringOrList.optional(),
  "export_type[]": ZStringOrList.optional(),
  created_by_user_id: z.string().max(100).optional(),
  /** `created_at`, `email_subject`, `export_type`, `last_sent_at`, `email_frequency`; `-` before it for descending. */
  sort: z.string().max(100).optional(),
});
export type TScheduledExportListQuery = z.output<typeof ZScheduledExportListQuerySchema>;

export const ZScheduledExportSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  export_type: z.string(),
  /** The export type's name. */
  display_name: z.string(),
  resource_id: z.string().nullable(),
  date_range_legend: z.string(),
  filters: ZScheduledExportFiltersSchema,
  recipient_user_ids: z.array(z.string()),
  recipient_emails: z.array(z.string()),
  email_frequency: z.enum(EMAIL_FREQUENCIES),
  email_subject: z.string(),
  email_body: z.string(),
  scheduled_time: z.string(),
  scheduled_day: z.enum(WEEK_DAYS).nullable(),
  scheduled_day_of_month: z.number().nullable(),
  /** The next send, in UTC (the schedule is in the account's time zone). */
  next_run_at: z.string(),
  last_sent_at: z.string().nullable(),
  created_at: z.string(),
  created_by_user_id: z.string(),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});
export type TScheduledExport = z.infer<typeof ZScheduledExportSchema>;
export const ZScheduledExportListSchema = ZHalPageSchema("scheduled_exports", ZScheduledExportSchema);
export type TScheduledExportList = z.infer<typeof ZScheduledExportListSchema>;

/** The report page a scheduled export's row links back to. */
export function scheduledExportPage(exportType: string, resourceId: string | null | undefined): string {
  const type = SCHEDULED_EXPORT_TYPES[exportType as TScheduledExportType];
  if (!type) return "/reviews";
  return type.page.replace("{resource_id}", encodeURIComponent(resourceId ?? ""));
}
