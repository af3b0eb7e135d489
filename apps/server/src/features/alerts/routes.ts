import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import { type Actor, actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage } from "../../platform/hal.ts";
import { registerResource } from "../../platform/resource.ts";
import { registerAlertJobs } from "./jobs.ts";
import { disableUnsubscribedAlerts } from "./service.ts";
import { type AlertFilters, alertsDb } from "./tables.ts";

const ZAlertFiltersSchema = z.object({
  location_ids: z.array(z.string().max(100)).max(5000).optional(),
  source_ids: z.array(z.string().max(100)).max(200).optional(),
  ratings: z.array(z.number().int().min(0).max(5)).max(6).optional(),
});
const ZAlertSchema = z.object({
  alert_type_id: z.number().int(),
  alert_frequency_id: z.number().int(),
  filters: ZAlertFiltersSchema.optional(),
  enabled: z.boolean().optional(),
});

type Row = Record<string, unknown>;

/** Checks an alert's type, frequency and filters against the account; fills the stored values. */
async function alertValues(database: Database, accountId: string, input: Row, existing: Row | null): Promise<Row> {
  const values: Row = { ...input };
  delete values.account_id;
  delete values.user_id;
  if (input.alert_type_id !== undefined) {
    const type = await database.db
      .selectFrom("alert_types")
      .select("id")
      .where("id", "=", Number(input.alert_type_id))
      .executeTakeFirst();
    if (!type) throw AppError.invalid("alert_type_id", "Unknown alert type.");
  }
  if (input.alert_frequency_id !== undefined) {
    const frequency = await database.db
      .selectFrom("alert_frequencies")
      .select("id")
      .where("id", "=", Number(input.alert_frequency_id))
      .executeTakeFirst();
    if (!frequency) throw AppError.invalid("alert_frequency_id", "Unknown alert frequency.");
  }
  if (input.filters !== undefined) {
    const f = input.filters as AlertFilters;
    const locations = [...new Set(f.location_ids ?? [])];
    if (locations.some((id) => !isUuid(id))) throw AppError.invalid("filters.location_ids", "Unknown location.");
    if (locations.length) {
      const found = await database.db
        .selectFrom("locations")
        .select("id")
        .where("account_id", "=", accountId)
        .where("id", "in", locations)
        .execute();
      if (found.length !== locations.length) throw AppError.invalid("filters.location_ids", "Unknown location.");
    }
    const sources = [...new Set(f.source_ids ?? [])];
    if (sources.some((id) => !isUuid(id))) throw AppError.invalid("filters.source_ids", "Unknown source.");
    if (sources.length) {
      const found = await database.db.selectFrom("sources").select("id").where("id", "in", sources).execute();
      if (found.length !== sources.length) throw AppError.invalid("filters.source_ids", "Unknown source.");
    }
    values.filters = JSON.stringify({
      location_ids: locations,
      source_ids: sources,
      ratings: [...new Set(f.ratings ?? [])].sort(),
    });
  }
  // Switching an alert on again outweighs an unsubscribe link used before.
  if (input.enabled === true && (!existing || existing.enabled === false)) values.enabled_at = new Date();
  return values;
}

function presentAlert(row: Row) {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    alert_type_id: row.alert_type_id,
    alert_frequency_id: row.alert_frequency_id,
    filters: { location_ids: [], source_ids: [], ratings: [], ...(row.filters as AlertFilters) },
    enabled: row.enabled,
    last_sent_at: row.last_sent_at,
    created_at: row.created_at,
    _links: { self: { href: `/api/alerts/${row.id}` } },
  };
}

/** Another user's alert answers 404, like another account's. */
function assertMine(actor: Actor, row: Row) {
  if (row.user_id !== actor.user.id) throw AppError.notFound();
}

/** Reference lists (alert types and frequencies): integer ids, the same for every account. */
function registerReferenceList(app: FastifyInstance, database: Database, name: "alert_types" | "alert_frequencies") {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`/api/${name}`, { schema: { tags: ["alerts"] }, config: { shared: true } }, async (request) => {
    authorize(actorOf(request), "read", "alert");
    const rows = await database.db.selectFrom(name).select(["id", "code", "name"]).orderBy("id").execute();
    return halPage(name, rows, rows.length, { url: request.url, page: 1, perPage: Math.max(rows.length, 25) });
  });
  r.get(
    `/api/${name}/:id`,
    { schema: { params: z.object({ id: z.string().max(20) }), tags: ["alerts"] }, config: { shared: true } },
    async (request) => {
      authorize(actorOf(request), "read", "alert");
      const id = Number(request.params.id);
      const row = Number.isInteger(id)
        ? await database.db.selectFrom(name).select(["id", "code", "name"]).where("id", "=", id).executeTakeFirst()
        : undefined;
      if (!row) throw AppError.notFound();
      return row;
    },
  );
}

export async function registerAlerts(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  registerReferenceList(app, database, "alert_types");
  registerReferenceList(app, database, "alert_frequencies");

  // List, fetch, patch and put: the signed-in user's own alerts.
  registerResource(app, database, {
    name: "alerts",
    table: "alerts",
    permission: "alert",
    scope: "account",
    updateSchema: ZAlertSchema,
    sortable: ["created_at", "alert_type_id", "alert_frequency_id"],
    defaultSort: { by: "created_at", order: "asc" },
    applyFilters: (qb, _query, rc) => qb.where("user_id", "=", rc.actor.user.id),
    beforeWrite: async (values, rc, existing) => {
      if (existing) assertMine(rc.actor, existing);
      return alertValues(database, rc.accountId, values, existing);
    },
    present: async (rows, rc) => {
      for (const row of rows) assertMine(rc.actor, row);
      const off = await disableUnsubscribedAlerts(
        ctx,
        rows.filter((r) => r.enabled).map((r) => String(r.id)),
      );
      return rows.map((row) => presentAlert(off.has(String(row.id)) ? { ...row, enabled: false } : row));
    },
  });

  // Creating and deleting an alert are writes of the ALERT update permission, which every user holds.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/alerts",
    { schema: { body: ZAlertSchema.extend({ account_id: z.string().max(100).optional() }), tags: ["alerts"] } },
    async (request, reply) => {
      const actor = actorOf(request);
      const accountId = await resolveAccountId(database, actor, request.body.account_id);
      authorize(actor, "update", "alert");
      const values = await alertValues(database, accountId, { enabled: true, filters: {}, ...request.body }, null);
      const row = await alertsDb(database)
        .insertInto("alerts")
        .values({
          account_id: accountId,
          user_id: actor.user.id,
          alert_type_id: request.body.alert_type_id,
          alert_frequency_id: request.body.alert_frequency_id,
          filters: values.filters as string,
          enabled: request.body.enabled ?? true,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send(presentAlert(row));
    },
  );
  r.delete(
    "/api/alerts/:id",
    { schema: { params: z.object({ id: z.string().max(100) }), tags: ["alerts"] }, config: { idResource: "alerts" } },
    async (request, reply) => {
      const actor = actorOf(request);
      authorize(actor, "update", "alert");
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const deleted = await database.db
        .deleteFrom("alerts")
        .where("id", "=", request.params.id)
        .where("user_id", "=", actor.user.id)
        .where("account_id", "in", await reachableAccountIds(database, actor))
        .returning("id")
        .executeTakeFirst();
      if (!deleted) throw AppError.notFound();
      return reply.status(204).send();
    },
  );
  await registerAlertJobs(ctx);
}
