import { defineConfig } from "vitest/config";

const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One migrated database per run, which each test app copies (apps/server/src/test/global-setup.ts).
    globalSetup: ["apps/server/src/test/global-setup.ts"],
    pool: "forks",
    // Test files share their worker's modules (no test mocks modules or stubs globals; each test app is its
    // own server on its own database): the module graph is loaded once per worker, not once per file
    // (the PGlite run took 507 s instead of 718).
    isolate: false,
    maxWorkers: 2,
    reporters: json ? ["default", "json"] : ["default"],
    outputFile: json ? { json } : undefined,
  },
});
