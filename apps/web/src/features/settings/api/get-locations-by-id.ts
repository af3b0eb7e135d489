import { locationRoutes } from "@starboard/contract/routes/locations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** The most ids one call names (the API's limit for repeated `ids`). */
const MAX_IDS = 500;

/** GET /locations?ids=…: the locations the alerts narrow to, for their names. */
export function getLocationsById(ids: string[], signal?: AbortSignal) {
  return call(
    locationRoutes.listLocations,
    { query: { ids: ids.slice(0, MAX_IDS), per_page: MAX_IDS, "sort[by]": "name" } },
    { signal },
  );
}

export const getLocationsByIdQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: ["alerts", "locations", ids],
    queryFn: ({ signal }) => getLocationsById(ids, signal),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });

/** Location names by id (empty until loaded, or when there are no ids). */
export function useLocationNames(ids: string[]): Record<string, string> {
  const query = useQuery(getLocationsByIdQueryOptions(ids));
  const names: Record<string, string> = {};
  for (const location of query.data?._embedded.locations ?? []) names[location.id] = location.name;
  return names;
}
