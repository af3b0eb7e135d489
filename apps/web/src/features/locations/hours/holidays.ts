import dayjs from "dayjs";
import { parseTime } from "./time.ts";
import { sortRanges, type TTimeRange } from "./week.ts";

/**
 * Holiday (special) hours (docs/product/locations.md §3 "Special hours", §4 "Holiday hours", §5 "Holiday dates", §9):
 * one entry per date (YYYY-MM-DD); new rows carry a temporary id ending in -new.
 */
export type THolidayEntry = {
  id: string;
  start_date: string | null;
  closed: boolean;
  is_24_hours: boolean;
  hours: TTimeRange[];
};

export const HOLIDAY_MESSAGES = {
  dateRequired: "You must have a date selected",
  tenYears: "Date cannot be more than 10 years in advance.",
  duplicate: "You already have special hours set for this date.",
  timesRequired: "You must have an opening and closing time if location is open.",
  within24Hours: "This date is within 24hrs so it may not be updated in time.",
  closedStreak:
    "You are closed for 7 or more consecutive days. Google may mark the business as temporarily closed or reject the request.",
} as const;

export const HOLIDAY_MAX_YEARS = 10;

/** Holiday hours are available only when the account's special hours feature is on (§6); unset means on. */
export const holidayHoursOn = (settings: Readonly<Record<string, boolean | string>>) =>
  settings.special_hours !== false && settings.special_hours !== "false";
/** The server's answer when the feature is off. */
export const HOLIDAY_HOURS_OFF = "Holiday hours are not enabled for this account.";
export const CLOSED_STREAK_DAYS = 7;
/** The detail page shows this many dates, then '...' and a link. */
export const HOLIDAY_PREVIEW_COUNT = 5;

let sequence = 0;
export const isNewHoliday = (entry: Pick<THolidayEntry, "id">) => entry.id.endsWith("-new");

/** A blank row of the Add Holiday Hours modal: no date yet, open, one empty range. */
export function newHolidayEntry(): THolidayEntry {
  sequence += 1;
  return {
    id: `${Date.now()}-${sequence}-new`,
    start_date: null,
    closed: false,
    is_24_hours: false,
    hours: [{ open_time: "", close_time: "" }],
  };
}

export type THolidayCheck = { errors: Record<string, string>; warnings: Record<string, string>; streak: boolean };

/**
 * The rules of every entry, by id: errors block saving, warnings do not. `existing` are dates already saved for the
 * location that are not among `entries` (a date cannot be duplicated against them either).
 */
export function checkHolidays(
  entries: readonly THolidayEntry[],
  now: Date = new Date(),
  existing: readonly string[] = [],
): THolidayCheck {
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  const today = dayjs(now).startOf("day");
  const limit = today.add(HOLIDAY_MAX_YEARS, "year");
  const seen = new Set(existing);
  for (const entry of entries) {
    if (!entry.start_date) {
      errors[entry.id] = HOLIDAY_MESSAGES.dateRequired;
      continue;
    }
    const date = dayjs(entry.start_date, "YYYY-MM-DD");
    if (!date.isValid()) {
      errors[entry.id] = HOLIDAY_MESSAGES.dateRequired;
      continue;
    }
    if (!date.isBefore(limit)) errors[entry.id] = HOLIDAY_MESSAGES.tenYears;
    else if (seen.has(entry.start_date)) errors[entry.id] = HOLIDAY_MESSAGES.duplicate;
    else if (!entry.closed && !entry.is_24_hours && !hasTimes(entry)) errors[entry.id] = HOLIDAY_MESSAGES.timesRequired;
    seen.add(entry.start_date);
    if (date.startOf("day").valueOf() - now.getTime() < 24 * 60 * 60 * 1000) {
      warnings[entry.id] = HOLIDAY_MESSAGES.within24Hours;
    }
  }
  return { errors, warnings, streak: hasClosedStreak([...entries]) };
}

function hasTimes(entry: THolidayEntry): boolean {
  return entry.hours.length > 0 && entry.hours.every((r) => parseTime(r.open_time) && parseTime(r.close_time));
}

/** Seven or more consecutive closed dates. */
export function hasClosedStreak(entries: readonly Pick<THolidayEntry, "start_date" | "closed">[]): boolean {
  const dates = [...new Set(entries.filter((e) => e.closed && e.start_date).map((e) => e.start_date as string))].sort();
  let run = 0;
  let previous: dayjs.Dayjs | null = null;
  for (const d of dates) {
    const day = dayjs(d, "YYYY-MM-DD");
    run = previous && day.diff(previous, "day") === 1 ? run + 1 : 1;
    if (run >= CLOSED_STREAK_DAYS) return true;
    previous = day;
  }
  return false;
}

/** What is sent: only entries with a start_date; times as HH:mm sorted by open time; a closed or 24-hour date carries no times. */
export function holidayPayload(entry: THolidayEntry): {
  start_date: string;
  closed: boolean;
  is_24_hours: boolean;
  hours: TTimeRange[];
} | null {
  if (!entry.start_date) return null;
  const hours =
    entry.closed || entry.is_24_hours
      ? []
      : sortRanges(
          entry.hours.map((r) => ({
            open_time: parseTime(r.open_time) ?? "",
            close_time: parseTime(r.close_time) ?? "",
          })),
        );
  return { start_date: entry.start_date, closed: entry.closed, is_24_hours: !entry.closed && entry.is_24_hours, hours };
}

/** Dates as shown (§9): MM/DD/YY. */
export function formatHolidayDate(value: string): string {
  const d = dayjs(value, "YYYY-MM-DD");
  return d.isValid() ? d.format("MM/DD/YY") : value;
}

/** The detail page's preview: the first five dates, and whether '...' follows. */
export function holidayPreview<T>(entries: readonly T[]): { shown: T[]; more: boolean } {
  return { shown: entries.slice(0, HOLIDAY_PREVIEW_COUNT), more: entries.length > HOLIDAY_PREVIEW_COUNT };
}

/** Reads MM/DD/YYYY, MM/DD/YY or YYYY-MM-DD into YYYY-MM-DD. */
export function parseDateEntry(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (!us) return null;
  const year = (us[3] as string).length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
  const d = dayjs(new Date(year, Number(us[1]) - 1, Number(us[2])));
  if (!d.isValid() || d.month() !== Number(us[1]) - 1) return null;
  return d.format("YYYY-MM-DD");
}
