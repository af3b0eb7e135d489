import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context.ts";
import type { RouteHandler } from "./route.ts";

/**
 * A feature, as the app composes it: the API routes it implements (each from the route table in
 * `packages/contract`), the jobs and schedules it defines, and, rarely, pages outside `/api`
 * (server-rendered public pages, demo images). Each `features/<name>/index.ts` exports one.
 * `buildApp(config, database, features)` registers them; `src/compose.ts` lists them.
 */
export interface Feature {
  name: string;
  /** The feature's API routes: one handler per route of the table. */
  routes?: (ctx: AppContext) => RouteHandler[];
  /** Defines the feature's job handlers (`ctx.jobs.define`) and schedules. */
  jobs?: (ctx: AppContext) => void | Promise<void>;
  /** Routes outside `/api` (not part of the API contract). */
  pages?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
}
