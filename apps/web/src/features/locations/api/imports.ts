import type { TLocationImport } from "@starboard/contract/location-details";
import { locationExtraRoutes } from "@starboard/contract/routes/location-details";
import { useQuery } from "@tanstack/react-query";
import { call, request, routePath } from "../../../lib/api";

export type { TLocationImport };

export const importKeys = {
  one: (id: string) => ["location-imports", id] as const,
  count: ["location-imports", "count"] as const,
};

/** The import's job is still at work. */
export const importRunning = (i: Pick<TLocationImport, "status"> | undefined) =>
  i?.status === "queued" || i?.status === "running";

/** POST /import_locations (multipart `file`): answers the queued import (202). */
export function uploadLocationImport(file: File): Promise<TLocationImport> {
  const form = new FormData();
  form.set("file", file, file.name);
  return request<TLocationImport>("POST", routePath(locationExtraRoutes.importLocations, undefined), { body: form });
}

/** GET /import_locations/{id}, polled every second while the job runs. */
export function useLocationImport(id: string | null) {
  return useQuery({
    queryKey: importKeys.one(id ?? ""),
    queryFn: ({ signal }) => call(locationExtraRoutes.getLocationImport, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (importRunning(query.state.data) ? 1000 : false),
  });
}

/** GET /import_locations/count: the account's imports still at work, and its location count. */
export function useLocationImportCount() {
  return useQuery({
    queryKey: importKeys.count,
    queryFn: ({ signal }) => call(locationExtraRoutes.countLocationImports, { query: {} }, { signal }),
  });
}

/** The template's path (GET /import_locations/template), for the download. */
export const IMPORT_TEMPLATE_PATH = `/api${routePath(locationExtraRoutes.locationImportTemplate, undefined)}`;
