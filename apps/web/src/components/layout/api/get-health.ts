import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface THealth {
  status: string;
  environment?: string;
}

/** GET /health: readiness, and the environment name for the staging banner. */
export function getHealth() {
  return api.get<THealth>("/health");
}

export const getHealthQueryOptions = () =>
  queryOptions({ queryKey: ["health"], queryFn: getHealth, staleTime: Number.POSITIVE_INFINITY });

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
