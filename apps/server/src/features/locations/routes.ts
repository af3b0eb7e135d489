import { ZLocationListQuerySchema, ZLocationWriteSchema } from "@starboard/contract/locations";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { isUuid } from "../../platform/access.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { registerResource } from "../../platform/resource.ts";
import { presentLocation } from "./presenter.ts";
import { groupIdsOf } from "./queries.ts";

/** `ids` arrives comma-separated or repeated; ids that are not UUIDs match nothing. */
function parseIds(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(",");
  return parts.map((s) => s.trim()).filter(isUuid);
}

/** Locations as a generic resource. Form rules (locations.md §5) come with the location form. */
export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  registerResource(app, database, {
    name: "locations",
    table: "locations",
    permission: "location",
    scope: "account",
    createSchema: ZLocationWriteSchema,
    updateSchema: ZLocationWriteSchema,
    deletable: true,
    listQuery: ZLocationListQuerySchema,
    applyFilters: (qb, query) => {
      let out = qb;
      if (query.group_id !== undefined) {
        const groupId = String(query.group_id);
        out = isUuid(groupId)
          ? out.where(sql<boolean>`id IN (SELECT location_id FROM group_locations WHERE group_id = ${groupId})`)
          : out.where("id", "is", null);
      }
      if (query.ids !== undefined) {
        const ids = parseIds(query.ids);
        out = ids.length > 0 ? out.where("id", "in", ids) : out.where("id", "is", null);
      }
      return out;
    },
    searchColumn: "name",
    sortable: ["name", "city", "state", "zipcode", "created_at", "updated_at"],
    defaultSort: { by: "name", order: "asc" },
    beforeWrite: async (values) => {
      if (typeof values.country_id === "string") {
        const found = await database.db
          .selectFrom("countries")
          .select("id")
          .where("id", "=", values.country_id)
          .executeTakeFirst();
        if (!found) throw AppError.invalid("country_id", "Choose a valid country");
      }
      if (typeof values.state_id === "string") {
        const found = await database.db
          .selectFrom("states")
          .select("id")
          .where("id", "=", values.state_id)
          .executeTakeFirst();
        if (!found) throw AppError.invalid("state_id", "Choose a valid state");
      }
      return values;
    },
    present: async (rows) => {
      const groups = await groupIdsOf(
        database,
        rows.map((r) => String(r.id)),
      );
      return rows.map((r) => presentLocation(r, groups.get(String(r.id)) ?? []));
    },
  });
}
