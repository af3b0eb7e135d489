import { accountRoutes } from "@starboard/contract/routes/accounts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const CHILD_ACCOUNTS_PER_PAGE = 25;

/** GET /accounts?parent_id=: the parent account's child accounts. */
export function getChildAccounts(parentId: string, page: number, signal?: AbortSignal) {
  return call(
    accountRoutes.listAccounts,
    {
      query: {
        parent_id: parentId,
        page,
        per_page: CHILD_ACCOUNTS_PER_PAGE,
        "sort[by]": "name",
        "sort[order]": "asc",
      },
    },
    { signal },
  );
}

export const getChildAccountsQueryOptions = (parentId: string, page: number) =>
  queryOptions({
    queryKey: ["accounts", { parentId, page }],
    queryFn: ({ signal }) => getChildAccounts(parentId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useChildAccounts(parentId: string, page: number) {
  return useQuery(getChildAccountsQueryOptions(parentId, page));
}
