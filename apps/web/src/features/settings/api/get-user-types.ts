import type { THalPage } from "@starboard/contract/hal";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { TUserType } from "./types";

export function getUserTypes() {
  return api.get<THalPage<"user_types", TUserType>>("/user_types", { per_page: 25 });
}

export const getUserTypesQueryOptions = () =>
  queryOptions({ queryKey: ["user_types"], queryFn: getUserTypes, staleTime: Number.POSITIVE_INFINITY });

export function useUserTypes() {
  return useQuery(getUserTypesQueryOptions());
}
