import { defineRoute } from "../route.ts";
import {
  ZSavedFilterCreateSchema,
  ZSavedFilterListQuerySchema,
  ZSavedFilterListSchema,
  ZSavedFilterPatchSchema,
  ZSavedFilterSchema,
} from "../saved-filters.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "saved filters";

/** The signed-in user's saved filters (user preferences of type saved_filters). */
export const savedFilterRoutes = {
  listSavedFilters: defineRoute({
    method: "GET",
    path: "/api/user_preferences",
    summary: "The signed-in user's saved filters in the account, 25 a page, by name ascending",
    tag,
    query: ZSavedFilterListQuerySchema,
    response: ZSavedFilterListSchema,
    access: { action: "read", resource: "saved_filter" },
  }),
  createSavedFilter: defineRoute({
    method: "POST",
    path: "/api/user_preferences",
    summary: "Saves the current filters under a new name (Save as); a duplicate name answers 409",
    tag,
    body: ZSavedFilterCreateSchema,
    status: 201,
    response: ZSavedFilterSchema,
    access: { action: "create", resource: "saved_filter" },
  }),
  updateSavedFilter: defineRoute({
    method: "PATCH",
    path: "/api/user_preferences/:id",
    summary: "Renames a saved filter or replaces its filters (Save)",
    tag,
    params: ZIdParams,
    body: ZSavedFilterPatchSchema,
    response: ZSavedFilterSchema,
    access: { action: "update", resource: "saved_filter" },
    idResource: "user_preferences",
  }),
  deleteSavedFilter: defineRoute({
    method: "DELETE",
    path: "/api/user_preferences/:id",
    summary: "Deletes one of the signed-in user's saved filters",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "saved_filter" },
    idResource: "user_preferences",
  }),
};
