import { USER_TYPES } from "@starboard/contract/permissions";
import type { TUserType } from "@starboard/contract/users";

/** Options for the user-type select: the server's list, or the contract's when it has not answered. */
export function userTypeOptions(types: TUserType[] | undefined) {
  const list = types && types.length > 0 ? types : USER_TYPES;
  return list.map((t) => ({ value: String(t.id), label: t.name }));
}
