import type { TAccount } from "@starboard/contract/auth";
import type { THalPage } from "@starboard/contract/hal";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const CHILD_ACCOUNTS_PER_PAGE = 25;

/** GET /accounts?parent_id=: the parent account's child accounts. */
export function getChildAccounts(parentId: string, page: number) {
  return api.get<THalPage<"accounts", TAccount>>("/accounts", {
    parent_id: parentId,
    page,
    per_page: CHILD_ACCOUNTS_PER_PAGE,
    "sort[by]": "name",
    "sort[order]": "asc",
  });
}

export const getChildAccountsQueryOptions = (parentId: string, page: number) =>
  queryOptions({
    queryKey: ["accounts", { parentId, page }],
    queryFn: () => getChildAccounts(parentId, page),
    placeholderData: keepPreviousData,
  });

export function useChildAccounts(parentId: string, page: number) {
  return useQuery(getChildAccountsQueryOptions(parentId, page));
}
