import {
  ZLocationCreateSchema,
  ZLocationListQuerySchema,
  ZLocationListSchema,
  ZLocationPatchSchema,
  ZLocationSchema,
  ZLocationWriteSchema,
} from "../locations.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "locations";

/** Locations of an account, with the groups each belongs to. */
export const locationRoutes = {
  listLocations: defineRoute({
    method: "GET",
    path: "/api/locations",
    summary:
      "The account's locations, by name (`keywords` with `search_type=typeahead` matches the start of the name), narrowed by `group_id` and `ids`",
    tag,
    query: ZLocationListQuerySchema,
    response: ZLocationListSchema,
    access: { action: "read", resource: "location" },
  }),
  getLocation: defineRoute({
    method: "GET",
    path: "/api/locations/:id",
    summary: "One location",
    tag,
    params: ZIdParams,
    response: ZLocationSchema,
    access: { action: "read", resource: "location" },
    idResource: "locations",
  }),
  createLocation: defineRoute({
    method: "POST",
    path: "/api/locations",
    summary: "Creates a location (`country_id` and `state_id` must name known ones)",
    tag,
    body: ZLocationCreateSchema,
    status: 201,
    response: ZLocationSchema,
    access: { action: "create", resource: "location" },
  }),
  updateLocation: defineRoute({
    method: "PATCH",
    path: "/api/locations/:id",
    summary: "Changes the fields sent",
    tag,
    params: ZIdParams,
    body: ZLocationPatchSchema,
    response: ZLocationSchema,
    access: { action: "update", resource: "location" },
    idResource: "locations",
  }),
  replaceLocation: defineRoute({
    method: "PUT",
    path: "/api/locations/:id",
    summary: "Changes the fields sent; `name` is required",
    tag,
    params: ZIdParams,
    body: ZLocationWriteSchema,
    response: ZLocationSchema,
    access: { action: "update", resource: "location" },
    idResource: "locations",
  }),
  deleteLocation: defineRoute({
    method: "DELETE",
    path: "/api/locations/:id",
    summary: "Deletes a location",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "location" },
    idResource: "locations",
  }),
};
