import { defineRoute } from "../route.ts";
import { ZHealthSchema } from "../system.ts";

/** Health check. */
export const healthRoutes = {
  health: defineRoute({
    method: "GET",
    path: "/api/health",
    summary: "The server and its database answer; names the environment",
    tag: "health",
    response: ZHealthSchema,
    access: "public",
  }),
};
