import { userRoutes } from "@starboard/contract/routes/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /user_types: the six user types. */
export function getUserTypes(signal?: AbortSignal) {
  return call(userRoutes.listUserTypes, { query: { per_page: 25 } }, { signal });
}

export const getUserTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["user_types"],
    queryFn: ({ signal }) => getUserTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useUserTypes() {
  return useQuery(getUserTypesQueryOptions());
}
