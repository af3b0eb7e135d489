/**
 * The location form's rules (docs/product/locations.md §4 "Open status", §5 "Location form", "NPI", §9).
 */

export const OPEN_STATUS_LABELS = {
  active: "Open",
  temporarily_inactive: "Temporarily Closed",
  inactive: "Permanently Closed",
} as const;
export type TOpenStatus = keyof typeof OPEN_STATUS_LABELS;
export const OPEN_STATUS_OPTIONS = (Object.keys(OPEN_STATUS_LABELS) as TOpenStatus[]).map((value) => ({
  value,
  label: OPEN_STATUS_LABELS[value],
}));

/** The label of an open status; unknown values read as they are. */
export function openStatusLabel(status: string | null | undefined): string {
  return status && status in OPEN_STATUS_LABELS ? OPEN_STATUS_LABELS[status as TOpenStatus] : (status ?? "");
}

/** Required fields with their labels, in form order. */
export const REQUIRED_FIELDS = {
  name: "Internal Name",
  public_name: "Public Name",
  address: "Address",
  city: "City",
  state: "State",
  zipcode: "Zip Code",
  country: "Country",
} as const;
export type TRequiredField = keyof typeof REQUIRED_FIELDS;
export const REQUIRED_MARK = "* Required";
export const MISSING_REQUIRED_MESSAGE = "There is missing required information. Please review the form and try again.";

export const requiredMessage = (field: TRequiredField) => `${REQUIRED_FIELDS[field]} is required`;

/** The message of an empty required field on blur, or null. */
export function requiredError(field: TRequiredField, value: string | null | undefined): string | null {
  return (value ?? "").trim() === "" ? requiredMessage(field) : null;
}

/** Every required field left empty, with its message. */
export function missingRequired(
  values: Partial<Record<TRequiredField, string | null | undefined>>,
): Partial<Record<TRequiredField, string>> {
  const out: Partial<Record<TRequiredField, string>> = {};
  for (const field of Object.keys(REQUIRED_FIELDS) as TRequiredField[]) {
    const error = requiredError(field, values[field]);
    if (error) out[field] = error;
  }
  return out;
}

/** An empty website is sent as null; optional phone and external ID likewise. */
export const emptyToNull = (value: string | null | undefined): string | null => {
  const text = (value ?? "").trim();
  return text === "" ? null : text;
};

// --- NPI ---------------------------------------------------------------------------------------

export const NPI_MESSAGES = {
  notFound: "NPI not found",
  noMatch: "Unable to find a NPI number that matches with the 'PUBLIC NAME' and address provided",
  unreachable: "Unable to reach the NPI database",
} as const;

/** A lookup is made only for exactly 10 digits. */
export const isNpiNumber = (value: string) => /^\d{10}$/.test(value.trim());

/** The NPI field's own message before any lookup: a non-empty value that is not 10 digits is 'NPI not found'. */
export function npiLocalError(value: string): string | null {
  const text = value.trim();
  if (text === "" || isNpiNumber(text)) return null;
  return NPI_MESSAGES.notFound;
}

/** A name lookup is valid only with exactly one result. */
export function npiFromNameResults<T>(results: readonly T[]): { result: T | null; error: string | null } {
  return results.length === 1
    ? { result: results[0] as T, error: null }
    : { result: null, error: NPI_MESSAGES.noMatch };
}

/** Splits a public name into first and last names for the lookup by name. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first_name: parts[0] ?? "", last_name: "" };
  return { first_name: parts[0] as string, last_name: parts[parts.length - 1] as string };
}

// --- Directory overrides -----------------------------------------------------------------------

export const OVERRIDE_MESSAGES = {
  phone: "Enter phone number or unselect directory",
  website: "Enter website or unselect directory",
} as const;

export type TOverrideDraft = { checked: boolean; value: string };

/** A checked override needs a value; an unchecked one is cleared. */
export function overrideError(kind: "phone" | "website", draft: TOverrideDraft): string | null {
  return draft.checked && draft.value.trim() === "" ? OVERRIDE_MESSAGES[kind] : null;
}
export function toggleOverride(draft: TOverrideDraft, checked: boolean): TOverrideDraft {
  return checked ? { ...draft, checked } : { checked: false, value: "" };
}

// --- Billing -----------------------------------------------------------------------------------

export const NON_ADMIN_BILLING_NOTE = "Adding a location may incur additional costs.";

/** New-location cost in USD per month from cents. */
export function formatMonthlyCost(cents: number): string {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
  return `${usd}/month`;
}

// --- List query carried across the form's redirects (§2) ---------------------------------------

export const LIST_QUERY_KEYS = [
  "sort[by]",
  "sort[order]",
  "keywords",
  "search_type",
  "page",
  "per_page",
  "group_id",
] as const;

/** The list query of a search string, for the redirects after save, create, cancel and delete. */
export function listQueryOf(search: string): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of LIST_QUERY_KEYS) {
    const value = from.get(key);
    if (value) out.set(key, value);
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** After a delete: back to the list keeping the sort, group and keyword filters. */
export function listQueryAfterDelete(search: string): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of ["sort[by]", "sort[order]", "keywords", "search_type", "group_id"]) {
    const value = from.get(key);
    if (value) out.set(key, value);
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}
