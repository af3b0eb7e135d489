/**
 * Date descriptors and the one place that turns them into date ranges (docs/product/platform.md §4, §5, §9).
 * Server and web both import this module, so a preset means the same days everywhere.
 *
 * Every range is a pair of calendar dates `YYYY-MM-DD`, both ends inclusive. "Today" is the calendar
 * date of `now` in the account's IANA time zone (found with `Intl.DateTimeFormat`). From there on
 * the arithmetic is on year/month/day only, never on milliseconds, so daylight-saving changes
 * cannot move a boundary or change a day count.
 *
 * Semantics (T = today in the account's zone):
 * - today: T..T. yesterday: T-1..T-1.
 * - sevenDays / fourteenDays / thirtyDays: the 7 / 14 / 30 calendar days ending with T.
 * - threeMonths / sixMonths / twelveMonths / twoYears (3 / 6 / 12 / 24 months): the same day of the
 *   month N months before T, clamped to the end of a shorter month, plus one day, through T.
 *   2026-03-15 → 2025-12-16..2026-03-15; 2026-05-31 (3 months) → Feb 31 clamps to Feb 28, so 2026-03-01.
 * - lastCalendarWeek: the last full week before the week containing T. Weeks start on Sunday
 *   (weekStartsOn 0, Sunday–Saturday) unless weekStartsOn is 1 (Monday–Sunday).
 * - prevMonth / prevQuarter / lastCalendarYear: the whole previous calendar month / quarter
 *   (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec) / year.
 * - mtd / qtd / ytd: the first day of T's month / quarter / year through T.
 * - allTime: from null (no lower bound) through T.
 * - custom: not computed here; the user's dates go through `validateCustomRange`.
 *
 * Custom range entry (docs/product/platform.md §5): dates are typed as MM/DD/YY (YY means 20YY) and sent as
 * YYYY-MM-DD. An empty or unparseable entry holds no date, so it is 'Date Required'.
 */
import { z } from "./zod.ts";

export const DATE_DESCRIPTORS = [
  "today",
  "yesterday",
  "sevenDays",
  "fourteenDays",
  "thirtyDays",
  "threeMonths",
  "sixMonths",
  "twelveMonths",
  "twoYears",
  "lastCalendarWeek",
  "lastCalendarYear",
  "prevMonth",
  "prevQuarter",
  "mtd",
  "qtd",
  "ytd",
  "allTime",
  "custom",
] as const;
export type TDateDescriptor = (typeof DATE_DESCRIPTORS)[number];
export const ZDateDescriptorSchema = z.enum(DATE_DESCRIPTORS);

/** Descriptors `computeDateRange` can resolve on its own (custom needs the user's dates). */
export type TComputableDateDescriptor = Exclude<TDateDescriptor, "custom">;
/** Descriptors with a fixed rolling or calendar window: everything but allTime and custom. */
export type TPresetDateDescriptor = Exclude<TDateDescriptor, "custom" | "allTime">;

export const DATE_DESCRIPTOR_LABELS = {
  today: "Today",
  yesterday: "Yesterday",
  sevenDays: "Last 7 days",
  fourteenDays: "Last 14 days",
  thirtyDays: "Last 30 days",
  threeMonths: "Last 3 months",
  sixMonths: "Last 6 months",
  twelveMonths: "Last 12 months",
  twoYears: "Last 2 years",
  lastCalendarWeek: "Last calendar week",
  lastCalendarYear: "Last calendar year",
  prevMonth: "Previous month",
  prevQuarter: "Previous quarter",
  mtd: "Month to date",
  qtd: "Quarter to date",
  ytd: "Year to date",
  allTime: "All time",
  custom: "Custom",
} as const satisfies Record<TDateDescriptor, string>;

export const DATE_GROUP_HEADINGS = ["RECENT", "WEEK", "MONTH", "QUARTER", "YEAR", "OTHER"] as const;
export type TDateGroupHeading = (typeof DATE_GROUP_HEADINGS)[number];

/** The date dropdown, in display order. Each descriptor appears exactly once. */
export const DATE_DESCRIPTOR_GROUPS: readonly {
  heading: TDateGroupHeading;
  descriptors: readonly TDateDescriptor[];
}[] = [
  { heading: "RECENT", descriptors: ["today", "yesterday", "sevenDays", "fourteenDays", "thirtyDays"] },
  { heading: "WEEK", descriptors: ["lastCalendarWeek"] },
  { heading: "MONTH", descriptors: ["mtd", "prevMonth", "threeMonths", "sixMonths"] },
  { heading: "QUARTER", descriptors: ["qtd", "prevQuarter"] },
  { heading: "YEAR", descriptors: ["ytd", "lastCalendarYear", "twelveMonths", "twoYears"] },
  { heading: "OTHER", descriptors: ["allTime", "custom"] },
];

export type TDatePageKind = "shared" | "page" | "reviews" | "keywords";
/** Default range: last 7 days in the shared control; pages six months, reviews and keywords thirty days. */
export const DEFAULT_DATE_DESCRIPTOR = {
  shared: "sevenDays",
  page: "sixMonths",
  reviews: "thirtyDays",
  keywords: "thirtyDays",
} as const satisfies Record<TDatePageKind, TDateDescriptor>;

export type TDateOption = { value: TDateDescriptor; label: string };
export type TDateOptionGroup = { heading: TDateGroupHeading; options: TDateOption[] };

/** The dropdown's groups without the hidden descriptors; a group left empty is dropped. */
export function visibleDateOptions(hidden: Iterable<TDateDescriptor> = []): TDateOptionGroup[] {
  const hiddenSet = new Set(hidden);
  return DATE_DESCRIPTOR_GROUPS.map((group) => ({
    heading: group.heading,
    options: group.descriptors
      .filter((d) => !hiddenSet.has(d))
      .map((d) => ({ value: d, label: DATE_DESCRIPTOR_LABELS[d] })),
  })).filter((group) => group.options.length > 0);
}

// --- Messages -----------------------------------------------------------------------------------

export const DATE_REQUIRED_MESSAGE = "Date Required";
export const INVALID_DATE_RANGE_MESSAGE = "Invalid Date Range";
export const ALL_TIME_NOT_SUPPORTED_MESSAGE = "All time date option is not supported";
export const SELECT_PRESET_DATE_MESSAGE = "Select a preset date option";

/** True for every descriptor with a fixed window, i.e. all but custom and allTime (and a missing one). */
export function isPresetDescriptor(d: TDateDescriptor | null | undefined): d is TPresetDateDescriptor {
  return d != null && d !== "custom" && d !== "allTime";
}

/** Why Schedule Export is disabled for this date filter (its tooltip), or null when it is allowed. */
export function scheduleExportDateBlocker(d: TDateDescriptor | null | undefined): string | null {
  if (d === "allTime") return ALL_TIME_NOT_SUPPORTED_MESSAGE;
  return isPresetDescriptor(d) ? null : SELECT_PRESET_DATE_MESSAGE;
}

// --- Calendar arithmetic ------------------------------------------------------------------------

type TCalendarDate = { year: number; month: number; day: number };

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
function toDayNumber({ year, month, day }: TCalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): TCalendarDate {
  const z0 = n + 719468;
  const era = Math.floor(z0 / 146097);
  const doe = z0 - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const addDays = (d: TCalendarDate, n: number) => fromDayNumber(toDayNumber(d) + n);

/** The same day n months later (n may be negative), clamped to the last day of a shorter month. */
function addMonths(d: TCalendarDate, n: number): TCalendarDate {
  const index = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const toIso = ({ year, month, day }: TCalendarDate) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

function isValidDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parseIso(value: string): TCalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidDate(year, month, day) ? { year, month, day } : null;
}

/** True for an existing calendar date written YYYY-MM-DD. */
export const isIsoDate = (value: string): boolean => parseIso(value) !== null;
/** A calendar date as sent over the API: YYYY-MM-DD, and the day must exist. */
export const ZIsoDateSchema = z.string().refine(isIsoDate, { message: "Expected a date as YYYY-MM-DD" });

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. Throws RangeError for an unknown zone. */
export function todayInTimeZone(now: Date, timeZone: string): string {
  return toIso(calendarDateIn(now, timeZone));
}

function calendarDateIn(now: Date, timeZone: string): TCalendarDate {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

// --- Presets ------------------------------------------------------------------------------------

export type TDateRange = { from: string | null; to: string };
export type TDateRangeOptions = { now: Date; timeZone: string; weekStartsOn?: 0 | 1 };

const ROLLING_DAYS = { sevenDays: 7, fourteenDays: 14, thirtyDays: 30 } as const;
const ROLLING_MONTHS = { threeMonths: 3, sixMonths: 6, twelveMonths: 12, twoYears: 24 } as const;

/** The range of a descriptor on the calendar date of `now` in `timeZone` (see the top of this file). */
export function computeDateRange(descriptor: TComputableDateDescriptor, options: TDateRangeOptions): TDateRange {
  const today = calendarDateIn(options.now, options.timeZone);
  const [from, to] = calendarRange(descriptor, today, options.weekStartsOn ?? 0);
  return { from: from && toIso(from), to: toIso(to) };
}

function calendarRange(
  descriptor: TComputableDateDescriptor,
  today: TCalendarDate,
  weekStartsOn: 0 | 1,
): [TCalendarDate | null, TCalendarDate] {
  const { year, month } = today;
  const quarterStartMonth = month - ((month - 1) % 3);
  switch (descriptor) {
    case "today":
      return [today, today];
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return [yesterday, yesterday];
    }
    case "sevenDays":
    case "fourteenDays":
    case "thirtyDays":
      return [addDays(today, 1 - ROLLING_DAYS[descriptor]), today];
    case "threeMonths":
    case "sixMonths":
    case "twelveMonths":
    case "twoYears":
      return [addDays(addMonths(today, -ROLLING_MONTHS[descriptor]), 1), today];
    case "lastCalendarWeek": {
      const dayNumber = toDayNumber(today);
      const weekday = (((dayNumber + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday (4); Sunday is 0.
      const weekStart = dayNumber - ((weekday - weekStartsOn + 7) % 7);
      return [fromDayNumber(weekStart - 7), fromDayNumber(weekStart - 1)];
    }
    case "prevMonth": {
      const first = addMonths({ year, month, day: 1 }, -1);
      return [first, { ...first, day: daysInMonth(first.year, first.month) }];
    }
    case "prevQuarter": {
      const first = addMonths({ year, month: quarterStartMonth, day: 1 }, -3);
      const last = addMonths(first, 2);
      return [first, { ...last, day: daysInMonth(last.year, last.month) }];
    }
    case "lastCalendarYear":
      return [
        { year: year - 1, month: 1, day: 1 },
        { year: year - 1, month: 12, day: 31 },
      ];
    case "mtd":
      return [{ year, month, day: 1 }, today];
    case "qtd":
      return [{ year, month: quarterStartMonth, day: 1 }, today];
    case "ytd":
      return [{ year, month: 1, day: 1 }, today];
    case "allTime":
      return [null, today];
    default:
      throw new RangeError(`Date descriptor ${String(descriptor satisfies never)} has no computed range`);
  }
}

// --- Custom range -------------------------------------------------------------------------------

/** Parses an entry typed as MM/DD/YY (YY means 20YY) into YYYY-MM-DD; null when it is not an existing date. */
export function parseMdy(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), 2000 + Number(match[3])];
  return isValidDate(year, month, day) ? toIso({ year, month, day }) : null;
}

/** Formats YYYY-MM-DD as MM/DD/YY for the entry fields. Throws RangeError for anything else. */
export function formatMdy(iso: string): string {
  const date = parseIso(iso);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  return `${pad(date.month, 2)}/${pad(date.day, 2)}/${pad(date.year % 100, 2)}`;
}

export type TCustomRangeInput = {
  /** The from entry as typed, MM/DD/YY. */
  from: string | null | undefined;
  /** The to entry as typed, MM/DD/YY. */
  to: string | null | undefined;
  /** Today in the account's time zone, YYYY-MM-DD (see `todayInTimeZone`). */
  today: string;
  /** The one-field picker for upcoming dates: from may not be before today, and to may be after it. */
  singleInput?: boolean;
};
export type TCustomRangeResult = {
  errors: { from?: string; to?: string };
  /** Present only when there are no errors; both dates as YYYY-MM-DD. */
  range?: { from: string; to: string };
};

/**
 * The custom range rules of docs/product/platform.md §5. A missing (or unparseable) date is 'Date Required' on
 * that field. With both dates: from after to marks both fields 'Invalid Date Range'; to after today
 * marks to (not in single-input mode); in single-input mode from before today marks from.
 * ISO dates compare correctly as strings.
 */
export function validateCustomRange({ from, to, today, singleInput = false }: TCustomRangeInput): TCustomRangeResult {
  const fromIso = from ? parseMdy(from) : null;
  const toIsoDate = to ? parseMdy(to) : null;
  const errors: TCustomRangeResult["errors"] = {};
  if (!fromIso) errors.from = DATE_REQUIRED_MESSAGE;
  if (!toIsoDate) errors.to = DATE_REQUIRED_MESSAGE;
  if (!fromIso || !toIsoDate) return { errors };

  if (fromIso > toIsoDate) {
    errors.from = INVALID_DATE_RANGE_MESSAGE;
    errors.to = INVALID_DATE_RANGE_MESSAGE;
  }
  if (!singleInput && toIsoDate > today) errors.to = INVALID_DATE_RANGE_MESSAGE;
  if (singleInput && fromIso < today) errors.from = INVALID_DATE_RANGE_MESSAGE;

  if (errors.from || errors.to) return { errors };
  return { errors, range: { from: fromIso, to: toIsoDate } };
}
