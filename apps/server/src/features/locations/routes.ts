import { locationExtraRoutes } from "@starboard/contract/routes/location-details";
import { locationRoutes } from "@starboard/contract/routes/locations";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { readUpload } from "../../platform/upload.ts";
import * as imports from "./import.ts";
import * as locations from "./service.ts";

/** Locations and their CSV import: validate (the route's schemas) → authorize → service. */
export function locationHandlers(ctx: AppContext) {
  return [
    handle(locationRoutes.listLocations, ({ actor, query, request }) =>
      locations.listLocations(ctx, actor, query, request.url),
    ),
    handle(locationRoutes.getLocation, ({ actor, params }) => locations.getLocation(ctx, actor, params.id)),
    handle(locationRoutes.createLocation, ({ actor, body }) => locations.createLocation(ctx, actor, body)),
    handle(locationRoutes.updateLocation, ({ actor, params, body }) =>
      locations.updateLocation(ctx, actor, params.id, body),
    ),
    handle(locationRoutes.replaceLocation, ({ actor, params, body }) =>
      locations.updateLocation(ctx, actor, params.id, body),
    ),
    handle(locationRoutes.deleteLocation, ({ actor, params }) => locations.deleteLocation(ctx, actor, params.id)),
    // Multipart (`multipart: true`): the service checks the upload's fields.
    handle(locationExtraRoutes.importLocations, async ({ actor, query, request }) => {
      const upload = request.isMultipart() ? await readUpload(request) : undefined;
      return imports.importLocations(ctx, actor, upload, query.account_id);
    }),
    handle(locationExtraRoutes.locationImportTemplate, ({ reply }) => imports.importTemplate(reply)),
    handle(locationExtraRoutes.countLocationImports, ({ actor, query }) =>
      imports.countLocationImports(ctx, actor, query.account_id),
    ),
    handle(locationExtraRoutes.getLocationImport, ({ actor, params }) =>
      imports.getLocationImport(ctx, actor, params.id),
    ),
  ];
}
