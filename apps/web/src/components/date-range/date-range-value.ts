/**
 * The date filter's value (docs/product/platform.md §4 "Date descriptors", §5 custom range): what the control
 * shows, what it writes into the URL, and the YYYY-MM-DD range a page sends to the API.
 * A preset writes only dateDescriptor (its days are computed when used, so a bookmarked link stays
 * current); a custom range writes dateDescriptor=custom with from and to as YYYY-MM-DD.
 */
import {
  computeDateRange,
  DATE_DESCRIPTOR_LABELS,
  DATE_DESCRIPTORS,
  DATE_REQUIRED_MESSAGE,
  DEFAULT_DATE_DESCRIPTOR,
  formatMdy,
  isIsoDate,
  type TDateDescriptor,
  type TDatePageKind,
} from "@starboard/contract/date-ranges";

export type TDateValue = { dateDescriptor?: string | null; from?: string | null; to?: string | null };
export type TDateChange = { dateDescriptor: TDateDescriptor; from: string | null; to: string | null };

export const CUSTOM_RANGE_SEPARATOR = " - ";

export function asDescriptor(value: string | null | undefined): TDateDescriptor | null {
  return value && (DATE_DESCRIPTORS as readonly string[]).includes(value) ? (value as TDateDescriptor) : null;
}

/** The browser's IANA time zone (the account's zone when the session does not name one). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The descriptor in force: the value's, or the page's default. */
export function currentDescriptor(value: TDateValue, kind: TDatePageKind): TDateDescriptor {
  return asDescriptor(value.dateDescriptor) ?? DEFAULT_DATE_DESCRIPTOR[kind];
}

const hasCustomDates = (value: TDateValue): value is { from: string; to: string } =>
  Boolean(value.from && value.to && isIsoDate(value.from) && isIsoDate(value.to));

/** What the control's button reads: the preset's label, or the custom range as MM/DD/YY - MM/DD/YY. */
export function dateRangeLabel(value: TDateValue, kind: TDatePageKind): string {
  const descriptor = currentDescriptor(value, kind);
  if (descriptor === "custom" && hasCustomDates(value)) {
    return `${formatMdy(value.from)}${CUSTOM_RANGE_SEPARATOR}${formatMdy(value.to)}`;
  }
  return DATE_DESCRIPTOR_LABELS[descriptor];
}

/** The URL change for a chosen preset (from and to are removed). */
export const presetChange = (descriptor: Exclude<TDateDescriptor, "custom">): TDateChange => ({
  dateDescriptor: descriptor,
  from: null,
  to: null,
});

/** The URL change for an applied custom range (YYYY-MM-DD). */
export const customChange = (range: { from: string; to: string }): TDateChange => ({
  dateDescriptor: "custom",
  from: range.from,
  to: range.to,
});

/**
 * The YYYY-MM-DD range a page sends (published_after / published_before): a custom range as
 * written, a preset computed for today in the account's zone; from is null for all time.
 * A custom descriptor without valid dates falls back to the page's default.
 */
export function resolveDateRange(
  value: TDateValue,
  options: { kind: TDatePageKind; now?: Date; timeZone?: string },
): { dateDescriptor: TDateDescriptor; from: string | null; to: string } {
  const descriptor = currentDescriptor(value, options.kind);
  if (descriptor === "custom" && hasCustomDates(value)) return { dateDescriptor: "custom", ...value };
  const computable = descriptor === "custom" ? DEFAULT_DATE_DESCRIPTOR[options.kind] : descriptor;
  const range = computeDateRange(computable, {
    now: options.now ?? new Date(),
    timeZone: options.timeZone ?? browserTimeZone(),
  });
  return { dateDescriptor: computable, ...range };
}

/** Splits the single-input entry "MM/DD/YY - MM/DD/YY" into its two dates. */
export function splitSingleInput(entry: string): { from: string; to: string } {
  const [from = "", to = ""] = entry.split("-").map((part) => part.trim());
  // MM/DD/YY uses slashes, so the only dash is the separator.
  return { from, to };
}

/** A date typed in another form than the spec's entry format (docs/product/platform.md §5: MM/DD/YY). */
export const DATE_FORMAT_MESSAGE = "Enter the date as MM/DD/YY, e.g. 11/01/26";

/**
 * 'Date Required' is for an empty entry; an entry that holds something the format does not read
 * (11/01/2026, 2026-11-01) says which format is expected instead.
 */
export function entryErrors(
  dates: { from: string; to: string },
  errors: { from?: string; to?: string },
): { from?: string; to?: string } {
  const named = (key: "from" | "to") =>
    errors[key] === DATE_REQUIRED_MESSAGE && dates[key].trim() !== "" ? DATE_FORMAT_MESSAGE : errors[key];
  const result: { from?: string; to?: string } = {};
  const from = named("from");
  const to = named("to");
  if (from) result.from = from;
  if (to) result.to = to;
  return result;
}
