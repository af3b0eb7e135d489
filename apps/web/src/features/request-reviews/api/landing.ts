import type { TRequestPage, TRequestPageWrite } from "@starboard/contract/landing-pages";
import { landingPageRoutes } from "@starboard/contract/routes/landing-pages";
import { locationExtraRoutes } from "@starboard/contract/routes/location-details";
import { locationRoutes } from "@starboard/contract/routes/locations";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type { TRequestPage, TRequestPageWrite };

export const LANDING_LOCATIONS_PER_PAGE = 25;

const keys = {
  requestPage: ["request-page"] as const,
  locations: (page: number, keywords: string) => ["landing-locations", page, keywords] as const,
  pages: (locationId: string) => ["landing-pages", locationId] as const,
};

/** A page of the account's locations by name (GET /locations), for their landing page and kiosk links. */
export function useLandingLocations(page: number, keywords: string) {
  return useQuery({
    queryKey: keys.locations(page, keywords),
    queryFn: ({ signal }) =>
      call(
        locationRoutes.listLocations,
        {
          query: {
            page,
            per_page: LANDING_LOCATIONS_PER_PAGE,
            "sort[by]": "name",
            "sort[order]": "asc",
            ...(keywords ? { keywords } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /locations/{id}/landing_pages: the NPS, Stars, Thumbs, Faces, Review Request and Kiosk addresses. */
export function useLocationLandingPages(locationId: string | null) {
  return useQuery({
    queryKey: keys.pages(locationId ?? ""),
    queryFn: ({ signal }) =>
      call(locationExtraRoutes.landingPages, { params: { id: locationId ?? "" }, query: {} }, { signal }).then(
        (a) => a._embedded.landing_pages,
      ),
    enabled: Boolean(locationId),
  });
}

/** GET /request_page: the account's landing page settings. */
export function useRequestPage() {
  return useQuery({
    queryKey: keys.requestPage,
    queryFn: ({ signal }) => call(landingPageRoutes.getRequestPage, { query: {} }, { signal }),
  });
}

/** PUT /request_page */
export function useSaveRequestPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRequestPageWrite) => call(landingPageRoutes.updateRequestPage, { body }),
    onSuccess: (saved) => client.setQueryData(keys.requestPage, saved),
  });
}
