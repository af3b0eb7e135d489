import { accountRoutes } from "@starboard/contract/routes/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /accounts/{id}/setup_progress: the trial checklist (docs/product/locations.md §3 "Trial setup progress"). */
export function getSetupProgress(accountId: string, signal?: AbortSignal) {
  return call(accountRoutes.setupProgress, { params: { id: accountId } }, { signal });
}

export const getSetupProgressQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ["account", accountId, "setup_progress"],
    queryFn: ({ signal }) => getSetupProgress(accountId, signal),
  });

export function useSetupProgress(accountId: string, enabled: boolean) {
  return useQuery({ ...getSetupProgressQueryOptions(accountId), enabled });
}
