import type { Feature } from "../../platform/feature.ts";
import { triageHandlers } from "./routes.ts";

/** Triage: network diagnostics, signed out. */
export const triageFeature: Feature = {
  name: "triage",
  routes: triageHandlers,
};
