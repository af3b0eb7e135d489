import type { TAlert } from "@starboard/contract/alerts";
import type { AlertRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The alert with its filters (each list present, empty when it narrows nothing) and a self link. */
export function presentAlert(row: AlertRow): TAlert {
  const filters = (row.filters ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    alert_type_id: row.alert_type_id,
    alert_frequency_id: row.alert_frequency_id,
    filters: {
      location_ids: list<string>(filters.location_ids),
      source_ids: list<string>(filters.source_ids),
      ratings: list<number>(filters.ratings),
    },
    enabled: row.enabled,
    last_sent_at: row.last_sent_at ? iso(row.last_sent_at) : null,
    created_at: iso(row.created_at),
    _links: { self: { href: `/api/alerts/${row.id}` } },
  };
}
