import type { Feature } from "../../platform/feature.ts";
import { registerReviewResources } from "./resources.ts";
import { reviewHandlers } from "./routes.ts";

/** Reviews: the list, detail, status label and history (status labels, notes and templates still through `pages`). */
export const reviewsFeature: Feature = {
  name: "reviews",
  routes: reviewHandlers,
  pages: (app, ctx) => registerReviewResources(app, ctx),
};
