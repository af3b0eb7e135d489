import type { Feature } from "../../platform/feature.ts";
import { categoryHandlers } from "./routes.ts";

/** Business categories (Google Business Profile categories, migration 0014) and photo categories. */
export const categoriesFeature: Feature = {
  name: "categories",
  routes: categoryHandlers,
};
