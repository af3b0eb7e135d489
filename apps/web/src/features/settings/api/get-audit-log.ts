import type { RouteInput } from "@starboard/contract/route";
import { auditRoutes } from "@starboard/contract/routes/audit";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const AUDIT_LOG_PER_PAGE = 50;

export type TAuditLogQuery = NonNullable<RouteInput<typeof auditRoutes.listAuditLog>["query"]>;

/** GET /audit_log: the account's audit log, newest first (Admins). */
export function getAuditLog(query: TAuditLogQuery, signal?: AbortSignal) {
  return call(auditRoutes.listAuditLog, { query }, { signal });
}

export const getAuditLogQueryOptions = (query: TAuditLogQuery) =>
  queryOptions({
    queryKey: ["audit-log", query] as const,
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: TAuditLogQuery) {
  return useQuery(getAuditLogQueryOptions(query));
}
