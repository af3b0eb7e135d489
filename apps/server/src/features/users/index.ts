import type { Feature } from "../../platform/feature.ts";
import { registerUserRoutes } from "./routes.ts";

/** The users feature (not yet moved to the route table: registered through `pages`). */
export const usersFeature: Feature = {
  name: "users",
  pages: (app, ctx) => registerUserRoutes(app, ctx),
};
