import type { TLocation } from "@starboard/contract/locations";
import type { LocationRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/** Every column of the location, its groups, and a self link; dates as ISO strings. */
export function presentLocation(row: LocationRow, groupIds: string[]): TLocation {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    public_name: row.public_name,
    address: row.address,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    state_id: row.state_id,
    country: row.country,
    country_id: row.country_id,
    zipcode: row.zipcode,
    phone: row.phone,
    website: row.website,
    external_id: row.external_id,
    google_place_id: row.google_place_id,
    category_id: row.category_id,
    category_name: row.category_name,
    is_headquarters: row.is_headquarters,
    open_status: row.open_status,
    hours: (row.hours as Record<string, unknown> | null) ?? null,
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    group_ids: groupIds,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/locations/${row.id}` } },
  };
}
