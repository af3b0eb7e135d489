import type { TSpecialHours } from "@starboard/contract/location-details";
import { sortRanges } from "../locations/index.ts";
import type { SpecialHoursRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentSpecialHours(row: SpecialHoursRow): TSpecialHours {
  return {
    id: row.id,
    account_id: row.account_id,
    location_id: row.location_id,
    start_date: String(row.start_date).slice(0, 10),
    closed: row.closed,
    is_24_hours: row.is_24_hours,
    hours: sortRanges(row.hours as { open_time: string; close_time: string }[]),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/special_hours/${row.id}` } },
  };
}
