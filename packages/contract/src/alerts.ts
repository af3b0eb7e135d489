/**
 * E-mail alerts: a user's subscriptions to new reviews, negative reviews and failed responses, instant or
 * as a daily or weekly digest, narrowed by locations, sources and ratings. The server validates with these
 * schemas; the web client types its calls with them.
 */

import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });

/** The alert types (reference data, integer ids). */
export const ALERT_TYPE_IDS = { newReview: 1, negativeReview: 2, responseFailed: 3 } as const;
/** The alert frequencies (reference data, integer ids). */
export const ALERT_FREQUENCY_IDS = { instant: 1, daily: 2, weekly: 3 } as const;

/** An alert type or frequency. */
export const ZAlertReferenceSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type TAlertReference = z.infer<typeof ZAlertReferenceSchema>;
export const ZAlertTypeListSchema = ZHalPageSchema("alert_types", ZAlertReferenceSchema);
export type TAlertTypeList = z.infer<typeof ZAlertTypeListSchema>;
export const ZAlertFrequencyListSchema = ZHalPageSchema("alert_frequencies", ZAlertReferenceSchema);
export type TAlertFrequencyList = z.infer<typeof ZAlertFrequencyListSchema>;
export const ZAlertReferenceParams = z.object({ id: z.string().max(20) });

/** What an alert reports on; an empty list narrows nothing. Locations must be the account's. */
export const ZAlertFiltersSchema = z.object({
  location_ids: z.array(ZId).max(5000).optional(),
  source_ids: z.array(ZId).max(200).optional(),
  /** 0 is a review without stars. */
  ratings: z.array(z.number().int().min(0).max(5)).max(6).optional(),
});
export type TAlertFilters = z.infer<typeof ZAlertFiltersSchema>;

export const ZAlertWriteSchema = z.object({
  alert_type_id: z.number().int(),
  alert_frequency_id: z.number().int(),
  filters: ZAlertFiltersSchema.optional(),
  enabled: z.boolean().optional(),
});
export type TAlertWrite = z.infer<typeof ZAlertWriteSchema>;
/** POST /api/alerts: the signed-in user's alert, in the signed-in account or in `account_id` (a child account). */
export const ZAlertCreateSchema = ZAlertWriteSchema.extend({ account_id: ZId.optional() });
export type TAlertCreate = z.infer<typeof ZAlertCreateSchema>;
/** PATCH: any of the fields (PUT sends the type and frequency too). */
export const ZAlertPatchSchema = ZAlertWriteSchema.partial();
export type TAlertPatch = z.infer<typeof ZAlertPatchSchema>;

export const ZAlertSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  user_id: z.string(),
  alert_type_id: z.number(),
  alert_frequency_id: z.number(),
  filters: z.object({
    location_ids: z.array(z.string()),
    source_ids: z.array(z.string()),
    ratings: z.array(z.number()),
  }),
  /** False after the owner used the alert's unsubscribe link (until switched on again). */
  enabled: z.boolean(),
  last_sent_at: z.string().nullable(),
  created_at: z.string(),
  _links: ZLinks,
});
export type TAlert = z.infer<typeof ZAlertSchema>;
export const ZAlertListSchema = ZHalPageSchema("alerts", ZAlertSchema);
export type TAlertList = z.infer<typeof ZAlertListSchema>;

/** Sorted by `sort[by]` (`created_at`, `alert_type_id`, `alert_frequency_id`); oldest first otherwise. */
export const ZAlertListQuerySchema = ZListQuerySchema;
export type TAlertListQuery = z.infer<typeof ZAlertListQuerySchema>;
