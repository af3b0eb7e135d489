import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

/** An internal event the client reports (docs/product/platform.md §7 "POST /webhooks/notify"). */
export const ZNotifySchema = z.object({
  event: z.string().trim().min(1, "Event is required").max(100),
  account_id: z.string().max(100).optional(),
  user_id: z.string().max(100).nullish(),
  notification_type: z.string().max(100).nullish(),
  feature_name: z.string().max(100).nullish(),
  /** Sent by older clients; the session authenticates, so it is ignored and never stored. */
  auth_token: z.string().max(1000).nullish(),
});
export type TNotify = z.infer<typeof ZNotifySchema>;
/** What POST /webhooks/notify answers: the event's id, or null when it was not recorded (impersonated sessions). */
export const ZNotifyResultSchema = z.object({ id: z.string().nullable(), recorded: z.boolean() });
export type TNotifyResult = z.infer<typeof ZNotifyResultSchema>;

/** GET /health: the database answers; the environment name is for the staging banner. */
export const ZHealthSchema = z.object({ status: z.string(), environment: z.string() });
export type THealth = z.infer<typeof ZHealthSchema>;

/** What GET /triage answers: what the server sees of this request. */
export const ZTriageSchema = z.object({
  method: z.string(),
  method_override: z.string().nullable(),
  protocol: z.string(),
  http_version: z.string(),
  url: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string(),
  ips: z.array(z.string()),
  request_id: z.string(),
  server_time: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type TTriage = z.infer<typeof ZTriageSchema>;

export const UNSUBSCRIBE_KINDS = ["alerts", "requests", "scheduled_exports"] as const;
export type TUnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];
export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed.";
/** The link in the e-mail: `/unsubscribe/{kind}/{token}`. */
export const ZUnsubscribeParamsSchema = z.object({
  kind: z.enum(UNSUBSCRIBE_KINDS),
  token: z.string().min(1).max(200),
});
export const ZUnsubscribedSchema = z.object({ message: z.string() });

/** An ISO 3166-1 country (shared reference data). */
export const ZCountrySchema = z.object({
  id: z.string(),
  code: z.string(),
  code3: z.string().nullable(),
  name: z.string(),
});
export type TCountry = z.infer<typeof ZCountrySchema>;
export const ZCountryListQuerySchema = ZListQuerySchema.extend({ code: z.string().max(3).optional() });
export const ZCountryListSchema = ZHalPageSchema("countries", ZCountrySchema);

/** A first-level ISO 3166-2 subdivision of a country (state, province, territory...). */
export const ZStateSchema = z.object({
  id: z.string(),
  country_id: z.string(),
  code: z.string(),
  short_code: z.string(),
  name: z.string(),
  type: z.string().nullable(),
});
export type TState = z.infer<typeof ZStateSchema>;
export const ZStateListQuerySchema = ZListQuerySchema.extend({ country_id: z.string().max(100).optional() });
export const ZStateListSchema = ZHalPageSchema("states", ZStateSchema);
