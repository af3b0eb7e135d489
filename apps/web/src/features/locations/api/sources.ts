import type { RouteInput } from "@starboard/contract/route";
import { sourceRoutes } from "@starboard/contract/routes/sources";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** GET /urls for a location: its review-source and request URLs (per_page 250). */
export function useLocationUrls(locationId: string, requestOnly = false) {
  const query: NonNullable<RouteInput<typeof sourceRoutes.listUrls>["query"]> = {
    location_id: locationId,
    per_page: 250,
    page: 1,
    ...(requestOnly ? { exclude_request_reviews: "true", source_feedback_forbidden: "true" } : {}),
  } as NonNullable<RouteInput<typeof sourceRoutes.listUrls>["query"]>;
  return useQuery({
    queryKey: ["location-urls", locationId, requestOnly],
    queryFn: ({ signal }) => call(sourceRoutes.listUrls, { query }, { signal }),
  });
}

/** GET /issues for a location (resource_type location), with the muted ones. */
export function useLocationIssues(locationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["location-issues", locationId],
    queryFn: ({ signal }) =>
      call(
        sourceRoutes.listIssues,
        {
          query: {
            location_id: locationId,
            resource_type: "location",
            resource_id: locationId,
            page: 1,
            per_page: 100,
          } as NonNullable<RouteInput<typeof sourceRoutes.listIssues>["query"]>,
        },
        { signal },
      ),
    enabled,
  });
}

/** Mute or unmute an issue (PATCH /issues/{id}). */
export function useMuteIssue(locationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, muted }: { id: string; muted: boolean }) =>
      call(sourceRoutes.updateIssue, { params: { id }, body: { muted } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["location-issues", locationId] }),
  });
}

/** GET /sources: the sources the account has listings or reviews on. */
export function useSources() {
  return useQuery({
    queryKey: ["location-sources"],
    queryFn: ({ signal }) =>
      call(
        sourceRoutes.listSources,
        { query: { page: 1, per_page: 100 } as NonNullable<RouteInput<typeof sourceRoutes.listSources>["query"]> },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}
