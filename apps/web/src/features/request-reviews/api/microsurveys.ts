import type { TMicrosurveySummaryQuery, TMicrosurveyWrite } from "@starboard/contract/microsurveys";
import type { TRequestOverviewQuery } from "@starboard/contract/request-overview";
import { microsurveyRoutes } from "@starboard/contract/routes/microsurveys";
import { requestOverviewRoutes } from "@starboard/contract/routes/request-overview";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** Microsurveys, their summaries and the overview (docs/api.md "Microsurveys", "Request overview"). */
export const microsurveyKeys = {
  all: ["microsurveys"] as const,
  list: (page: number) => ["microsurveys", "list", page] as const,
  detail: (id: string) => ["microsurveys", "detail", id] as const,
  summary: (id: string, query: TMicrosurveySummaryQuery) => ["microsurveys", "summary", id, query] as const,
  overview: (query: TRequestOverviewQuery) => ["request-overview", query] as const,
};

export const MICROSURVEYS_PER_PAGE = 25;

export function useMicrosurveys(page: number) {
  return useQuery({
    queryKey: microsurveyKeys.list(page),
    queryFn: ({ signal }) =>
      call(microsurveyRoutes.listMicrosurveys, { query: { page, per_page: MICROSURVEYS_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMicrosurvey(id: string | null) {
  return useQuery({
    queryKey: microsurveyKeys.detail(id ?? ""),
    queryFn: ({ signal }) => call(microsurveyRoutes.getMicrosurvey, { params: { id: id! }, query: {} }, { signal }),
    enabled: Boolean(id),
  });
}

export function useSaveMicrosurvey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TMicrosurveyWrite }) =>
      id
        ? call(microsurveyRoutes.updateMicrosurvey, { params: { id }, body })
        : call(microsurveyRoutes.createMicrosurvey, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: microsurveyKeys.all }),
  });
}

export function useDeleteMicrosurvey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(microsurveyRoutes.deleteMicrosurvey, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: microsurveyKeys.all }),
  });
}

export function useMicrosurveySummary(id: string, query: TMicrosurveySummaryQuery) {
  return useQuery({
    queryKey: microsurveyKeys.summary(id, query),
    queryFn: ({ signal }) => call(microsurveyRoutes.microsurveySummaries, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestOverview(query: TRequestOverviewQuery) {
  return useQuery({
    queryKey: microsurveyKeys.overview(query),
    queryFn: ({ signal }) => call(requestOverviewRoutes.requestOverview, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
