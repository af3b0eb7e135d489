// When a scheduled export is due (docs/product/platform.md §4 "Scheduled export schedule"): at its time of day in
// the ACCOUNT's time zone, daily, weekly on its day, or monthly on its day of the month (the last day of a
// shorter month). Calendar dates are stepped on year/month/day; only the final "local time → instant" step
// uses the zone's offset, so a daylight-saving change moves the instant, never the local time or the day.
import { type TEmailFrequency, type TWeekDay, WEEK_DAYS } from "@starboard/contract/scheduled-exports";

export interface Schedule {
  email_frequency: TEmailFrequency | string;
  /** HH:MM, 24-hour. */
  scheduled_time: string;
  scheduled_day: TWeekDay | string | null;
  scheduled_day_of_month: number | null;
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localParts(instant: Date, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(instant);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: n("year"),
    month: n("month"),
    day: n("day"),
    hour: n("hour") % 24,
    minute: n("minute"),
    second: n("second"),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a local date and time in the zone. A time skipped by a spring-forward change is taken with the
 * offset before the change (02:30 becomes 03:30); a repeated autumn time is its first occurrence.
 */
export function zonedInstant(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = offsetAt(new Date(wall), timeZone);
  const guess = wall - first;
  const second = offsetAt(new Date(guess), timeZone);
  if (second === first) return new Date(guess);
  const other = wall - second;
  return offsetAt(new Date(other), timeZone) === second ? new Date(Math.min(guess, other)) : new Date(guess);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
function addDays(d: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
const weekDay = (d: LocalDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

/** Whether the schedule sends on this local date. */
export function sendsOn(schedule: Schedule, d: LocalDate): boolean {
  if (schedule.email_frequency === "weekly") {
    return WEEK_DAYS[weekDay(d)] === (schedule.scheduled_day ?? "sunday");
  }
  if (schedule.email_frequency === "monthly") {
    const dom = schedule.scheduled_day_of_month ?? 1;
    return d.day === Math.min(dom, daysInMonth(d.year, d.month));
  }
  return true;
}

function timeOf(schedule: Schedule): [number, number] {
  const m = /^(\d{1,2}):(\d{2})$/.exec(schedule.scheduled_time);
  return m ? [Number(m[1]), Number(m[2])] : [13, 0];
}

/** The first send strictly after `after`. */
export function nextSendAfter(schedule: Schedule, after: Date, timeZone: string): Date {
  const [hour, minute] = timeOf(schedule);
  const p = localParts(after, timeZone);
  let d: LocalDate = { year: p.year, month: p.month, day: p.day };
  d = addDays(d, -1);
  for (let i = 0; i < 70; i += 1, d = addDays(d, 1)) {
    if (!sendsOn(schedule, d)) continue;
    const at = zonedInstant(d, hour, minute, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error("no send within 70 days");
}

/** The latest send at or before `at` (the slot a run at `at` is for), if any within the last 70 days. */
export function latestSendAtOrBefore(schedule: Schedule, at: Date, timeZone: string): Date | null {
  const [hour, minute] = timeOf(schedule);
  const p = localParts(at, timeZone);
  let d: LocalDate = { year: p.year, month: p.month, day: p.day };
  d = addDays(d, 1);
  for (let i = 0; i < 70; i += 1, d = addDays(d, -1)) {
    if (!sendsOn(schedule, d)) continue;
    const when = zonedInstant(d, hour, minute, timeZone);
    if (when.getTime() <= at.getTime()) return when;
  }
  return null;
}
