import { userTypeById } from "@starboard/contract/permissions";
import type { TUser, TUserType } from "@starboard/contract/users";
import type { Selectable } from "kysely";
import type { User, UserTypesTable } from "../../db/schema.ts";

/** A user for the API: never its password hash, tokens or confirmation state. */
export function presentUser(u: User): TUser {
  return {
    id: u.id,
    account_id: u.account_id,
    email: u.email,
    name: u.name,
    user_type_id: u.user_type_id,
    user_type: userTypeById(u.user_type_id)?.name ?? "Unknown",
    profile_name: u.profile_name,
    is_account_owner: u.is_account_owner,
    is_shadow: u.is_shadow,
    status: u.status,
    created_at: new Date(u.created_at).toISOString(),
    _links: { self: { href: `/api/users/${u.id}` } },
  };
}

export function presentUserType(t: Selectable<UserTypesTable>): TUserType {
  return { id: t.id, code: t.code, name: t.name };
}
