import scalar from "@scalar/fastify-api-reference";
import type { FastifyInstance } from "fastify";
import { API_REFERENCE_CSP } from "./security.ts";

/**
 * A readable API reference at /api/docs (Scalar), built from /api/openapi.json.
 * Its routes answer without a session, like the document it renders.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...(route.config ?? {}), auth: false, contentSecurityPolicy: API_REFERENCE_CSP };
    });
    await docs.register(scalar, {
      routePrefix: "/api/docs",
      logLevel: "warn",
      configuration: {
        url: "/api/openapi.json",
        pageTitle: "Starboard API",
        hideClientButton: true,
        // Self-hosted: no font requests to a third party.
        withDefaultFonts: false,
      },
    });
  });
}
