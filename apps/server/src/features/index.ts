import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerGeoRoutes } from "./geo/routes.ts";
import { registerHealthRoutes } from "./health/routes.ts";

/** Every feature registers its routes and jobs here. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext) {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerGeoRoutes(app, ctx);
}
