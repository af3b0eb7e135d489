import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

const ZUuid = z.string().uuid("Must be a valid id");
const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).nullish();

// --- Groups -------------------------------------------------------------------------------------

export const ZGroupWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  /** Sets the group's locations; each must belong to the group's account. */
  location_ids: z.array(ZUuid).max(10_000).optional(),
});
export type TGroupWrite = z.infer<typeof ZGroupWriteSchema>;
/** POST /api/groups: in the signed-in account, or in `account_id` (a child account). */
export const ZGroupCreateSchema = ZGroupWriteSchema.extend({ account_id: ZId.optional() });
export type TGroupCreate = z.infer<typeof ZGroupCreateSchema>;
/** PATCH: any of the fields (PUT sends them all). */
export const ZGroupPatchSchema = ZGroupWriteSchema.partial();

export const ZGroupSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  /** Every member, by location name. */
  location_ids: z.array(z.string()),
  /** The members not permanently closed (open_status other than inactive). */
  active_location_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TGroup = z.infer<typeof ZGroupSchema>;
export const ZGroupListSchema = ZHalPageSchema("groups", ZGroupSchema);
export type TGroupList = z.infer<typeof ZGroupListSchema>;

/** Sorted by `sort[by]` (`name`, `created_at`, `updated_at`, or `relevance` with keywords); by name otherwise. */
export const ZGroupListQuerySchema = ZListQuerySchema.extend({
  /** Only the groups this location belongs to. */
  location_id: ZId.optional(),
});
export type TGroupListQuery = z.infer<typeof ZGroupListQuerySchema>;

// --- Locations ----------------------------------------------------------------------------------

export const OPEN_STATUSES = ["active", "temporarily_inactive", "inactive"] as const;
export type TOpenStatus = (typeof OPEN_STATUSES)[number];
/** docs/product/locations.md §4 "Open status". */
export const OPEN_STATUS_LABELS: Record<TOpenStatus, string> = {
  active: "Open",
  temporarily_inactive: "Temporarily Closed",
  inactive: "Permanently Closed",
};

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** HH:mm, 24-hour (docs/product/locations.md §3 "Hours": times are sent as HH:mm). */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZTimeSchema = z.string().regex(HHMM_PATTERN, "Times are sent as HH:mm (24-hour)");
export const ZTimeRangeSchema = z.object({ open_time: ZTimeSchema, close_time: ZTimeSchema });
export type TTimeRange = z.infer<typeof ZTimeRangeSchema>;
/** One day: open or closed, 24 hours, or a list of ranges. */
export const ZDayHoursSchema = z.object({
  open: z.boolean(),
  is_24_hours: z.boolean().default(false),
  hours: z.array(ZTimeRangeSchema).max(10, "At most 10 time ranges a day").default([]),
});
export type TDayHours = z.infer<typeof ZDayHoursSchema>;
/** The week, keyed monday to sunday; a day not sent is closed. */
export const ZHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHoursSchema.optional()])) as Record<
    TWeekday,
    z.ZodOptional<typeof ZDayHoursSchema>
  >,
);
export type THours = z.infer<typeof ZHoursSchema>;
const ZDayHoursOutSchema = z.object({
  open: z.boolean(),
  is_24_hours: z.boolean(),
  hours: z.array(z.object({ open_time: z.string(), close_time: z.string() })),
});
/** Hours as answered: all seven days. */
export const ZHoursOutSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHoursOutSchema])) as Record<TWeekday, typeof ZDayHoursOutSchema>,
);
export type THoursOut = z.infer<typeof ZHoursOutSchema>;

export const NPI_PATTERN = /^\d{10}$/;
/** docs/product/locations.md §5 "NPI". */
export const NPI_MESSAGES = {
  notFound: "NPI not found",
  noMatch: "Unable to find a NPI number that matches with the 'PUBLIC NAME' and address provided",
  unreachable: "Unable to reach the NPI database",
  healthcareOnly: "NPI numbers are available only for Healthcare accounts",
} as const;

/** Messages of docs/product/locations.md §5 and §8 the server answers with (field → message). */
export const LOCATION_MESSAGES = {
  /** "{Label} is required", by field. */
  required: {
    name: "Internal Name is required",
    public_name: "Public Name is required",
    address: "Address is required",
    city: "City is required",
    state: "State is required",
    zipcode: "Zipcode is required",
    country: "Country is required",
  },
  phone: "Enter a valid phone number",
  website: "Enter a valid website",
  lastLocation:
    "Can't delete the last location on the account. Please contact your account representative or support to remove it.",
  googlePlaceId: "Only an Admin may change the Google Place ID",
  trialLimit: "Your trial account has reached its location limit. Upgrade now to add more locations.",
  overridePhone: "Enter phone number or unselect directory",
  overrideWebsite: "Enter website or unselect directory",
} as const;

/** The required fields of the location form, in form order (docs/product/locations.md §5). */
export const LOCATION_REQUIRED_FIELDS = [
  "name",
  "public_name",
  "address",
  "city",
  "state",
  "zipcode",
  "country",
] as const;

/** Phone: digits with spaces, dots, dashes, parentheses, a leading + and an optional extension; 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}(\s*(x|ext\.?)\s*\d{1,6})?$/i;
/** Website: http(s), or a bare host name (sent as typed). */
export const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

const phone = text(40).refine(
  (v) => v == null || v === "" || (PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7),
  LOCATION_MESSAGES.phone,
);
const website = text(2000).refine((v) => v == null || v === "" || WEBSITE_PATTERN.test(v), LOCATION_MESSAGES.website);

export const ZIndustryIdsSchema = z.object({
  /** Healthcare accounts only; each exactly 10 digits. */
  npi_numbers: z.array(z.string().trim().regex(NPI_PATTERN, NPI_MESSAGES.notFound)).max(50).default([]),
});

/**
 * The fields of a location a client may write. The required fields (LOCATION_REQUIRED_FIELDS) are checked
 * by the server after the account (so a missing one answers 400 `{errors: {field: "{Label} is required"}}`):
 * all of them on create, and on update those sent empty.
 */
export const ZLocationWriteSchema = z.object({
  name: text(200),
  public_name: text(200),
  address: text(255),
  address_2: text(255),
  city: text(100),
  state: text(100),
  state_id: ZUuid.nullish(),
  country: text(100),
  country_id: ZUuid.nullish(),
  zipcode: text(20),
  phone,
  /** Empty is stored as null. */
  website,
  external_id: text(100),
  /** Only the Admin user type may change it (403 otherwise). */
  google_place_id: text(200),
  /** An id of GET /api/categories; category_name follows it. */
  category_id: text(100),
  category_name: text(200),
  is_headquarters: z.boolean().optional(),
  /** Existing locations only (ignored on create: new locations are active). */
  open_status: z.enum(OPEN_STATUSES).optional(),
  hours: ZHoursSchema.nullish(),
  /** true: clears the hours (hours becomes null). */
  remove_hours: z.boolean().optional(),
  industry_ids: ZIndustryIdsSchema.nullish(),
  publishing_enabled: z.boolean().optional(),
  /** Sets the location's groups (the account's groups, else 404). */
  group_ids: z.array(ZUuid).max(1000).optional(),
  time_zone: text(64),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type TLocationWrite = z.infer<typeof ZLocationWriteSchema>;
/** POST /api/locations: in the signed-in account, or in `account_id` (a child account). */
export const ZLocationCreateSchema = ZLocationWriteSchema.extend({ account_id: ZId.optional() });
export type TLocationCreate = z.infer<typeof ZLocationCreateSchema>;
/** PATCH: any of the fields (PUT sends them all). */
export const ZLocationPatchSchema = ZLocationWriteSchema.partial().extend({ account_id: ZId.optional() });

/** Sorted by `sort[by]` (`name`, `city`, `state`, `zipcode`, `created_at`, `updated_at`, or `relevance` with keywords); by name otherwise. */
export const ZLocationListQuerySchema = ZListQuerySchema.extend({
  /** Only the locations of this group (repeated: of any of these groups). */
  group_id: z.union([ZId, z.array(ZId).max(500)]).optional(),
  /** Comma-separated ids, or the parameter repeated; ids that are not UUIDs match nothing. */
  ids: z.union([z.string().max(20_000), z.array(ZId).max(500)]).optional(),
  /** Only these open statuses (repeated or comma-separated). */
  open_status: z.union([z.string().max(200), z.array(z.string().max(50)).max(10)]).optional(),
});
export type TLocationListQuery = z.infer<typeof ZLocationListQuerySchema>;

/** A directory-specific phone/website override, as embedded in a location. */
export const ZLocationOverrideSummarySchema = z.object({
  id: z.string(),
  source_id: z.string(),
  source_code: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  enabled: z.boolean(),
});

/** Every column of a location, the groups it belongs to, its overrides, and a self link. */
export const ZLocationSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  public_name: z.string().nullable(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  state_id: z.string().nullable(),
  /** The state's code (CO), from state_id. */
  state_code: z.string().nullable(),
  country: z.string().nullable(),
  country_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  external_id: z.string().nullable(),
  google_place_id: z.string().nullable(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  is_headquarters: z.boolean(),
  /** One of OPEN_STATUSES. */
  open_status: z.string(),
  /** All seven days, or null when the location has no hours. */
  hours: ZHoursOutSchema.nullable(),
  industry_ids: z.object({ npi_numbers: z.array(z.string()) }),
  publishing_enabled: z.boolean(),
  source_overrides: z.array(ZLocationOverrideSummarySchema),
  time_zone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The groups the location belongs to, by group name. */
  group_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  // ReviewTrackers' names beside ours (docs/api.md "Coming from ReviewTrackers").
  /** Always an object; `{}` when empty */
  metadata: z.record(z.string(), z.unknown()),
  /** = id: how the location is named in URLs */
  url_id: z.string(),
  /** Starboard has no hosted review-request or feedback page per location: null */
  request_page_url: z.string().nullable(),
  feedback_url: z.string().nullable(),
  /** A connection issue is open at one of the location's sources and not muted */
  has_issue: z.boolean(),
  /** Every open connection issue of the location is muted (false when none is open) */
  mute_issues: z.boolean(),
  /** Null: deleted locations are not listed */
  deleted_at: z.string().nullable(),
  _links: ZLinks,
});
export type TLocation = z.infer<typeof ZLocationSchema>;
export const ZLocationListSchema = ZHalPageSchema("locations", ZLocationSchema);
export type TLocationList = z.infer<typeof ZLocationListSchema>;
