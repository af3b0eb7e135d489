// Sending review requests (issue 16; docs/product/reviews.md §3 "Review requests"; docs/api.md "Sending review
// requests"): the account's request settings (quiet hours, the minimum days between two requests to a customer)
// and the bounce notices (RFC 3464) a mail server posts back.

import { DEFAULT_MIN_DAYS_BETWEEN_REQUESTS, DEFAULT_QUIET_HOURS } from "../requests.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

/** "HH:MM", 24-hour clock. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const REQUEST_SETTINGS_MESSAGES = {
  time: "Enter a time as HH:MM (00:00 to 23:59)",
  minDays: "Enter a whole number of days from 0 to 365",
} as const;
export const MAX_MIN_DAYS_BETWEEN_REQUESTS = 365;

export const ZRequestSettingsSchema = z.object({
  account_id: z.string(),
  quiet_hours_start: z.string().describe("Start of quiet hours, HH:MM in each location's time zone"),
  quiet_hours_end: z.string().describe("End of quiet hours, HH:MM; equal to the start: no quiet hours"),
  min_days_between_requests: z.number().int(),
  updated_at: z.string().nullable(),
});
export type TRequestSettings = z.infer<typeof ZRequestSettingsSchema>;

export const ZRequestSettingsWriteSchema = z.object({
  quiet_hours_start: z.string().regex(TIME, REQUEST_SETTINGS_MESSAGES.time).default(DEFAULT_QUIET_HOURS.start),
  quiet_hours_end: z.string().regex(TIME, REQUEST_SETTINGS_MESSAGES.time).default(DEFAULT_QUIET_HOURS.end),
  min_days_between_requests: z
    .number({ error: REQUEST_SETTINGS_MESSAGES.minDays })
    .int(REQUEST_SETTINGS_MESSAGES.minDays)
    .min(0, REQUEST_SETTINGS_MESSAGES.minDays)
    .max(MAX_MIN_DAYS_BETWEEN_REQUESTS, REQUEST_SETTINGS_MESSAGES.minDays)
    .default(DEFAULT_MIN_DAYS_BETWEEN_REQUESTS),
});
export type TRequestSettingsWrite = z.input<typeof ZRequestSettingsWriteSchema>;

const ZAccountQuery = z.object({ account_id: z.string().max(100).optional() });

export const ZEmailBounceResultSchema = z.object({
  /** The requests marked failed (bounced) by this notice. */
  bounced: z.number().int(),
});

/** Why a request was skipped when its campaign was cancelled before it went out (beside REQUEST_SKIP_REASONS). */
export const REQUEST_CANCELLED_SKIP_REASON = { campaign_cancelled: "Campaign cancelled before sending" } as const;

const tag = "request-sending";

export const requestSendingRoutes = {
  getRequestSettings: defineRoute({
    method: "GET",
    path: "/api/request_settings",
    summary: "The account's review request settings: quiet hours and the minimum days between two requests",
    tag,
    query: ZAccountQuery,
    response: ZRequestSettingsSchema,
    access: { action: "read", resource: "request" },
  }),
  updateRequestSettings: defineRoute({
    method: "PUT",
    path: "/api/request_settings",
    summary: "Changes the account's review request settings (Managers and Admins)",
    tag,
    query: ZAccountQuery,
    body: ZRequestSettingsWriteSchema,
    response: ZRequestSettingsSchema,
    access: { action: "update", resource: "campaign" },
  }),
  emailBounce: defineRoute({
    method: "POST",
    path: "/api/webhooks/email-bounces",
    summary:
      "A bounce notice (RFC 3464 delivery status notification, the raw message as text/plain or message/rfc822) from the mail server: marks the request failed (bounced) and the address undeliverable",
    tag,
    body: z.string().max(2_000_000),
    response: ZEmailBounceResultSchema,
    access: "public",
  }),
};
