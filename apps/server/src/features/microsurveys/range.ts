import { computeDateRange, DATE_DESCRIPTORS, type TComputableDateDescriptor } from "@starboard/contract/date-ranges";
import { isUuid } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import type { DayRange } from "./queries.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, or the day of an ISO instant), 400 on the field otherwise. */
function dayOf(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  const text = String(value);
  const day = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw AppError.invalid(field, "Enter a date as YYYY-MM-DD");
  return day;
}

/**
 * The days a summary, the overview or the CSV covers (the account's calendar): `from`/`to` (or the export's
 * `published_after`/`published_before`), else the preset `dateDescriptor`; neither: all time.
 */
export function dayRange(
  q: { from?: unknown; to?: unknown; published_after?: unknown; published_before?: unknown; dateDescriptor?: unknown },
  timeZone: string,
  now = new Date(),
): DayRange {
  let from = dayOf(q.from ?? q.published_after, q.from !== undefined ? "from" : "published_after");
  let to = dayOf(q.to ?? q.published_before, q.to !== undefined ? "to" : "published_before");
  const descriptor = q.dateDescriptor;
  if (!from && !to && typeof descriptor === "string" && descriptor !== "" && descriptor !== "custom") {
    if (!(DATE_DESCRIPTORS as readonly string[]).includes(descriptor))
      throw AppError.invalid("dateDescriptor", "Unknown date range");
    if (descriptor !== "allTime") {
      const range = computeDateRange(descriptor as TComputableDateDescriptor, { now, timeZone });
      from = range.from ?? null;
      to = range.to;
    }
  }
  if (from && to && from > to) throw AppError.invalid("from", "The start date must be on or before the end date");
  return { from, to, timeZone };
}

/** `location_id` (one, a list, or comma-separated) as ids; null when absent; 400 for one that cannot be an id. */
export function locationIdsOf(value: unknown): string[] | null {
  if (value === undefined || value === null || value === "") return null;
  const ids = [value]
    .flat()
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length === 0) return null;
  if (!ids.every(isUuid)) throw AppError.invalid("location_id", "Unknown location");
  return ids;
}
