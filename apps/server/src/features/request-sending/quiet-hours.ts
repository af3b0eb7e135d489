// Quiet hours (docs/product/reviews.md §3; docs/api.md "Sending review requests"): no request goes out between
// the start and the end, in the location's time zone (default 21:00-08:00). Pure functions of a given clock.

/** "HH:MM" or "HH:MM:SS" (PostgreSQL time) → minutes after midnight. */
export function minutesOf(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** A valid IANA time zone, or UTC. */
export function safeTimeZone(tz: string | null | undefined): string {
  if (!tz) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

/** Minutes after local midnight of `at` in the time zone. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get("hour") % 24) * 60 + get("minute");
}

/**
 * When the quiet hours around `at` end (the next local `end` time, DST-aware), or null when `at` is outside
 * them. A start equal to the end means no quiet hours; a start after the end spans midnight.
 */
export function quietHoursEnd(at: Date, timeZone: string, start: string, end: string): Date | null {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return null;
  const n = localMinutes(at, timeZone);
  const inside = s < e ? n >= s && n < e : n >= s || n < e;
  if (!inside) return null;
  // The end is today (local) when it is still ahead, else tomorrow.
  const day = localDate(at, timeZone);
  const date = n < e ? day : addDays(day, 1);
  return zonedTime(date, Math.floor(e / 60), e % 60, timeZone);
}

function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get("year"), m: get("month"), d: get("day") };
}

function addDays(date: { y: number; m: number; d: number }, days: number) {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a local wall-clock time in the zone (a time skipped by DST moves forward by the gap). */
function zonedTime(date: { y: number; m: number; d: number }, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.y, date.m - 1, date.d, hour, minute);
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}
