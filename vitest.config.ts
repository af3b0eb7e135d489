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
    maxWorkers: 2,
    reporters: json ? ["default", "json"] : ["default"],
    outputFile: json ? { json } : undefined,
  },
});
