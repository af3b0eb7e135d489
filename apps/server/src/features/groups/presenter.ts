import type { TGroup } from "@starboard/contract/locations";

const iso = (d: unknown) => new Date(d as Date).toISOString();

export function presentGroup(
  row: Record<string, unknown>,
  members: { all: string[]; active: string[] } | undefined,
): TGroup & { _links: { self: { href: string } } } {
  return {
    id: String(row.id),
    account_id: String(row.account_id),
    name: String(row.name),
    location_ids: members?.all ?? [],
    active_location_ids: members?.active ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/groups/${row.id}` } },
  };
}
