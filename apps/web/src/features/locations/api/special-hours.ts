import type { TSpecialHours } from "@starboard/contract/location-details";
import { specialHoursRoutes } from "@starboard/contract/routes/location-details";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { call } from "../../../lib/api";
import type { TTimeRange } from "../hours/week.ts";

export type { TSpecialHours };
export type TSpecialHoursWrite = { start_date: string; closed: boolean; is_24_hours: boolean; hours: TTimeRange[] };

export const specialHoursKey = (locationId: string) => ["special-hours", locationId] as const;

/** GET /special_hours: from today, by start_date ascending, up to 250 (docs/product/locations.md §7). */
export function fetchSpecialHours(locationId: string, signal?: AbortSignal) {
  return call(
    specialHoursRoutes.listSpecialHours,
    {
      query: {
        location_id: locationId,
        start_date: dayjs().format("YYYY-MM-DD"),
        "sort[by]": "start_date",
        "sort[order]": "asc",
        page: 1,
        per_page: 250,
      },
    },
    { signal },
  ).then((page) => page._embedded.special_hours);
}

export function useSpecialHours(locationId: string, enabled = true) {
  return useQuery({
    queryKey: specialHoursKey(locationId),
    queryFn: ({ signal }) => fetchSpecialHours(locationId, signal),
    enabled,
  });
}

/** POST /special_hours (one location). */
export function createSpecialHours(locationId: string, body: TSpecialHoursWrite) {
  return call(specialHoursRoutes.createSpecialHours, { body: { ...body, location_id: locationId } });
}

/** PATCH /special_hours/{id}: a saved holiday date changed in place (the same rules as adding one). */
export function updateSpecialHours(id: string, body: TSpecialHoursWrite) {
  return call(specialHoursRoutes.updateSpecialHours, { params: { id }, body });
}

/** POST /special_hours with `location_ids`: one holiday entry set at each location (replacing the same date). */
export function createBulkSpecialHours(locationIds: string[], body: TSpecialHoursWrite) {
  return call(specialHoursRoutes.createSpecialHours, { body: { ...body, location_ids: locationIds } });
}

/** DELETE /special_hours/{id} */
export function deleteSpecialHours(id: string) {
  return call(specialHoursRoutes.deleteSpecialHours, { params: { id }, query: {} });
}
