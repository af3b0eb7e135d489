import { z } from "zod";

/** An internal event the client reports (platform.md §7 "POST /webhooks/notify"). */
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
