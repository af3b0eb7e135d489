import type { TSourceOverride } from "@starboard/contract/location-details";
import { sourceOverrideRoutes } from "@starboard/contract/routes/location-details";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type { TSourceOverride };
export const overridesKey = (locationId: string) => ["location-source-overrides", locationId] as const;

/** GET /location_source_overrides for a location. */
export function useOverrides(locationId: string, enabled = true) {
  return useQuery({
    queryKey: overridesKey(locationId),
    queryFn: ({ signal }) =>
      call(
        sourceOverrideRoutes.listSourceOverrides,
        { query: { location_id: locationId, page: 1, per_page: 100 } },
        { signal },
      ).then((page) => page._embedded.location_source_overrides),
    enabled,
  });
}

/** GET /location_source_overrides/directories: the directories overrides are for. */
export function useOverrideDirectories(enabled = true) {
  return useQuery({
    queryKey: ["override-directories"],
    queryFn: ({ signal }) =>
      call(sourceOverrideRoutes.listOverrideDirectories, {}, { signal }).then((a) => a._embedded.directories),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function createOverride(body: {
  location_id: string;
  source_id: string;
  phone: string | null;
  website: string | null;
}) {
  return call(sourceOverrideRoutes.createSourceOverride, { body });
}

export function updateOverride(id: string, body: { phone: string | null; website: string | null }) {
  return call(sourceOverrideRoutes.updateSourceOverride, { params: { id }, body });
}
