import { accountRoutes } from "@starboard/contract/routes/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /accounts/{id}. */
export function getAccount(id: string, signal?: AbortSignal) {
  return call(accountRoutes.getAccount, { params: { id } }, { signal });
}

export const getAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["account", id], queryFn: ({ signal }) => getAccount(id, signal) });

export function useAccount(id: string) {
  return useQuery(getAccountQueryOptions(id));
}
