import type { Feature } from "../../platform/feature.ts";
import { userHandlers } from "./routes.ts";

/** Users of an account, and the user types. */
export const usersFeature: Feature = {
  name: "users",
  routes: userHandlers,
};
