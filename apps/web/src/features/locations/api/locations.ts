import type { TLocation } from "@starboard/contract/locations";
import type { RouteInput } from "@starboard/contract/route";
import { groupRoutes } from "@starboard/contract/routes/groups";
import { locationRoutes } from "@starboard/contract/routes/locations";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export const LOCATIONS_PER_PAGE = 25;

export type TLocationsQuery = NonNullable<RouteInput<typeof locationRoutes.listLocations>["query"]>;
export type TLocationBody = RouteInput<typeof locationRoutes.createLocation>["body"];
export type TLocationPatch = RouteInput<typeof locationRoutes.updateLocation>["body"];

export const locationKeys = {
  all: ["locations"] as const,
  list: (query: TLocationsQuery) => ["locations", "list", query] as const,
  detail: (id: string) => ["locations", "detail", id] as const,
};

/** GET /locations */
export function useLocations(query: TLocationsQuery, enabled = true) {
  return useQuery({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => call(locationRoutes.listLocations, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type TLocationName = { id: string; name: string; address: string };

const nameOf = (l: TLocation): TLocationName => ({
  id: l.id,
  name: l.name,
  address: [l.address, l.city, [l.state, l.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
});

/** The names of these locations (GET /locations with `ids`, 200 a call). */
export async function fetchLocationNames(ids: string[], signal?: AbortSignal): Promise<TLocationName[]> {
  const out: TLocationName[] = [];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const page = await call(
      locationRoutes.listLocations,
      { query: { ids: chunk.join(","), page: 1, per_page: 200, "sort[by]": "name", "sort[order]": "asc" } },
      { signal },
    );
    out.push(...page._embedded.locations.map(nameOf));
  }
  return out;
}

/** Every location of the account, by name (GET /locations, 500 a page). */
export async function fetchAllLocationNames(signal?: AbortSignal): Promise<TLocationName[]> {
  const out: TLocationName[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      locationRoutes.listLocations,
      { query: { page, per_page: 500, "sort[by]": "name", "sort[order]": "asc" } },
      { signal },
    );
    out.push(...res._embedded.locations.map(nameOf));
    if (page >= (res._total_pages ?? 1) || res._embedded.locations.length === 0) return out;
  }
}

/** GET /locations/{id} */
export function useLocation(id: string | undefined) {
  return useQuery({
    queryKey: locationKeys.detail(id ?? ""),
    queryFn: ({ signal }) => call(locationRoutes.getLocation, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
  });
}

/** POST /locations */
export function useCreateLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLocationBody) => call(locationRoutes.createLocation, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

/** PATCH /locations/{id} (the whole location; also the bulk hours save). */
export function updateLocation(id: string, body: TLocationPatch): Promise<TLocation> {
  return call(locationRoutes.updateLocation, { params: { id }, body });
}

export function useUpdateLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TLocationPatch }) => updateLocation(id, body),
    onSuccess: (location) => {
      qc.setQueryData(locationKeys.detail(location.id), location);
      return qc.invalidateQueries({ queryKey: ["locations", "list"] });
    },
  });
}

/** DELETE /locations/{id} */
export function useDeleteLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(locationRoutes.deleteLocation, { params: { id } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: locationKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: locationKeys.all });
    },
  });
}

export const groupKeys = {
  all: ["location-groups"] as const,
  list: (query: Record<string, unknown>) => ["location-groups", "list", query] as const,
};

/** GET /groups (the account's groups, by name). */
export function useGroups(query: NonNullable<RouteInput<typeof groupRoutes.listGroups>["query"]>, enabled = true) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => call(groupRoutes.listGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<typeof groupRoutes.createGroup>["body"]) => call(groupRoutes.createGroup, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useUpdateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteInput<typeof groupRoutes.updateGroup>["body"] }) =>
      call(groupRoutes.updateGroup, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(groupRoutes.deleteGroup, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
