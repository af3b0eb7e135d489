import {
  ZGroupCreateSchema,
  ZGroupListQuerySchema,
  ZGroupListSchema,
  ZGroupPatchSchema,
  ZGroupSchema,
  ZGroupWriteSchema,
} from "../locations.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "groups";

/** Groups of locations; `location_ids` on create and update sets the membership. */
export const groupRoutes = {
  listGroups: defineRoute({
    method: "GET",
    path: "/api/groups",
    summary:
      "The account's groups, by name (`keywords` with `search_type=typeahead` matches the start of the name), narrowed by `location_id`",
    tag,
    query: ZGroupListQuerySchema,
    response: ZGroupListSchema,
    access: { action: "read", resource: "group" },
  }),
  getGroup: defineRoute({
    method: "GET",
    path: "/api/groups/:id",
    summary: "One group with its locations",
    tag,
    params: ZIdParams,
    response: ZGroupSchema,
    access: { action: "read", resource: "group" },
    idResource: "groups",
  }),
  createGroup: defineRoute({
    method: "POST",
    path: "/api/groups",
    summary: "Creates a group; `location_ids` (the account's locations, else 404) become its members",
    tag,
    body: ZGroupCreateSchema,
    status: 201,
    response: ZGroupSchema,
    access: { action: "create", resource: "group" },
  }),
  updateGroup: defineRoute({
    method: "PATCH",
    path: "/api/groups/:id",
    summary: "Renames a group and/or replaces its locations (`location_ids`)",
    tag,
    params: ZIdParams,
    body: ZGroupPatchSchema,
    response: ZGroupSchema,
    access: { action: "update", resource: "group" },
    idResource: "groups",
  }),
  replaceGroup: defineRoute({
    method: "PUT",
    path: "/api/groups/:id",
    summary: "Renames a group and, when `location_ids` is sent, replaces its locations",
    tag,
    params: ZIdParams,
    body: ZGroupWriteSchema,
    response: ZGroupSchema,
    access: { action: "update", resource: "group" },
    idResource: "groups",
  }),
  deleteGroup: defineRoute({
    method: "DELETE",
    path: "/api/groups/:id",
    summary: "Deletes a group (its locations stay)",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "group" },
    idResource: "groups",
  }),
};
