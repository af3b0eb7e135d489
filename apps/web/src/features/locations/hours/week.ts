import { formatTime, minutesOf, parseTime } from "./time.ts";

/**
 * Weekly opening hours (docs/product/locations.md §3 "Hours", §4 "Operating hours"): keyed monday to sunday; each day has
 * open, is_24_hours and a list of open_time/close_time pairs.
 */
export const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type TDay = (typeof DAYS)[number];
export const DAY_LABELS: Record<TDay, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export type TTimeRange = { open_time: string; close_time: string };
export type TDayHours = { open: boolean; is_24_hours: boolean; hours: TTimeRange[] };
export type TWeekHours = Record<TDay, TDayHours>;

const EMPTY_RANGE: TTimeRange = { open_time: "", close_time: "" };
const closedDay = (): TDayHours => ({ open: false, is_24_hours: false, hours: [] });

/** Adding hours: every day starts closed. */
export function emptyWeek(): TWeekHours {
  return Object.fromEntries(DAYS.map((d) => [d, closedDay()])) as TWeekHours;
}

/** Reads a location's stored hours (any of the accepted time formats) into the editor's shape; null when it has none. */
export function readWeek(value: unknown): TWeekHours | null {
  if (!value || typeof value !== "object") return null;
  const source = value as Record<string, unknown>;
  if (!DAYS.some((d) => d in source)) return null;
  const week = emptyWeek();
  for (const day of DAYS) {
    const raw = source[day] as Partial<TDayHours> | undefined;
    if (!raw || typeof raw !== "object") continue;
    const ranges = Array.isArray(raw.hours) ? raw.hours : [];
    week[day] = {
      open: Boolean(raw.open),
      is_24_hours: Boolean(raw.is_24_hours),
      hours: ranges.map((r) => ({
        open_time: parseTime(r?.open_time) ?? "",
        close_time: parseTime(r?.close_time) ?? "",
      })),
    };
  }
  return week;
}

/** The Closed toggle: opening a day creates one empty time range; closing it clears the ranges. */
export function setDayOpen(week: TWeekHours, day: TDay, open: boolean): TWeekHours {
  const next: TDayHours = open ? { open: true, is_24_hours: false, hours: [{ ...EMPTY_RANGE }] } : closedDay();
  return { ...week, [day]: next };
}

/** Choosing "24 hours" sets is_24_hours and clears the ranges. */
export function setDay24(week: TWeekHours, day: TDay): TWeekHours {
  return { ...week, [day]: { open: true, is_24_hours: true, hours: [] } };
}

/**
 * Choosing a time of a range. On a 24-hour day, it turns back into one range holding that time.
 */
export function setRangeTime(
  week: TWeekHours,
  day: TDay,
  index: number,
  field: keyof TTimeRange,
  value: string,
): TWeekHours {
  const current = week[day];
  if (current.is_24_hours) {
    return { ...week, [day]: { open: true, is_24_hours: false, hours: [{ ...EMPTY_RANGE, [field]: value }] } };
  }
  const hours = current.hours.map((r, i) => (i === index ? { ...r, [field]: value } : r));
  return { ...week, [day]: { ...current, open: true, hours } };
}

export function addRange(week: TWeekHours, day: TDay): TWeekHours {
  const current = week[day];
  return {
    ...week,
    [day]: { ...current, open: true, is_24_hours: false, hours: [...current.hours, { ...EMPTY_RANGE }] },
  };
}

/** Removing a range; removing the last one closes the day. */
export function removeRange(week: TWeekHours, day: TDay, index: number): TWeekHours {
  const hours = week[day].hours.filter((_, i) => i !== index);
  return { ...week, [day]: hours.length === 0 ? closedDay() : { ...week[day], hours } };
}

/** Ranges ordered by their opening time. */
export function sortRanges(ranges: readonly TTimeRange[]): TTimeRange[] {
  return [...ranges].sort((a, b) => minutesOf(a.open_time) - minutesOf(b.open_time));
}

/** The hours as sent (HH:mm; ranges sorted; a 24-hour or closed day carries no ranges). */
export function serializeWeek(week: TWeekHours): TWeekHours {
  const out = emptyWeek();
  for (const day of DAYS) {
    const d = week[day];
    if (!d.open) continue;
    if (d.is_24_hours) {
      out[day] = { open: true, is_24_hours: true, hours: [] };
      continue;
    }
    const hours = sortRanges(
      d.hours.map((r) => ({ open_time: parseTime(r.open_time) ?? "", close_time: parseTime(r.close_time) ?? "" })),
    );
    out[day] = { open: true, is_24_hours: false, hours };
  }
  return out;
}

/** Days with an open range missing a time. */
export function incompleteDays(week: TWeekHours): TDay[] {
  return DAYS.filter((d) => {
    const day = week[d];
    return day.open && !day.is_24_hours && day.hours.some((r) => !parseTime(r.open_time) || !parseTime(r.close_time));
  });
}

/** A day on the detail page (§3): "9:00 AM - 5:00 PM, 6:00 PM - 10:00 PM", '24 hrs' or 'Closed'. */
export function formatDay(day: TDayHours | undefined): string {
  if (!day?.open) return "Closed";
  if (day.is_24_hours) return "24 hrs";
  const ranges = sortRanges(day.hours)
    .map((r) => {
      const open = formatTime(r.open_time);
      const close = formatTime(r.close_time);
      return open && close ? `${open} - ${close}` : null;
    })
    .filter((r): r is string => r !== null);
  return ranges.length > 0 ? ranges.join(", ") : "Closed";
}
