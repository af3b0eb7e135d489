import type { TLocation } from "@starboard/contract/locations";
import { EMPTY_ADDRESS, type TAddress } from "../../components/common/address-fields.ts";
import { readWeek, serializeWeek, type TWeekHours } from "./hours/week.ts";
import { emptyToNull, missingRequired, type TOpenStatus, type TRequiredField } from "./location-rules.ts";

/** The location form's values (docs/product/locations.md §3 "Location"). */
export type TLocationDraft = {
  name: string;
  public_name: string;
  external_id: string;
  google_place_id: string;
  phone: string;
  website: string;
  category_id: string | null;
  category_name: string;
  is_headquarters: boolean;
  open_status: TOpenStatus;
  address: TAddress;
  /** null: the location has no hours (Add Hours offers them). */
  hours: TWeekHours | null;
  /** Hours were removed (sent as remove_hours). */
  remove_hours: boolean;
  npi: string;
};

export function emptyDraft(): TLocationDraft {
  return {
    name: "",
    public_name: "",
    external_id: "",
    google_place_id: "",
    phone: "",
    website: "",
    category_id: null,
    category_name: "",
    is_headquarters: false,
    open_status: "active",
    address: { ...EMPTY_ADDRESS },
    hours: null,
    remove_hours: false,
    npi: "",
  };
}

/** The NPI numbers a location carries (industry_ids.npi_numbers), when the server sends them. */
export function npiOf(location: unknown): string {
  const ids = (location as { industry_ids?: { npi_numbers?: unknown } } | null)?.industry_ids;
  const numbers = ids?.npi_numbers;
  return Array.isArray(numbers) && typeof numbers[0] === "string" ? numbers[0] : "";
}

export function draftOf(location: TLocation): TLocationDraft {
  const status = location.open_status;
  return {
    name: location.name,
    public_name: location.public_name ?? "",
    external_id: location.external_id ?? "",
    google_place_id: location.google_place_id ?? "",
    phone: location.phone ?? "",
    website: location.website ?? "",
    category_id: location.category_id,
    category_name: location.category_name ?? "",
    is_headquarters: location.is_headquarters,
    open_status: status === "temporarily_inactive" || status === "inactive" ? status : "active",
    address: {
      address: location.address ?? "",
      address_2: location.address_2 ?? "",
      city: location.city ?? "",
      state: location.state ?? "",
      zipcode: location.zipcode ?? "",
      country: location.country ?? "",
      country_id: location.country_id,
    },
    hours: readWeek(location.hours),
    remove_hours: false,
    npi: npiOf(location),
  };
}

/** The required values of a draft, by field. */
export function requiredValues(draft: TLocationDraft): Record<TRequiredField, string> {
  return {
    name: draft.name,
    public_name: draft.public_name,
    address: draft.address.address,
    city: draft.address.city,
    state: draft.address.state,
    zipcode: draft.address.zipcode,
    country: draft.address.country,
  };
}

export const draftErrors = (draft: TLocationDraft) => missingRequired(requiredValues(draft));

/** The body sent: the whole location, hours in HH:mm (or remove_hours), empty optional fields as null. */
export function locationBody(
  draft: TLocationDraft,
  opts: { existing: boolean; withPlaceId: boolean; withNpi: boolean },
): Record<string, unknown> {
  const a = draft.address;
  const body: Record<string, unknown> = {
    name: draft.name.trim(),
    public_name: draft.public_name.trim(),
    address: a.address.trim(),
    address_2: emptyToNull(a.address_2),
    city: a.city.trim(),
    state: a.state.trim(),
    zipcode: a.zipcode.trim(),
    country: a.country.trim(),
    country_id: a.country_id === null ? null : String(a.country_id),
    phone: emptyToNull(draft.phone),
    website: emptyToNull(draft.website),
    external_id: emptyToNull(draft.external_id),
    category_id: draft.category_id,
    category_name: emptyToNull(draft.category_name),
    is_headquarters: draft.is_headquarters,
  };
  if (opts.existing) body.open_status = draft.open_status;
  if (opts.withPlaceId) body.google_place_id = emptyToNull(draft.google_place_id);
  if (draft.hours) body.hours = serializeWeek(draft.hours);
  else if (draft.remove_hours) {
    body.hours = null;
    body.remove_hours = true;
  }
  if (opts.withNpi) body.industry_ids = { npi_numbers: draft.npi.trim() ? [draft.npi.trim()] : [] };
  return body;
}
