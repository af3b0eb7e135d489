import type { BenchSuite } from "../harness.ts";
import { apiSuite } from "./api.ts";
import { exportSuite } from "./export.ts";
import { insightsSuite } from "./insights.ts";
import { loadSuite } from "./load.ts";
import { reviewsScaleSuite } from "./reviews-scale.ts";
import { uploadSuite } from "./upload.ts";

/** Every bench suite, in the order `npm run bench` runs them. Add a suite: a file here, a line below. */
export const SUITES: BenchSuite[] = [apiSuite, exportSuite, reviewsScaleSuite, insightsSuite, uploadSuite, loadSuite];
