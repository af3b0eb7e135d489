import "@mantine/core/styles/Grid.css";
import { Autocomplete, Grid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { geoRoutes } from "@starboard/contract/routes/geo";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "../../lib/api.ts";
import {
  ADDRESS_TYPEAHEAD_DEBOUNCE_MS,
  countryQuery,
  prefixMatches,
  stateQuery,
  type TAddress,
  type TAddressErrors,
  type TAddressField,
  type TRequiredAddressFields,
  validateAddress,
  withCountry,
} from "./address-fields.ts";

export type AddressFormProps = {
  value: TAddress;
  onChange: (next: TAddress) => void;
  /** Required fields, each with its message (shown after the field is left). */
  required?: TRequiredAddressFields;
  /** Errors from the server, by field. */
  errors?: TAddressErrors;
  disabled?: boolean;
};

const LABELS: Record<TAddressField, string> = {
  address: "Address",
  address_2: "Address 2",
  city: "City",
  state: "State",
  zipcode: "Zip code",
  country: "Country",
};

/** Countries whose name starts with the typed text (GET /api/countries, debounced 300 ms). */
function useCountries(keywords: string) {
  const [debounced] = useDebouncedValue(keywords.trim(), ADDRESS_TYPEAHEAD_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["address", "countries", debounced],
    queryFn: ({ signal }) => call(geoRoutes.listCountries, { query: countryQuery(debounced) }, { signal }),
  });
  return prefixMatches(query.data?._embedded?.countries ?? [], debounced);
}

/** The chosen country's states starting with the typed text (GET /api/states, debounced 300 ms). */
function useStates(countryId: string | number | null, keywords: string) {
  const [debounced] = useDebouncedValue(keywords.trim(), ADDRESS_TYPEAHEAD_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["address", "states", countryId, debounced],
    queryFn: ({ signal }) => {
      const query = stateQuery(countryId, debounced);
      return call(
        geoRoutes.listStates,
        { query: { ...query, country_id: query.country_id === undefined ? undefined : String(query.country_id) } },
        { signal },
      );
    },
    enabled: countryId !== null,
  });
  return prefixMatches(query.data?._embedded?.states ?? [], debounced);
}

/**
 * The address form: address, address 2, city, state, zip code, country. Country and state are
 * typeahead lists; free text is kept (the id is then null). Fields validate on blur.
 */
export function AddressForm({ value, onChange, required = {}, errors = {}, disabled }: AddressFormProps) {
  const [touched, setTouched] = useState<Partial<Record<TAddressField, boolean>>>({});
  const countries = useCountries(value.country);
  const states = useStates(value.country_id, value.state);
  const local = validateAddress(value, required);

  // The default country arrives as a name; adopt its id once the list knows it.
  useEffect(() => {
    if (value.country_id !== null || !value.country) return;
    const exact = countries.find((c) => c.name.toLowerCase() === value.country.trim().toLowerCase());
    if (exact) onChange({ ...value, country: exact.name, country_id: exact.id });
  }, [countries, value, onChange]);

  const errorOf = (field: TAddressField) => errors[field] ?? (touched[field] ? local[field] : undefined);
  const blur = (field: TAddressField) => () => setTouched((t) => ({ ...t, [field]: true }));
  const text = (field: Exclude<TAddressField, "state" | "country">) => ({
    label: LABELS[field],
    value: value[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [field]: event.currentTarget.value }),
    onBlur: blur(field),
    error: errorOf(field),
    withAsterisk: field in required,
    disabled,
    name: field,
  });

  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput {...text("address")} autoComplete="address-line1" />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput {...text("address_2")} autoComplete="address-line2" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...text("city")} autoComplete="address-level2" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Autocomplete
          label={LABELS.state}
          name="state"
          value={value.state}
          data={states.map((s) => s.name)}
          filter={({ options }) => options}
          onChange={(state) => onChange({ ...value, state })}
          onBlur={blur("state")}
          error={errorOf("state")}
          withAsterisk={"state" in required}
          disabled={disabled}
          maxDropdownHeight={250}
          autoComplete="off"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...text("zipcode")} autoComplete="postal-code" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Autocomplete
          label={LABELS.country}
          name="country"
          value={value.country}
          data={countries.map((c) => c.name)}
          filter={({ options }) => options}
          onChange={(name) => {
            const match = countries.find((c) => c.name === name);
            onChange(withCountry(value, name, match ? match.id : null));
          }}
          onBlur={blur("country")}
          error={errorOf("country")}
          withAsterisk={"country" in required}
          disabled={disabled}
          maxDropdownHeight={250}
          autoComplete="off"
        />
      </Grid.Col>
    </Grid>
  );
}
