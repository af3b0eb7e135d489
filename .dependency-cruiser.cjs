/**
 * The architecture's boundaries, checked on every `npm test` (`npm run depcheck`).
 * Each rule names one boundary from docs/architecture.md and says why it exists.
 * Paths are relative to the repository root; type-only imports count too (a
 * type reaching across a boundary couples the two sides just as much).
 * @type {import('dependency-cruiser').IConfiguration}
 */

// Server files that compose the whole app (or test/measure it) and so may reach
// any feature's internals: the composition root, the entry point, the CLI tools,
// the benchmarks, the test harness and factories, and tests themselves.
const SERVER_COMPOSERS = [
  "^apps/server/src/compose\\.ts$",
  "^apps/server/src/main\\.ts$",
  "^apps/server/src/cli/",
  "^apps/server/src/bench/",
  "^apps/server/src/test/",
  "\\.test\\.ts$",
];

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "An import cycle means two modules can't be understood, tested or loaded apart (and ESM cycles " +
        "can see half-initialised bindings). Break it by moving the shared piece down a layer, or by " +
        "having a feature's index.ts export only what others need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-imports-no-app",
      severity: "error",
      comment:
        "packages/contract is the API's shared language, imported by both the server and the web. " +
        "If it imported an app, the other app would pull that app's code (and its runtime) in with it.",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "contract-zod-through-one-module",
      severity: "error",
      comment:
        "Contract files take `z` from packages/contract/src/zod.ts, which turns off zod's eval-based " +
        "fast path in browsers before any schema is built (the app's CSP forbids eval; even zod's probe " +
        "for it is reported as a violation). Type-only imports of zod are fine.",
      from: { path: "^packages/contract/src/", pathNot: "^packages/contract/src/zod\\.ts$" },
      to: { path: "node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-imports-no-server",
      severity: "error",
      comment:
        "The web talks to the server over HTTP only, through the contract's routes. Importing server " +
        "code would bundle Node-only modules into the browser and bypass the contract.",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "server-imports-no-web",
      severity: "error",
      comment: "The server shares types with the web only through packages/contract.",
      from: { path: "^apps/server/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "platform-imports-no-feature",
      severity: "error",
      comment:
        "platform/ holds mechanisms every feature uses. If it imported a feature, that feature " +
        "could no longer use the platform without a cycle, and the platform would stop being shared: " +
        "pass what a mechanism needs in (AppContext, registration) instead.",
      from: { path: "^apps/server/src/platform/" },
      to: { path: "^apps/server/src/features/" },
    },
    {
      name: "server-feature-reaches-only-index",
      severity: "error",
      comment:
        "A feature's index.ts is its public face; everything else in the folder may change freely. " +
        "Another feature reaching into routes/service/queries/tables couples to those internals. " +
        "Export what is needed from the other feature's index.ts instead. (Tests may reach internals.)",
      from: { path: "^apps/server/src/features/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^apps/server/src/features/[^/]+/",
        pathNot: ["^apps/server/src/features/$1/", "^apps/server/src/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "server-shared-reaches-only-feature-index",
      severity: "error",
      comment:
        "Outside the features (db/, platform/, config), only a feature's index.ts may be imported, for " +
        "the same reason as server-feature-reaches-only-index. The composition root, the entry point, " +
        "the CLI tools, the benchmarks, the test harness/factories and tests may reach internals.",
      from: { path: "^apps/server/src/", pathNot: ["^apps/server/src/features/", ...SERVER_COMPOSERS] },
      to: { path: "^apps/server/src/features/[^/]+/", pathNot: "^apps/server/src/features/[^/]+/index\\.ts$" },
    },
    {
      name: "server-app-only-from-entry-points",
      severity: "error",
      comment:
        "app.ts builds the whole server (every feature, plugin and job). Only the entry points that " +
        "start a server may import it: main.ts, the CLI tools, the benchmarks and the test harness. " +
        "Anything else importing it would be a cycle in waiting and would load the whole app.",
      from: {
        path: "^apps/server/",
        pathNot: [
          "^apps/server/src/main\\.ts$",
          "^apps/server/src/cli/",
          "^apps/server/src/bench/",
          "^apps/server/src/test/",
        ],
      },
      to: { path: "^apps/server/src/app\\.ts$" },
    },
    {
      name: "web-feature-imports-no-other-feature",
      severity: "error",
      comment:
        "Web features are independent slices of the UI; one importing another couples their release " +
        "and their bundles. Move what both need to apps/web/src/components or apps/web/src/lib.",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/[^/]+/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-features-only-from-app-and-routes",
      severity: "error",
      comment:
        "Only the app shell (app.tsx) and the router (routes/) assemble features. Shared components and " +
        "lib must not know any feature, or every feature would depend on every other through them: " +
        "hand a feature's piece in from app.tsx (as the filter-bar extensions do).",
      from: {
        path: "^apps/web/",
        pathNot: ["^apps/web/src/features/", "^apps/web/src/app\\.tsx$", "^apps/web/src/routes/"],
      },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "imports-resolve",
      severity: "error",
      comment:
        "Every import must resolve, or the rules above could not see where it leads (a new path alias or " +
        "a typo would silently slip past the boundaries; tsc reports the typo, this reports the blind spot).",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Only our own code; packages from node_modules are leaves.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)dist/", "(^|/)\\.cache/"] },
    // Count `import type` too, and imports TypeScript would erase.
    tsPreCompilationDeps: true,
    // The server and contract write `.ts` extensions; the web mostly leaves them off (Bundler
    // resolution). `@starboard/contract/<topic>` resolves through the workspace symlink and the
    // package's `exports` ("./*": "./src/*.ts").
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
