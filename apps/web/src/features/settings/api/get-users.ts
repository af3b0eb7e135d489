import type { THalPage } from "@starboard/contract/hal";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { TUser } from "./types";

export const USERS_PER_PAGE = 25;

export interface UsersQuery {
  accountId: string;
  keywords?: string;
  page: number;
  sortBy?: string;
  sortOrder?: "asc" | "desc";
}

export function getUsers(q: UsersQuery) {
  return api.get<THalPage<"users", TUser>>("/users", {
    account_id: q.accountId,
    keywords: q.keywords,
    search_type: q.keywords ? "full" : undefined,
    include_shadow_users: false,
    page: q.page,
    per_page: USERS_PER_PAGE,
    "sort[by]": q.sortBy ?? "name",
    "sort[order]": q.sortOrder ?? "asc",
  });
}

export const getUsersQueryOptions = (q: UsersQuery) =>
  queryOptions({ queryKey: ["users", q], queryFn: () => getUsers(q), placeholderData: keepPreviousData });

export function useUsers(q: UsersQuery) {
  return useQuery(getUsersQueryOptions(q));
}
