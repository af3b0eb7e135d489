import { ZGroupListQuerySchema, ZGroupWriteSchema } from "@starboard/contract/locations";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { isUuid } from "../../platform/access.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { registerResource } from "../../platform/resource.ts";
import { presentGroup } from "./presenter.ts";
import { locationsOfAccount, membersOf, setMembers } from "./queries.ts";

const uniqueIds = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))] : undefined);

/** Groups of locations (generic resource); `location_ids` on create and update sets the membership. */
export function registerGroupRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  registerResource(app, database, {
    name: "groups",
    table: "groups",
    permission: "group",
    scope: "account",
    createSchema: ZGroupWriteSchema,
    updateSchema: ZGroupWriteSchema,
    deletable: true,
    virtualFields: ["location_ids"],
    listQuery: ZGroupListQuerySchema,
    applyFilters: (qb, query) => {
      if (query.location_id === undefined) return qb;
      if (!isUuid(query.location_id)) return qb.where("id", "is", null);
      return qb.where(
        sql<boolean>`id IN (SELECT group_id FROM group_locations WHERE location_id = ${query.location_id})`,
      );
    },
    searchColumn: "name",
    sortable: ["name", "created_at", "updated_at"],
    defaultSort: { by: "name", order: "asc" },
    // Every location named must belong to the group's account; otherwise 404, as for any foreign id.
    beforeWrite: async (values, rctx) => {
      const ids = uniqueIds((rctx.request.body as { location_ids?: unknown } | undefined)?.location_ids);
      if (ids && (await locationsOfAccount(database, rctx.accountId, ids)).length !== ids.length)
        throw AppError.notFound("Location not found.");
      return values;
    },
    afterWrite: async (row, input) => {
      const ids = uniqueIds(input.location_ids);
      if (ids) await setMembers(database, String(row.id), ids);
    },
    present: async (rows) => {
      const members = await membersOf(
        database,
        rows.map((r) => String(r.id)),
      );
      return rows.map((r) => presentGroup(r, members.get(String(r.id))));
    },
  });
}
