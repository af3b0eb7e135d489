// Review requests, the ask tool (issue 16; docs/product/reviews.md §3 "Review requests", §4 "Campaign" and
// "Feedback type"). The constants the server enforces and the client shows, shared so the two cannot drift.

/** A campaign's life: draft by default, then scheduled, sending, sent or cancelled. Recipients change only in draft. */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A request's status (one per recipient and campaign); `held` waits for quiet hours to end, `skipped` was never sent. */
export const REQUEST_STATUSES = [
  "queued",
  "held",
  "skipped",
  "sent",
  "delivered",
  "failed",
  "opened",
  "clicked",
  "completed",
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Why a request failed. */
export const REQUEST_FAILURE_REASONS = ["bounced", "invalid", "opted_out", "provider_error"] as const;
export type TRequestFailureReason = (typeof REQUEST_FAILURE_REASONS)[number];

/** Why a recipient was skipped (shown beside the recipient). */
export const REQUEST_SKIP_REASONS = {
  opted_out: "Opted out",
  do_not_contact: "On the do-not-contact list",
  no_sms_consent: "No consent to text messages",
  recently_asked: "Asked within the last {days} days",
  undeliverable: "E-mail address undeliverable",
  no_address: "No e-mail address or phone number for this channel",
} as const;
export type TRequestSkipReason = keyof typeof REQUEST_SKIP_REASONS;

export const REQUEST_CHANNELS = ["email", "sms"] as const;
export type TRequestChannel = (typeof REQUEST_CHANNELS)[number];

/** The feedback selector types (reviews.md §4): an unknown one falls back to nps. */
export const FEEDBACK_SELECTOR_TYPES = ["microsurvey", "nps", "stars", "smiley", "thumbs"] as const;
export type TFeedbackSelectorType = (typeof FEEDBACK_SELECTOR_TYPES)[number];
export const DEFAULT_FEEDBACK_SELECTOR_TYPE: TFeedbackSelectorType = "nps";
export function feedbackSelectorType(value: unknown): TFeedbackSelectorType {
  return (FEEDBACK_SELECTOR_TYPES as readonly unknown[]).includes(value)
    ? (value as TFeedbackSelectorType)
    : DEFAULT_FEEDBACK_SELECTOR_TYPE;
}

/** Quiet hours (the location's time zone) and the minimum days between two requests to one customer: defaults. */
export const DEFAULT_QUIET_HOURS = { start: "21:00", end: "08:00" } as const;
export const DEFAULT_MIN_DAYS_BETWEEN_REQUESTS = 30;

/** Every SMS carries the business name and this line. */
export const SMS_OPT_OUT_LINE = "Reply STOP to opt out";
/** Inbound SMS keywords (case-insensitive, whole message). */
export const SMS_OPT_OUT_KEYWORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const SMS_OPT_IN_KEYWORDS = ["START"] as const;
export const SMS_HELP_KEYWORDS = ["HELP"] as const;

/** Upload errors show the message, with this default (reviews.md §8, spelled as the spec spells it). */
export const UPLOAD_ERROR_DEFAULT = "An unexpected error occured";

/** Microsurvey star scale (locations.md §9). */
export const MICROSURVEY_SCALES = [5, 10] as const;
export const DEFAULT_MICROSURVEY_SCALE = 5;
