import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/health", { config: { auth: false }, schema: { tags: ["health"] } }, async () => {
    await sql`select 1`.execute(ctx.database.db);
    return { status: "ok", environment: ctx.config.environment };
  });
}
