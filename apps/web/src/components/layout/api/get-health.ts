import { healthRoutes } from "@starboard/contract/routes/health";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /health: readiness, and the environment name for the staging banner. */
export function getHealth(signal?: AbortSignal) {
  return call(healthRoutes.health, {}, { signal });
}

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: ["health"],
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
