import type { Feature } from "../../platform/feature.ts";
import { tagHandlers } from "./routes.ts";

/** Account tags (`/api/tags`) and the tags on reviews (`/api/review_tags`). */
export const tagsFeature: Feature = {
  name: "tags",
  routes: tagHandlers,
};
