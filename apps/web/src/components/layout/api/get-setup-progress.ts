import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The trial checklist (locations.md §3 "Trial setup progress"). */
export interface TSetupProgress {
  stage: 1 | 2 | 3;
  ask_campaigns_exist: boolean;
  facebook_integration_exists: boolean;
  multiple_users_in_account_exists: boolean;
  responses_exist: boolean;
  google_url_scanned: boolean;
}

export function getSetupProgress(accountId: string) {
  return api.get<TSetupProgress>(`/accounts/${encodeURIComponent(accountId)}/setup_progress`);
}

export const getSetupProgressQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: ["account", accountId, "setup_progress"], queryFn: () => getSetupProgress(accountId) });

export function useSetupProgress(accountId: string, enabled: boolean) {
  return useQuery({ ...getSetupProgressQueryOptions(accountId), enabled });
}
