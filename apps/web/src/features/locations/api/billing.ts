import type { TLocationPreview } from "@starboard/contract/location-details";
import { locationExtraRoutes } from "@starboard/contract/routes/location-details";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type { TLocationPreview };

/** GET /billing/{accountId}/location_preview for one added location. */
export function fetchLocationPreview(accountId: string) {
  return call(locationExtraRoutes.locationPreview, { params: { accountId }, query: { num_added_locations: 1 } });
}

/** GET /locations/{id}/landing_pages: NPS, Stars, Thumbs, Faces, Review Request and Kiosk links. */
export function useLandingPages(locationId: string) {
  return useQuery({
    queryKey: ["landing-pages", locationId],
    queryFn: ({ signal }) =>
      call(locationExtraRoutes.landingPages, { params: { id: locationId }, query: {} }, { signal }).then(
        (a) => a._embedded.landing_pages,
      ),
  });
}
