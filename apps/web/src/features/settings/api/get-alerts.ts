import type { RouteInput } from "@starboard/contract/route";
import { alertRoutes } from "@starboard/contract/routes/alerts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const ALERTS_PER_PAGE = 50;

/** The query of GET /alerts: the signed-in user's alerts in the account, oldest first. */
export type TAlertsQuery = NonNullable<RouteInput<typeof alertRoutes.listAlerts>["query"]>;

/** GET /alerts. */
export function getAlerts(query: TAlertsQuery, signal?: AbortSignal) {
  return call(alertRoutes.listAlerts, { query }, { signal });
}

export const alertKeys = {
  all: ["alerts"] as const,
  list: (query: TAlertsQuery) => ["alerts", "list", query] as const,
  detail: (id: string) => ["alerts", "detail", id] as const,
};

export const getAlertsQueryOptions = (query: TAlertsQuery) =>
  queryOptions({
    queryKey: alertKeys.list(query),
    queryFn: ({ signal }) => getAlerts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAlerts(query: TAlertsQuery) {
  return useQuery(getAlertsQueryOptions(query));
}
