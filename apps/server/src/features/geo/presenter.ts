import type { TCountry, TState } from "@starboard/contract/system";
import type { Selectable } from "kysely";
import type { CountriesTable, StatesTable } from "../../db/schema.ts";

export function presentCountry(c: Selectable<CountriesTable>): TCountry {
  return { id: c.id, code: c.code, code3: c.code3, name: c.name };
}

export function presentState(s: Selectable<StatesTable>): TState {
  return { id: s.id, country_id: s.country_id, code: s.code, short_code: s.short_code, name: s.name, type: s.type };
}
