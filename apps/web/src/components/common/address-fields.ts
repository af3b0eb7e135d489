/**
 * The address form's rules (docs/product/platform.md §3 "Address", §5; docs/product/locations.md): fields address, address_2,
 * city, state, zipcode, country, country_id. Country and state are typeahead lists matched on the
 * start of the name; clearing the country clears country_id; states are those of the chosen
 * country; the default country is United States.
 */

export type TAddress = {
  address: string;
  address_2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  country_id: string | number | null;
};
export type TAddressField = keyof Omit<TAddress, "country_id">;
/** Fields a page may mark required, each with its own message. */
export type TRequiredAddressFields = Partial<Record<Exclude<TAddressField, "address_2">, string>>;
export type TAddressErrors = Partial<Record<TAddressField, string>>;

export type TCountry = { id: string | number; name: string; code?: string | null };
export type TState = { id: string | number; name: string; code?: string | null; country_id?: string | number | null };

export const DEFAULT_COUNTRY = "United States";
export const ADDRESS_LOOKUP_PER_PAGE = 500;
export const ADDRESS_TYPEAHEAD_DEBOUNCE_MS = 300;

export const EMPTY_ADDRESS: TAddress = {
  address: "",
  address_2: "",
  city: "",
  state: "",
  zipcode: "",
  country: DEFAULT_COUNTRY,
  country_id: null,
};

/** GET /api/countries */
export function countryQuery(keywords: string): { keywords: string; search_type: "typeahead"; per_page: number } {
  return { keywords: keywords.trim(), search_type: "typeahead", per_page: ADDRESS_LOOKUP_PER_PAGE };
}

/** GET /api/states, limited to the chosen country. */
export function stateQuery(
  countryId: string | number | null,
  keywords: string,
): { country_id: string | number | undefined; keywords: string; per_page: number } {
  return { country_id: countryId ?? undefined, keywords: keywords.trim(), per_page: ADDRESS_LOOKUP_PER_PAGE };
}

/** Items whose name starts with the typed text (case-insensitive); everything for empty text. */
export function prefixMatches<T extends { name: string }>(items: readonly T[], keywords: string): T[] {
  const typed = keywords.trim().toLowerCase();
  return typed ? items.filter((item) => item.name.toLowerCase().startsWith(typed)) : [...items];
}

/** Typing or choosing a country: an empty country clears country_id; choosing another country clears the state. */
export function withCountry(address: TAddress, name: string, id: string | number | null): TAddress {
  if (name.trim() === "") return { ...address, country: "", country_id: null };
  const changed = id !== null && String(address.country_id) !== String(id);
  return { ...address, country: name, country_id: id, state: changed ? "" : address.state };
}

/** The messages of required fields left empty. */
export function validateAddress(address: TAddress, required: TRequiredAddressFields = {}): TAddressErrors {
  const errors: TAddressErrors = {};
  for (const [field, message] of Object.entries(required) as [keyof TRequiredAddressFields, string][]) {
    if (message && address[field].trim() === "") errors[field] = message;
  }
  return errors;
}
