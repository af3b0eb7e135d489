import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { ZTimeRangeSchema } from "./locations.ts";
import { z } from "./zod.ts";

// Schemas of the location features of docs/product/locations.md: special (holiday) hours, business and media
// categories, NPI lookup, directory-specific overrides, billing preview, local-listing eligibility, landing
// pages and the CSV import of locations.

const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });
export const ZAccountIdQuerySchema = z.object({ account_id: ZId.optional(), nonce: z.string().optional() });

// --- Special (holiday) hours ---------------------------------------------------------------------

/** docs/product/locations.md §5 "Holiday dates" (errors) and the warnings the client shows. */
export const SPECIAL_HOURS_MESSAGES = {
  dateRequired: "You must have a date selected",
  tooFar: "Date cannot be more than 10 years in advance.",
  duplicate: "You already have special hours set for this date.",
  timesRequired: "You must have an opening and closing time if location is open.",
  within24h: "This date is within 24hrs so it may not be updated in time.",
  locationRequired: "Choose a location",
} as const;
/** A holiday date must be less than this many years ahead. */
export const SPECIAL_HOURS_MAX_YEARS = 10;
/** GET /api/special_hours answers up to this many a page (the default). */
export const SPECIAL_HOURS_PER_PAGE = 250;

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD");

export const ZSpecialHoursSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string(),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  closed: z.boolean(),
  is_24_hours: z.boolean(),
  /** HH:mm ranges, sorted by open time. */
  hours: z.array(z.object({ open_time: z.string(), close_time: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TSpecialHours = z.infer<typeof ZSpecialHoursSchema>;
export const ZSpecialHoursListSchema = ZHalPageSchema("special_hours", ZSpecialHoursSchema);
export type TSpecialHoursList = z.infer<typeof ZSpecialHoursListSchema>;

/** Sorted by `sort[by]=start_date` (the default) with `sort[order]` (asc default). */
export const ZSpecialHoursListQuerySchema = ZListQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(SPECIAL_HOURS_PER_PAGE),
  location_id: ZId.optional(),
  /** Only dates on or after it (YYYY-MM-DD; the client sends today). */
  start_date: ZDate.optional(),
  /** Only dates on or before it. */
  end_date: ZDate.optional(),
});
export type TSpecialHoursListQuery = z.infer<typeof ZSpecialHoursListQuerySchema>;

const specialHoursFields = {
  /** Required (400 "You must have a date selected"). */
  start_date: ZDate.nullish(),
  closed: z.boolean().optional(),
  is_24_hours: z.boolean().optional(),
  hours: z.array(ZTimeRangeSchema).max(10).optional(),
};

/**
 * POST /api/special_hours. Single: `location_id` (a duplicate date answers 400). Bulk: `location_ids` (one call per
 * holiday entry): the date is set at each location, replacing an entry of the same date (the override the client
 * confirms); the answer lists every entry written.
 */
export const ZSpecialHoursCreateSchema = z.object({
  account_id: ZId.optional(),
  location_id: ZId.optional(),
  location_ids: z.array(ZId).max(1000).optional(),
  ...specialHoursFields,
});
export type TSpecialHoursCreate = z.infer<typeof ZSpecialHoursCreateSchema>;
/** The answer to the bulk form (`location_ids`). */
export const ZSpecialHoursBulkSchema = z.object({
  _embedded: z.object({ special_hours: z.array(ZSpecialHoursSchema) }),
  _total: z.number(),
});
export type TSpecialHoursBulk = z.infer<typeof ZSpecialHoursBulkSchema>;
/** POST /api/special_hours answers one entry (single) or the bulk list (`location_ids`). */
export const ZSpecialHoursCreateResultSchema = z.union([ZSpecialHoursSchema, ZSpecialHoursBulkSchema]);

export const ZSpecialHoursPatchSchema = z.object({ account_id: ZId.optional(), ...specialHoursFields });
export type TSpecialHoursPatch = z.infer<typeof ZSpecialHoursPatchSchema>;

// --- Business categories and media categories ----------------------------------------------------

export const CATEGORY_MESSAGES = {
  list: "Unable to fetch categories at this time. Please reload or try again later.",
  one: "Unable to load category at this time. Please reload or try again later.",
  media: "Unable to fetch media categories at this time. Please reload or try again later.",
} as const;
export const CATEGORIES_PER_PAGE = 25;

/** A Google Business Profile category (`gcid:...` ids). */
export const ZCategorySchema = z.object({ id: z.string(), name: z.string(), _links: ZLinks });
export type TCategory = z.infer<typeof ZCategorySchema>;
export const ZCategoryListSchema = ZHalPageSchema("categories", ZCategorySchema);
export type TCategoryList = z.infer<typeof ZCategoryListSchema>;
/** `keywords` on the name (typeahead: a word starting with them); `sort[by]` `name` (default) or `relevance`. */
export const ZCategoryListQuerySchema = ZListQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(CATEGORIES_PER_PAGE),
  /** Only the categories of the reachable locations with this Google place id. */
  google_place_id: z.string().max(200).optional(),
});
export type TCategoryListQuery = z.infer<typeof ZCategoryListQuerySchema>;

/** A photo category of Google's MediaItem (LOGO, COVER, PROFILE, ...), for the Google source. */
export const ZMediaCategorySchema = z.object({
  id: z.string(),
  /** Logo, Cover, Profile, ... */
  name: z.string(),
  /** The Google enum value (LOGO, COVER...). */
  code: z.string(),
  source_id: z.string(),
  _links: ZLinks,
});
export type TMediaCategory = z.infer<typeof ZMediaCategorySchema>;
export const ZMediaCategoryListSchema = ZHalPageSchema("media_categories", ZMediaCategorySchema);
export const ZMediaCategoryListQuerySchema = ZListQuerySchema.extend({
  /** Only these names (repeated, `name[]`, or comma-separated): `name=Logo&name=Cover`. */
  name: z.union([z.string().max(500), z.array(z.string().max(100)).max(50)]).optional(),
  "name[]": z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
});
export type TMediaCategoryListQuery = z.infer<typeof ZMediaCategoryListQuerySchema>;

// --- NPI -----------------------------------------------------------------------------------------

/** One NPPES record, read from the NPI Registry API v2.1. */
export const ZNpiResultSchema = z.object({
  number: z.string(),
  /** NPI-1 (individual) or NPI-2 (organisation). */
  enumeration_type: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  credential: z.string().nullable(),
  organization_name: z.string().nullable(),
  /** The LOCATION address (else the first one). */
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** The primary taxonomy's description. */
  taxonomy: z.string().nullable(),
});
export type TNpiResult = z.infer<typeof ZNpiResultSchema>;
/** `GET /api/npi/{number}` and `GET /api/npi` both answer exactly one result. */
export const ZNpiLookupSchema = z.object({ result_count: z.number(), results: z.array(ZNpiResultSchema) });
export type TNpiLookup = z.infer<typeof ZNpiLookupSchema>;
export const ZNpiNumberParamsSchema = z.object({ number: z.string().max(100) });
/** By name and address: valid only when exactly one record matches (else 400 with NPI_MESSAGES.noMatch). */
export const ZNpiSearchQuerySchema = z.object({
  account_id: ZId.optional(),
  nonce: z.string().optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  /** Organisation name (NPI-2); the client may send the location's public name. */
  organization_name: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().max(20).optional(),
});
export type TNpiSearchQuery = z.infer<typeof ZNpiSearchQuerySchema>;

// --- Directory-specific overrides ----------------------------------------------------------------

export const OVERRIDE_MESSAGES = {
  generic: "There was an error while updating directory-specific overrides",
  load: "There was an error while fetching source-specific data. Please refresh the page and try again.",
  sourceNotDirectory: "Choose a directory",
} as const;

/**
 * The directories overrides are for (docs/product/locations.md §3 "Directory"): directory code → our source code
 * (the spec's `ta` is our `tripadvisor`). Those whose source is not in the catalogue are left out.
 */
export const OVERRIDE_DIRECTORIES = [
  { directory_code: "google_maps", source_code: "google", name: "Google" },
  { directory_code: "facebook", source_code: "facebook", name: "Facebook" },
  { directory_code: "apple_maps", source_code: "apple_maps", name: "Apple Maps" },
  { directory_code: "bing", source_code: "bing_maps", name: "Bing" },
  { directory_code: "trip_advisor", source_code: "tripadvisor", name: "Tripadvisor" },
  { directory_code: "yelp_api", source_code: "yelp", name: "Yelp" },
] as const;

export const ZSourceOverrideSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string(),
  source_id: z.string(),
  source_code: z.string(),
  source_name: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TSourceOverride = z.infer<typeof ZSourceOverrideSchema>;
export const ZSourceOverrideListSchema = ZHalPageSchema("location_source_overrides", ZSourceOverrideSchema);
export type TSourceOverrideList = z.infer<typeof ZSourceOverrideListSchema>;
export const ZSourceOverrideListQuerySchema = ZListQuerySchema.extend({
  location_id: ZId.optional(),
  source_id: ZId.optional(),
  /** `source_name` (default) or `created_at`; a leading `-` sorts descending. */
  sort: z.string().max(100).optional(),
});
export type TSourceOverrideListQuery = z.infer<typeof ZSourceOverrideListQuerySchema>;
const overrideFields = {
  /** null clears it; "" answers 400 "Enter phone number or unselect directory". */
  phone: z.string().trim().max(40).nullish(),
  /** null clears it; "" answers 400 "Enter website or unselect directory". */
  website: z.string().trim().max(2000).nullish(),
  enabled: z.boolean().optional(),
};
/** POST: `location_id` and `source_id` are required (checked after the account); an existing override of the pair is updated. */
export const ZSourceOverrideCreateSchema = z.object({
  account_id: ZId.optional(),
  location_id: ZId.optional(),
  source_id: ZId.optional(),
  ...overrideFields,
});
export type TSourceOverrideCreate = z.infer<typeof ZSourceOverrideCreateSchema>;
export const ZSourceOverridePatchSchema = z.object({ account_id: ZId.optional(), ...overrideFields });
export type TSourceOverridePatch = z.infer<typeof ZSourceOverridePatchSchema>;
/** A directory overrides can be set for. */
export const ZOverrideDirectorySchema = z.object({
  source_id: z.string(),
  source_code: z.string(),
  directory_code: z.string(),
  name: z.string(),
});
export const ZOverrideDirectoryListSchema = z.object({
  _embedded: z.object({ directories: z.array(ZOverrideDirectorySchema) }),
});

// --- Billing preview and trial ------------------------------------------------------------------

export const BILLING_MESSAGES = {
  error: "Error fetching location pricing preview.",
  nonAdmin: "Adding a location may incur additional costs.",
} as const;
export const ZLocationPreviewQuerySchema = z.object({
  num_added_locations: z.coerce.number().int().min(0).max(10_000).default(1),
  nonce: z.string().optional(),
});
export const ZLocationPreviewSchema = z.object({
  account_id: z.string(),
  num_added_locations: z.number(),
  /** The monthly cost of one more location in US cents; null for users who may not read billing (non-admins). */
  new_location_monthly_unit_cents: z.number().nullable(),
  currency: z.literal("USD"),
  /** The account setting show_billing_location_price_preview. */
  show_billing_location_price_preview: z.boolean(),
  total_locations: z.number(),
  /** A trial account whose locations plus the added ones would pass its limit. */
  trial_location_limit_reached: z.boolean(),
  /** The trial's location limit; null when the account is not on trial. */
  trial_location_limit: z.number().nullable(),
});
export type TLocationPreview = z.infer<typeof ZLocationPreviewSchema>;

// --- Local-listing eligibility -------------------------------------------------------------------

export const ELIGIBILITY_REASONS = [
  "missing_google_integration",
  "unknown_location",
  "local_listings_disabled",
  "location_inactive",
] as const;
export const ZEligibilitySchema = z.object({
  location_id: z.string(),
  /** `eligible` or `ineligible`. */
  status: z.enum(["eligible", "ineligible"]),
  /** Why not (one of ELIGIBILITY_REASONS); null when eligible. */
  status_reason: z.string().nullable(),
});
export type TEligibility = z.infer<typeof ZEligibilitySchema>;

// --- Landing pages ------------------------------------------------------------------------------

export const LANDING_PAGE_KINDS = ["nps", "stars", "thumbs", "faces", "review_request", "kiosk"] as const;
export const ZLandingPageSchema = z.object({
  kind: z.enum(LANDING_PAGE_KINDS),
  /** NPS, Stars, Thumbs, Faces, Review Request, Kiosk. */
  label: z.string(),
  url: z.string(),
});
export const ZLandingPageListSchema = z.object({
  location_id: z.string(),
  _embedded: z.object({ landing_pages: z.array(ZLandingPageSchema) }),
});
export type TLandingPageList = z.infer<typeof ZLandingPageListSchema>;

// --- CSV import of locations -------------------------------------------------------------------

/**
 * The CSV's columns (a header line; case and spaces ignored): name (required), public_name, address, address_2,
 * city, state (code or name), zipcode, country (code or name; default United States), phone, website,
 * external_id, google_place_id, category_id, npi_numbers (separated by spaces or semicolons), open_status.
 * A row whose external_id names an existing location of the account updates it; other rows create one.
 */
export const LOCATION_IMPORT_COLUMNS = [
  "name",
  "public_name",
  "address",
  "address_2",
  "city",
  "state",
  "zipcode",
  "country",
  "phone",
  "website",
  "external_id",
  "google_place_id",
  "category_id",
  "npi_numbers",
  "open_status",
] as const;
export const MAX_LOCATION_IMPORT_ROWS = 5000;
export const ZLocationImportRowSchema = z.object({
  /** 1 for the first line after the header. */
  row: z.number(),
  status: z.enum(["created", "updated", "failed"]),
  location_id: z.string().nullable(),
  name: z.string().nullable(),
  /** field → message (the form's messages). */
  errors: z.record(z.string(), z.string()),
});
export const ZLocationImportSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  file_name: z.string().nullable(),
  /** queued, running, completed, failed. */
  status: z.enum(["queued", "running", "completed", "failed"]),
  total_rows: z.number(),
  created_count: z.number(),
  updated_count: z.number(),
  failed_count: z.number(),
  /** The per-row report (rows that failed, and those written); while running, the rows done so far (the progress). */
  rows: z.array(ZLocationImportRowSchema),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  _links: ZLinks,
});
export type TLocationImport = z.infer<typeof ZLocationImportSchema>;
export const ZLocationImportCountSchema = z.object({
  /** The account's imports not finished yet (queued or running). */
  count: z.number(),
  /** The account's locations. */
  total_locations: z.number(),
});
