import type { TGroup } from "@starboard/contract/locations";
import type { GroupRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The group with its members (all, and those not permanently closed) and a self link. */
export function presentGroup(row: GroupRow, members: { all: string[]; active: string[] } | undefined): TGroup {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    location_ids: members?.all ?? [],
    active_location_ids: members?.active ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/groups/${row.id}` } },
  };
}
