import { HHMM_PATTERN, type THours, type THoursOut, WEEKDAYS } from "@starboard/contract/locations";

type Range = { open_time: string; close_time: string };

const isTime = (v: unknown): v is string => typeof v === "string" && HHMM_PATTERN.test(v);

/** The ranges of a day: well-formed HH:mm pairs, sorted by open time (docs/product/locations.md §4). */
function rangesOf(raw: unknown): Range[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((r): r is Range => Boolean(r) && isTime((r as Range).open_time) && isTime((r as Range).close_time))
    .map((r) => ({ open_time: r.open_time, close_time: r.close_time }))
    .sort((a, b) => a.open_time.localeCompare(b.open_time));
}

/**
 * Hours as stored: each of the seven days; a day not sent is closed; a 24-hour day has no ranges; a closed day has
 * none either. Ranges sorted by open time.
 */
export function normalizeHours(hours: THours): THoursOut {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const d = hours[day];
      const open = Boolean(d?.open);
      const is24 = open && Boolean(d?.is_24_hours);
      return [day, { open, is_24_hours: is24, hours: open && !is24 ? rangesOf(d?.hours) : [] }];
    }),
  ) as THoursOut;
}

/** Stored hours as answered (older rows of any shape read as closed days); null stays null. */
export function readHours(stored: unknown): THoursOut | null {
  if (stored === null || stored === undefined || typeof stored !== "object" || Array.isArray(stored)) return null;
  return normalizeHours(stored as THours);
}

/** An open day that is not 24 hours needs at least one range (the error names the day). */
export function missingRanges(hours: THoursOut): string | undefined {
  return WEEKDAYS.find((day) => hours[day].open && !hours[day].is_24_hours && hours[day].hours.length === 0);
}

/** Special-hours ranges: HH:mm pairs sorted by open time. */
export function sortRanges(ranges: Range[] | undefined): Range[] {
  return rangesOf(ranges ?? []);
}
