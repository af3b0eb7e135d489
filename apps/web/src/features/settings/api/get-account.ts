import type { TAccount } from "@starboard/contract/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function getAccount(id: string) {
  return api.get<TAccount>(`/accounts/${encodeURIComponent(id)}`);
}

export const getAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["account", id], queryFn: () => getAccount(id) });

export function useAccount(id: string) {
  return useQuery(getAccountQueryOptions(id));
}
