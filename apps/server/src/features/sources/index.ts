import type { Feature } from "../../platform/feature.ts";
import { registerSourceLogos, sourceHandlers } from "./routes.ts";

/** Sources (the catalogue), listing URLs and connection issues; the sources' logos outside /api. */
export const sourcesFeature: Feature = {
  name: "sources",
  routes: sourceHandlers,
  pages: (app) => registerSourceLogos(app),
};

/** Loads the review source catalogue (reference data, seeded with the countries and states). */
export { FEEDBACK_FORBIDDEN_SOURCES, seedSources } from "./catalogue.ts";
