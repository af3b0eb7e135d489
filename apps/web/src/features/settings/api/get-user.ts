import { userRoutes } from "@starboard/contract/routes/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /users/{id}. */
export function getUser(id: string, signal?: AbortSignal) {
  return call(userRoutes.getUser, { params: { id } }, { signal });
}

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["user", id], queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
