// ISO 3166-1 countries and their first-level ISO 3166-2 subdivisions, shipped as JSON beside this file.
// How the data was produced, and from which source, is in data/README.md.
// Read with fs rather than a JSON import: the server's composite tsconfig only lists .ts files.
import { readFileSync } from "node:fs";

export type GeoCountry = {
  /** ISO 3166-1 alpha-2, e.g. "US". */
  readonly code: string;
  /** ISO 3166-1 alpha-3, e.g. "USA". */
  readonly code3: string;
  /** Common English name, e.g. "United States". */
  readonly name: string;
};

export type GeoState = {
  /** ISO 3166-1 alpha-2 of the country, e.g. "US". */
  readonly country_code: string;
  /** ISO 3166-2 code, e.g. "US-CA". */
  readonly code: string;
  /** The part after the hyphen, e.g. "CA". */
  readonly short_code: string;
  /** Name as ISO 3166-2 gives it (often the local-language form, e.g. "Bayern"). */
  readonly name: string;
};

function load<T extends object>(file: string): readonly T[] {
  const rows: unknown = JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8"));
  if (!Array.isArray(rows)) throw new Error(`geo dataset ${file}: expected an array`);
  return Object.freeze(rows.map((row: T) => Object.freeze(row)));
}

/** All 249 ISO 3166-1 countries, sorted by code. */
export const COUNTRIES: readonly GeoCountry[] = load<GeoCountry>("countries.json");

/** First-level subdivisions (states, provinces, territories...), sorted by country code then code. */
export const STATES: readonly GeoState[] = load<GeoState>("states.json");
