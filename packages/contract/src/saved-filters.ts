/**
 * Saved filters (docs/product/platform.md §3 "Saved filter", §4 "Saved filters", §5, §8): a user's named filter
 * sets, stored as user preferences of type `saved_filters`. The server validates with these schemas; the web
 * client types its calls with them.
 */

import { DATE_DESCRIPTORS } from "./date-ranges.ts";
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

export const SAVED_FILTERS_PREFERENCE_TYPE = "saved_filters";
export const SAVED_FILTER_NAME_MAX = 60;
export const SAVED_FILTERS_PER_PAGE = 25;
export { NO_SAVED_FILTER_LABEL } from "./saved-filter-label.ts";

export const SAVED_FILTER_MESSAGES = {
  nameRequired: "Enter a name",
  nameTooLong: `Name must be at most ${SAVED_FILTER_NAME_MAX} characters`,
  duplicate: "A saved filter with that name already exists",
  saveError: "Error saving filter",
  saved: "Filter saved",
  updated: "Filter updated",
  deleted: "Filter deleted",
  notDeleted: "Filter was not deleted",
  applyError: "Could not apply saved filter",
  fetchErrorInline: "Error fetching Saved Filters",
  fetchFailed: "Failed to fetch saved filteres",
  createFailed: "Failed to create filter",
  updateFailed: "Failed to update filter",
  deleteFailed: "Failed to delete filter",
} as const;

/** The config keys of §3, in order. from and to only with the custom range. */
export const SAVED_FILTER_CONFIG_KEYS = [
  "dateDescriptor",
  "from",
  "to",
  "groupId",
  "locationId",
  "sourceId",
  "rating",
  "category",
  "sentiment",
  "assignedTo",
] as const;

/** Deleting the selected saved filter clears these query keys (docs/product/platform.md §4). */
export const SAVED_FILTER_CLEARED_KEYS = ["from", "to", "savedFilterId", "groupId", "locationId", "sourceId"] as const;

const ZIdList = z.array(z.string().trim().min(1).max(100)).max(5000);
const ZRatingValue = z.string().regex(/^[0-5]$/, { message: "Rating filter values are the strings 0 to 5" });

/**
 * Sentiment: 1 / -1 for reviews and positive / negative for keywords (the strings "1" and "-1" are accepted
 * and stored as numbers).
 */
export const ZSavedFilterSentimentSchema = z.union([
  z.literal(1),
  z.literal(-1),
  z.literal("positive"),
  z.literal("negative"),
  z.literal("1"),
  z.literal("-1"),
]);

export const ZSavedFilterConfigSchema = z.object({
  dateDescriptor: z.enum(DATE_DESCRIPTORS).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date as YYYY-MM-DD" })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date as YYYY-MM-DD" })
    .optional(),
  groupId: ZIdList.optional(),
  locationId: ZIdList.optional(),
  sourceId: ZIdList.optional(),
  rating: z.array(ZRatingValue).max(6).optional(),
  category: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  sentiment: ZSavedFilterSentimentSchema.nullable().optional(),
  /** "Assigned to me" on the review list (the saved view of issue 11): the reviews assigned to whoever applies it. */
  assignedTo: z.literal("me").optional(),
});
export type TSavedFilterConfig = z.output<typeof ZSavedFilterConfigSchema>;
export type TSavedFilterConfigInput = z.input<typeof ZSavedFilterConfigSchema>;

const ZName = z.string().max(1000);

/** POST /api/user_preferences. */
export const ZSavedFilterCreateSchema = z.object({
  account_id: z.string().max(100).optional(),
  preference_type: z.literal(SAVED_FILTERS_PREFERENCE_TYPE).default(SAVED_FILTERS_PREFERENCE_TYPE),
  /** Required ('Enter a name'): checked by the server with the spec's message. */
  name: ZName.default(""),
  config: ZSavedFilterConfigSchema.default({}),
});
export type TSavedFilterCreate = z.input<typeof ZSavedFilterCreateSchema>;

/** PATCH /api/user_preferences/{id}: the name, the config, or both. */
export const ZSavedFilterPatchSchema = z.object({
  name: ZName.optional(),
  config: ZSavedFilterConfigSchema.optional(),
});
export type TSavedFilterPatch = z.input<typeof ZSavedFilterPatchSchema>;

/** GET /api/user_preferences: the caller's saved filters, by name ascending unless `sort[order]=desc`. */
export const ZSavedFilterListQuerySchema = ZListQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(SAVED_FILTERS_PER_PAGE),
  user_id: z.string().max(100).optional(),
  preference_type: z.literal(SAVED_FILTERS_PREFERENCE_TYPE).default(SAVED_FILTERS_PREFERENCE_TYPE),
  /** Only the saved filter of this name (case-insensitive), e.g. to check a name before saving. */
  name: z.string().max(200).optional(),
  sort: z.string().max(100).optional(),
});
export type TSavedFilterListQuery = z.output<typeof ZSavedFilterListQuerySchema>;

export const ZSavedFilterSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  user_id: z.string(),
  preference_type: z.literal(SAVED_FILTERS_PREFERENCE_TYPE),
  name: z.string(),
  config: ZSavedFilterConfigSchema,
  created_at: z.string(),
  updated_at: z.string(),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});
export type TSavedFilter = z.infer<typeof ZSavedFilterSchema>;
export const ZSavedFilterListSchema = ZHalPageSchema("user_preferences", ZSavedFilterSchema);
export type TSavedFilterList = z.infer<typeof ZSavedFilterListSchema>;
