import {
  ZAccountIdQuerySchema,
  ZCategoryListQuerySchema,
  ZCategoryListSchema,
  ZCategorySchema,
  ZEligibilitySchema,
  ZLandingPageListSchema,
  ZLocationImportCountSchema,
  ZLocationImportSchema,
  ZLocationPreviewQuerySchema,
  ZLocationPreviewSchema,
  ZMediaCategoryListQuerySchema,
  ZMediaCategoryListSchema,
  ZNpiLookupSchema,
  ZNpiNumberParamsSchema,
  ZNpiSearchQuerySchema,
  ZOverrideDirectoryListSchema,
  ZSourceOverrideCreateSchema,
  ZSourceOverrideListQuerySchema,
  ZSourceOverrideListSchema,
  ZSourceOverridePatchSchema,
  ZSourceOverrideSchema,
  ZSpecialHoursCreateResultSchema,
  ZSpecialHoursCreateSchema,
  ZSpecialHoursListQuerySchema,
  ZSpecialHoursListSchema,
  ZSpecialHoursPatchSchema,
  ZSpecialHoursSchema,
} from "../location-details.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });

/** Special (holiday) hours of locations (docs/product/locations.md §7 "Special hours"). */
export const specialHoursRoutes = {
  listSpecialHours: defineRoute({
    method: "GET",
    path: "/api/special_hours",
    summary:
      "The account's holiday hours (`location_id`; `start_date`: on or after that day), by start_date ascending, 250 a page",
    tag: "special_hours",
    query: ZSpecialHoursListQuerySchema,
    response: ZSpecialHoursListSchema,
    access: { action: "read", resource: "location" },
  }),
  createSpecialHours: defineRoute({
    method: "POST",
    path: "/api/special_hours",
    summary:
      "Adds a holiday date to `location_id` (a duplicate date answers 400), or with `location_ids` sets it at each (replacing the same date) and answers the list",
    tag: "special_hours",
    body: ZSpecialHoursCreateSchema,
    status: 201,
    response: ZSpecialHoursCreateResultSchema,
    access: { action: "update", resource: "location" },
  }),
  updateSpecialHours: defineRoute({
    method: "PATCH",
    path: "/api/special_hours/:id",
    summary: "Changes a holiday date's date, closed, is_24_hours or hours",
    tag: "special_hours",
    params: ZIdParams,
    body: ZSpecialHoursPatchSchema,
    response: ZSpecialHoursSchema,
    access: { action: "update", resource: "location" },
    idResource: "special_hours",
  }),
  deleteSpecialHours: defineRoute({
    method: "DELETE",
    path: "/api/special_hours/:id",
    summary: "Removes a holiday date",
    tag: "special_hours",
    params: ZIdParams,
    query: ZAccountIdQuerySchema,
    status: 204,
    response: z.null(),
    access: { action: "update", resource: "location" },
    idResource: "special_hours",
  }),
};

/** Business categories (Google Business Profile categories) and photo categories: shared reference data. */
export const categoryRoutes = {
  listCategories: defineRoute({
    method: "GET",
    path: "/api/categories",
    summary:
      "Business categories by name (`keywords`; typeahead: a word starting with them; `sort[by]=relevance`), 25 a page",
    tag: "categories",
    query: ZCategoryListQuerySchema,
    response: ZCategoryListSchema,
    access: { action: "read", resource: "location" },
    shared: true,
  }),
  getCategory: defineRoute({
    method: "GET",
    path: "/api/categories/:id",
    summary: "One business category (`gcid:...`)",
    tag: "categories",
    params: ZIdParams,
    response: ZCategorySchema,
    access: { action: "read", resource: "location" },
    shared: true,
  }),
  listMediaCategories: defineRoute({
    method: "GET",
    path: "/api/media_categories",
    summary: "Photo categories of Google (Logo, Cover, ...), narrowed by `name`",
    tag: "categories",
    query: ZMediaCategoryListQuerySchema,
    response: ZMediaCategoryListSchema,
    access: { action: "read", resource: "location" },
    shared: true,
  }),
};

/** NPI lookups through the NPPES NPI Registry (healthcare accounts only). */
export const npiRoutes = {
  getNpi: defineRoute({
    method: "GET",
    path: "/api/npi/:number",
    summary:
      "The NPPES record of a 10-digit NPI (400 'NPI not found'; 502 'Unable to reach the NPI database'); healthcare accounts only",
    tag: "npi",
    params: ZNpiNumberParamsSchema,
    query: ZAccountIdQuerySchema,
    response: ZNpiLookupSchema,
    access: { action: "read", resource: "location" },
    // The registry is public reference data; the account (`account_id`) is still checked.
    shared: true,
  }),
  searchNpi: defineRoute({
    method: "GET",
    path: "/api/npi",
    summary:
      "The one NPPES record matching first_name/last_name (or organization_name), city, state and postal_code; 400 unless exactly one matches",
    tag: "npi",
    query: ZNpiSearchQuerySchema,
    response: ZNpiLookupSchema,
    access: { action: "read", resource: "location" },
  }),
};

/** Directory-specific phone and website overrides of a location. */
export const sourceOverrideRoutes = {
  listSourceOverrides: defineRoute({
    method: "GET",
    path: "/api/location_source_overrides",
    summary: "The account's directory-specific overrides (`location_id`, `source_id`), by directory name",
    tag: "location_source_overrides",
    query: ZSourceOverrideListQuerySchema,
    response: ZSourceOverrideListSchema,
    access: { action: "read", resource: "location" },
  }),
  listOverrideDirectories: defineRoute({
    method: "GET",
    path: "/api/location_source_overrides/directories",
    summary: "The directories overrides can be set for, with their source ids",
    tag: "location_source_overrides",
    response: ZOverrideDirectoryListSchema,
    access: { action: "read", resource: "location" },
    shared: true,
  }),
  createSourceOverride: defineRoute({
    method: "POST",
    path: "/api/location_source_overrides",
    summary: "Sets a location's phone/website/enabled for one directory (an existing override of the pair is updated)",
    tag: "location_source_overrides",
    body: ZSourceOverrideCreateSchema,
    status: 201,
    response: ZSourceOverrideSchema,
    access: { action: "create", resource: "local_listing" },
  }),
  updateSourceOverride: defineRoute({
    method: "PATCH",
    path: "/api/location_source_overrides/:id",
    summary: "Changes an override's phone, website or enabled",
    tag: "location_source_overrides",
    params: ZIdParams,
    body: ZSourceOverridePatchSchema,
    response: ZSourceOverrideSchema,
    access: { action: "create", resource: "local_listing" },
    idResource: "location_source_overrides",
  }),
};

/** Billing preview, local-listing eligibility, landing pages and the CSV import of locations. */
export const locationExtraRoutes = {
  locationPreview: defineRoute({
    method: "GET",
    path: "/api/billing/:accountId/location_preview",
    summary:
      "What adding `num_added_locations` would cost a month (cents, Admins only) and whether a trial account reaches its limit",
    tag: "billing",
    params: z.object({ accountId: z.string().max(100) }),
    query: ZLocationPreviewQuerySchema,
    response: ZLocationPreviewSchema,
    access: { action: "read", resource: "location" },
  }),
  eligibleLocation: defineRoute({
    method: "GET",
    path: "/api/local_listings/eligible_locations/:id",
    summary: "Whether a location can be published to directories (status, status_reason)",
    tag: "local_listings",
    params: ZIdParams,
    query: ZAccountIdQuerySchema,
    response: ZEligibilitySchema,
    access: { action: "read", resource: "local_listing" },
    idResource: "locations",
  }),
  landingPages: defineRoute({
    method: "GET",
    path: "/api/locations/:id/landing_pages",
    summary: "The location's review-request landing pages (NPS, stars, thumbs, faces, review request, kiosk)",
    tag: "locations",
    params: ZIdParams,
    query: ZAccountIdQuerySchema,
    response: ZLandingPageListSchema,
    access: { action: "read", resource: "location" },
    idResource: "locations",
  }),
  importLocations: defineRoute({
    method: "POST",
    path: "/api/import_locations",
    summary:
      "Imports locations from a CSV (multipart `file`, field `account_id`) by a job (202); follow GET /api/import_locations/{id} for the per-row report",
    tag: "locations",
    query: ZAccountIdQuerySchema,
    multipart: true,
    status: 202,
    response: ZLocationImportSchema,
    access: { action: "create", resource: "location" },
  }),
  locationImportTemplate: defineRoute({
    method: "GET",
    path: "/api/import_locations/template",
    summary: "The CSV template of the location import: its header line, one column each (name required)",
    tag: "locations",
    response: z.string(),
    produces: "text/csv",
    access: { action: "create", resource: "location" },
    shared: true,
  }),
  countLocationImports: defineRoute({
    method: "GET",
    path: "/api/import_locations/count",
    summary: "How many of the account's location imports are still queued or running, and its location count",
    tag: "locations",
    query: ZAccountIdQuerySchema,
    response: ZLocationImportCountSchema,
    access: { action: "read", resource: "location" },
  }),
  getLocationImport: defineRoute({
    method: "GET",
    path: "/api/import_locations/:id",
    summary: "A location import's progress and per-row report",
    tag: "locations",
    params: ZIdParams,
    response: ZLocationImportSchema,
    access: { action: "read", resource: "location" },
    idResource: "location_imports",
  }),
};
