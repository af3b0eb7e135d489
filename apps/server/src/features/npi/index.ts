import type { Feature } from "../../platform/feature.ts";
import { npiHandlers } from "./routes.ts";

/** NPI lookups through the NPPES NPI Registry API v2.1 (healthcare accounts). */
export const npiFeature: Feature = {
  name: "npi",
  routes: npiHandlers,
};

/** The demo's NPPES fake (composed with the demo) and the fake itself, for tests and the e2e. */
export { npiSandboxFeature, npiSandboxRecords, startNpiSandbox } from "./sandbox.ts";
