/**
 * Times of day (docs/product/locations.md §3 "Hours", §4 "Holiday hours", §5 "Time entry", §9): shown as h:mm AM/PM,
 * sent as HH:mm. Entries are parsed from HH:mm, H:mm, h:mm A, hh:mm A, h:mmA and hh:mmA.
 */

export const TWENTY_FOUR_HOURS = "24 hours";
/** The longest entry the time field accepts. */
export const TIME_ENTRY_MAX_LENGTH = 8;

const pad = (n: number) => String(n).padStart(2, "0");

/** "HH:mm" (24-hour) of hours and minutes. */
export function toHHmm(hours: number, minutes: number): string {
  return `${pad(hours)}:${pad(minutes)}`;
}

/** "13:05" → "1:05 PM" (h:mm A); null for an unreadable value. */
export function formatTime(value: string | null | undefined): string | null {
  const parsed = parseTime(value);
  if (!parsed) return null;
  const [h, m] = parsed.split(":").map(Number) as [number, number];
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${pad(m)} ${suffix}`;
}

/**
 * Reads a time in any of the accepted formats and answers it as HH:mm (24-hour), or null.
 * 24-hour: "9:00", "09:00", "23:30". 12-hour: "9:00 AM", "09:00 pm", "9:00AM", "09:00PM".
 */
export function parseTime(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const twelve = /^(\d{1,2}):(\d{2})\s?([AaPp][Mm])$/.exec(text);
  if (twelve) {
    const h = Number(twelve[1]);
    const m = Number(twelve[2]);
    if (h < 1 || h > 12 || m > 59) return null;
    const pm = twelve[3]?.toUpperCase() === "PM";
    return toHHmm((h % 12) + (pm ? 12 : 0), m);
  }
  const twentyFour = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (twentyFour) {
    const h = Number(twentyFour[1]);
    const m = Number(twentyFour[2]);
    if (h > 23 || m > 59) return null;
    return toHHmm(h, m);
  }
  return null;
}

/** The time entry rule (§5): "24 hours", HH:mm in 24-hour format, or h:mm with AM/PM, at most 8 characters. */
export function isValidTimeEntry(value: string): boolean {
  const text = value.trim();
  if (text.length === 0 || text.length > TIME_ENTRY_MAX_LENGTH) return false;
  if (text.toLowerCase() === TWENTY_FOUR_HOURS) return true;
  return parseTime(text) !== null;
}

/** The time options (§9): every 30 minutes from 12:00 AM to 11:30 PM, as { value: HH:mm, label: h:mm A }. */
export const TIME_OPTIONS: readonly { value: string; label: string }[] = Array.from({ length: 48 }, (_, i) => {
  const value = toHHmm(Math.floor(i / 2), (i % 2) * 30);
  return { value, label: formatTime(value) as string };
});

/** Minutes since midnight of a time, or NaN. */
export function minutesOf(value: string | null | undefined): number {
  const parsed = parseTime(value);
  if (!parsed) return Number.NaN;
  const [h, m] = parsed.split(":").map(Number) as [number, number];
  return h * 60 + m;
}
