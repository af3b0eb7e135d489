import {
  SAVED_FILTERS_PREFERENCE_TYPE,
  type TSavedFilter,
  type TSavedFilterConfig,
} from "@starboard/contract/saved-filters";
import type { SavedFilterRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentSavedFilter(row: SavedFilterRow): TSavedFilter {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    preference_type: SAVED_FILTERS_PREFERENCE_TYPE,
    name: row.name,
    config: (row.config ?? {}) as TSavedFilterConfig,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/user_preferences/${row.id}` } },
  };
}
