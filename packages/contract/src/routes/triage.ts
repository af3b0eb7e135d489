import { defineRoute } from "../route.ts";
import { ZTriageSchema } from "../system.ts";

const tag = "triage";
const summary = "Network diagnostics: what the server sees of this request, signed in or not";

/** Triage: the same diagnostics for every method the triage page tries. */
export const triageRoutes = {
  getTriage: defineRoute({
    method: "GET",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  postTriage: defineRoute({
    method: "POST",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  putTriage: defineRoute({
    method: "PUT",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  patchTriage: defineRoute({
    method: "PATCH",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
  deleteTriage: defineRoute({
    method: "DELETE",
    path: "/api/triage",
    summary,
    tag,
    response: ZTriageSchema,
    access: "public",
  }),
};
