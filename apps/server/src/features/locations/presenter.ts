import type { TLocation } from "@starboard/contract/locations";
import { readHours } from "./hours.ts";
import type { LocationRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a location is answered with besides its row. */
export interface LocationExtras {
  groupIds: string[];
  stateCode: string | null;
  overrides: TLocation["source_overrides"];
  /** Open connection issues: any not muted, and all muted. */
  issues: { open: boolean; muted: boolean };
}

/** Every column of the location, its groups and overrides, and a self link; dates as ISO strings. */
export function presentLocation(row: LocationRow, extras: LocationExtras): TLocation {
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
    state_code: extras.stateCode,
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
    hours: readHours(row.hours),
    industry_ids: { npi_numbers: row.npi_numbers ?? [] },
    publishing_enabled: row.publishing_enabled,
    source_overrides: extras.overrides,
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    group_ids: extras.groupIds,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    metadata: {},
    url_id: row.id,
    request_page_url: null,
    feedback_url: null,
    has_issue: extras.issues.open,
    mute_issues: extras.issues.muted,
    deleted_at: null,
    _links: { self: { href: `/api/locations/${row.id}` } },
  };
}
