import type { Feature } from "../../platform/feature.ts";
import { registerDemoPhotoRoute } from "./reviews.ts";

/** The demo: its review photos (SVG placeholders), served outside /api. Composed only where a demo exists. */
export const demoFeature: Feature = {
  name: "demo",
  pages: (app) => registerDemoPhotoRoute(app),
};
