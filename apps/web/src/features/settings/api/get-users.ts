import { userRoutes } from "@starboard/contract/routes/users";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const USERS_PER_PAGE = 25;

export interface UsersQuery {
  accountId: string;
  keywords?: string;
  page: number;
  sortBy?: string;
  sortOrder?: "asc" | "desc";
}

/** GET /users: the account's users (shadow users left out), by keywords on name or e-mail. */
export function getUsers(q: UsersQuery, signal?: AbortSignal) {
  return call(
    userRoutes.listUsers,
    {
      query: {
        account_id: q.accountId,
        keywords: q.keywords,
        search_type: q.keywords ? "full" : undefined,
        include_shadow_users: "false",
        page: q.page,
        per_page: USERS_PER_PAGE,
        "sort[by]": q.sortBy ?? "name",
        "sort[order]": q.sortOrder ?? "asc",
      },
    },
    { signal },
  );
}

export const getUsersQueryOptions = (q: UsersQuery) =>
  queryOptions({
    queryKey: ["users", q],
    queryFn: ({ signal }) => getUsers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: UsersQuery) {
  return useQuery(getUsersQueryOptions(q));
}
