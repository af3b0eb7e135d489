import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { TUser } from "./types";

export function getUser(id: string) {
  return api.get<TUser>(`/users/${encodeURIComponent(id)}`);
}

export const getUserQueryOptions = (id: string) => queryOptions({ queryKey: ["user", id], queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
