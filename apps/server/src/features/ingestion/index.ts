import type { Feature } from "../../platform/feature.ts";
import { registerIngestion } from "./routes.ts";

/** The ingestion feature (not yet moved to the route table: registered through `pages`). */
export const ingestionFeature: Feature = {
  name: "ingestion",
  pages: async (app, ctx) => await registerIngestion(app, ctx),
};
