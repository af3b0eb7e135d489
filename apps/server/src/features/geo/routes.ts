import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isUuid } from "../../platform/access.ts";
import type { AppContext } from "../../platform/context.ts";
import { registerResource } from "../../platform/resource.ts";

const present = (rows: Record<string, unknown>[]) => rows;

/** Countries and states: read-only reference data for address forms (typeahead by name prefix). */
export function registerGeoRoutes(app: FastifyInstance, ctx: AppContext) {
  registerResource(app, ctx.database, {
    name: "countries",
    table: "countries",
    permission: "account",
    scope: "global",
    searchColumn: "name",
    sortable: ["name", "code"],
    defaultSort: { by: "name", order: "asc" },
    listQuery: z.object({ code: z.string().max(3).optional() }),
    applyFilters: (qb, q) => (typeof q.code === "string" ? qb.where("code", "=", q.code.toUpperCase()) : qb),
    present,
  });
  registerResource(app, ctx.database, {
    name: "states",
    table: "states",
    permission: "account",
    scope: "global",
    searchColumn: "name",
    sortable: ["name", "code"],
    defaultSort: { by: "name", order: "asc" },
    listQuery: z.object({ country_id: z.string().max(100).optional() }),
    applyFilters: (qb, q) => {
      if (q.country_id === undefined) return qb;
      // An unknown country has no states: match nothing rather than fail.
      return isUuid(q.country_id) ? qb.where("country_id", "=", q.country_id) : qb.where("id", "is", null);
    },
    present,
  });
}
