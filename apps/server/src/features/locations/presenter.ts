import type { TLocation } from "@starboard/contract/locations";

/** Every column of the location, its groups, and a self link; dates as ISO strings. */
export function presentLocation(row: Record<string, unknown>, groupIds: string[]): TLocation {
  return {
    id: String(row.id),
    account_id: String(row.account_id),
    name: String(row.name),
    public_name: row.public_name ?? null,
    address: (row.address as string | null) ?? null,
    address_2: row.address_2 ?? null,
    city: (row.city as string | null) ?? null,
    state: (row.state as string | null) ?? null,
    state_id: row.state_id ?? null,
    country: row.country ?? null,
    country_id: row.country_id ?? null,
    zipcode: (row.zipcode as string | null) ?? null,
    phone: row.phone ?? null,
    website: row.website ?? null,
    external_id: row.external_id ?? null,
    google_place_id: row.google_place_id ?? null,
    category_id: row.category_id ?? null,
    category_name: row.category_name ?? null,
    is_headquarters: Boolean(row.is_headquarters),
    open_status: row.open_status,
    hours: row.hours ?? null,
    time_zone: row.time_zone ?? null,
    latitude: row.latitude ?? null,
    longitude: row.longitude ?? null,
    group_ids: groupIds,
    created_at: new Date(row.created_at as Date).toISOString(),
    updated_at: new Date(row.updated_at as Date).toISOString(),
    _links: { self: { href: `/api/locations/${row.id}` } },
  };
}
