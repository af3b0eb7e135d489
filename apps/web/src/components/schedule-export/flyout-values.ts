// The Schedule Export flyout's form values and rules (docs/product/platform.md §4 "Scheduled export schedule", §5).
import {
  DATE_DESCRIPTOR_LABELS,
  scheduleExportDateBlocker,
  type TDateDescriptor,
} from "@starboard/contract/date-ranges";
import {
  SCHEDULE_DEFAULTS,
  SCHEDULED_EXPORT_MESSAGES,
  SCHEDULED_EXPORT_TYPES,
  type TEmailFrequency,
  type TScheduledExport,
  type TScheduledExportFilters,
  type TScheduledExportType,
  type TWeekDay,
} from "@starboard/contract/scheduled-exports";

export { COLLAPSED_FLYOUT_KEY } from "./store";
export const FLYOUT_WIDTH = 380;
export const FLYOUT_WIDTH_MOBILE = 320;
export const MOBILE_QUERY = "(max-width: 1099.98px)";
export const USER_SEARCH_DEBOUNCE_MS = 250;
export const VISIBLE_USER_OPTIONS = 5;

export interface TFlyoutValues {
  email_subject: string;
  email_body: string;
  recipients: { id: string; label: string }[];
  email_frequency: TEmailFrequency | "";
  scheduled_time: string;
  scheduled_day: TWeekDay;
  /** The typed day of the month ("" when empty). */
  scheduled_day_of_month: string;
}

export const EMPTY_VALUES: TFlyoutValues = {
  email_subject: "",
  email_body: "",
  recipients: [],
  email_frequency: SCHEDULE_DEFAULTS.email_frequency,
  scheduled_time: SCHEDULE_DEFAULTS.scheduled_time,
  scheduled_day: SCHEDULE_DEFAULTS.scheduled_day,
  scheduled_day_of_month: String(SCHEDULE_DEFAULTS.scheduled_day_of_month),
};

/** A new frequency resets the other schedule fields to their defaults. */
export function withFrequency(values: TFlyoutValues, frequency: TEmailFrequency): TFlyoutValues {
  return {
    ...values,
    email_frequency: frequency,
    scheduled_time: SCHEDULE_DEFAULTS.scheduled_time,
    scheduled_day: SCHEDULE_DEFAULTS.scheduled_day,
    scheduled_day_of_month: String(SCHEDULE_DEFAULTS.scheduled_day_of_month),
  };
}

/**
 * The day-of-month input: an integer 1-31 without leading zeros is taken; empty is allowed and clears the time;
 * anything else is ignored (the previous value stays).
 */
export function withDayOfMonth(values: TFlyoutValues, typed: string): TFlyoutValues {
  if (typed === "") return { ...values, scheduled_day_of_month: "", scheduled_time: "" };
  if (!/^[1-9]\d?$/.test(typed) || Number(typed) > 31) return values;
  return { ...values, scheduled_day_of_month: typed };
}

/** Why Save is disabled (its tooltip), or null. */
export function saveBlocker(values: TFlyoutValues, descriptor: TDateDescriptor | null | undefined): string | null {
  const dateBlocker = scheduleExportDateBlocker(descriptor);
  if (dateBlocker) return dateBlocker;
  const scheduleComplete =
    values.email_frequency !== "" &&
    values.scheduled_time !== "" &&
    (values.email_frequency !== "monthly" || values.scheduled_day_of_month !== "");
  if (!values.email_subject.trim() || values.recipients.length === 0 || !scheduleComplete)
    return SCHEDULED_EXPORT_MESSAGES.fillOutAllSections;
  return null;
}

export function valuesOf(s: TScheduledExport): TFlyoutValues {
  return {
    email_subject: s.email_subject,
    email_body: s.email_body,
    recipients: s.recipient_user_ids.map((id, i) => ({ id, label: s.recipient_emails[i] ?? id })),
    email_frequency: s.email_frequency,
    scheduled_time: s.scheduled_time,
    scheduled_day: s.scheduled_day ?? SCHEDULE_DEFAULTS.scheduled_day,
    scheduled_day_of_month: String(s.scheduled_day_of_month ?? SCHEDULE_DEFAULTS.scheduled_day_of_month),
  };
}

export const sameValues = (a: TFlyoutValues, b: TFlyoutValues) => JSON.stringify(a) === JSON.stringify(b);

/** The export type a page offers (the inverse of the list page's links). */
export function exportTypeForPath(pathname: string): TScheduledExportType | null {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/reviews") return "reviews";
  if (path === "/dashboard/locations") return "metric_locations";
  if (path === "/competitors/locations") return "competitors_overview";
  if (path === "/competitors/brands") return "competitors_brands";
  if (path === "/dashboard/keywords/categories") return "experience_categories";
  if (path === "/dashboard/keywords") return "keywords";
  if (/^\/dashboard\/keywords\/[^/]+$/.test(path)) return "keyword_details";
  if (/^\/request-reviews\/microsurveys\/[^/]+\/summaries$/.test(path)) return "microsurvey_responses";
  return null;
}

/** The keyword or microsurvey of a page about one. */
export function resourceIdForPath(pathname: string): string | null {
  const keyword = /^\/dashboard\/keywords\/([^/]+)\/?$/.exec(pathname);
  if (keyword && keyword[1] !== "categories") return decodeURIComponent(keyword[1]!);
  const survey = /^\/request-reviews\/microsurveys\/([^/]+)\/summaries/.exec(pathname);
  return survey ? decodeURIComponent(survey[1]!) : null;
}

export const dateLabel = (d: TDateDescriptor | null | undefined) => (d ? DATE_DESCRIPTOR_LABELS[d] : "None");
export const typeLabel = (t: string) => SCHEDULED_EXPORT_TYPES[t as TScheduledExportType]?.label ?? t;

/** The page's filters (its URL) as a scheduled export's filters. */
export function filtersFromQuery(params: URLSearchParams, exportType: string): TScheduledExportFilters {
  const list = (key: string) => [...params.getAll(key), ...params.getAll(`${key}[]`)].filter((v) => v !== "");
  const f: TScheduledExportFilters = {};
  const groups = list("groupId");
  if (groups.length) f.group_id = groups;
  const locations = list("locationId");
  if (locations.length) f.location_id = locations;
  const sources = list("sourceId");
  if (sources.length) f.source_id = sources;
  const ratings = list("rating").filter((r) => /^[0-5]$/.test(r));
  if (ratings.length) f.rating = ratings;
  const categories = list("category");
  if (categories.length) f.category = categories;
  const statuses = list("status");
  if (exportType === "reviews" && statuses.length) f.status_enum = statuses;
  const sentiment = params.get("sentiment");
  if (sentiment === "1" || sentiment === "-1") f.sentiment = Number(sentiment) as 1 | -1;
  if (sentiment === "positive" || sentiment === "negative") f.sentiment = sentiment;
  // A microsurvey summary's star scale (its Star scale control keeps it in the address).
  const scale = params.get("normalize_star_rating");
  if (exportType === "microsurvey_responses" && (scale === "5" || scale === "10"))
    f.normalize_star_rating = scale === "10";
  return f;
}

/** A scheduled export's filters as the report page's query keys (the list page's links carry them). */
export function queryFromFilters(f: TScheduledExportFilters): [string, string][] {
  const out: [string, string][] = [];
  for (const id of f.group_id ?? []) out.push(["groupId", id]);
  for (const id of f.location_id ?? []) out.push(["locationId", id]);
  for (const id of f.source_id ?? []) out.push(["sourceId", id]);
  for (const r of f.rating ?? []) out.push(["rating", r]);
  for (const c of f.category ?? []) out.push(["category", c]);
  for (const s of f.status_enum ?? []) out.push(["status", s]);
  if (f.sentiment !== undefined) out.push(["sentiment", String(f.sentiment)]);
  if (f.normalize_star_rating !== undefined) out.push(["normalize_star_rating", f.normalize_star_rating ? "10" : "5"]);
  return out;
}
