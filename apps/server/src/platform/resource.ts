import { ZListQuerySchema } from "@starboard/contract/hal";
import type { TResource } from "@starboard/contract/permissions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "./access.ts";
import { type Actor, actorOf } from "./auth.ts";
import { AppError } from "./errors.ts";
import { halPage, offsetOf } from "./hal.ts";

// Dynamic tables: the mechanism works on any table a resource names.
type Row = Record<string, unknown>;
type LooseDB = Record<string, Row>;
// biome-ignore lint/suspicious/noExplicitAny: the builder's table and column types are dynamic here by design.
type AnyQuery = SelectQueryBuilder<LooseDB, string, any>;

export interface ResourceContext {
  database: Database;
  actor: Actor;
  /** The account the call acts in (resolved through the tenancy gate). */
  accountId: string;
  request: FastifyRequest;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The resource whose id the `:id` path parameter names (for the tenancy walk test). */
    idResource?: string;
    /** Reference data shared by every account (countries, user types): no tenancy to check. */
    shared?: boolean;
  }
}

export interface ResourceDefinition {
  /** Path segment under /api and the `_embedded` key. */
  name: string;
  table: string;
  permission: TResource;
  /** Reading needs this permission instead (settings: everyone reads them, admins change them). */
  readPermission?: TResource;
  /** `account`: rows carry account_id and are scoped; `global`: shared reference data, read-only. */
  scope: "account" | "global";
  createSchema?: z.ZodObject;
  updateSchema?: z.ZodObject;
  deletable?: boolean;
  /** Extra list filters (validated) and how they narrow the query. */
  listQuery?: z.ZodObject;
  applyFilters?: (qb: AnyQuery, query: Record<string, unknown>, ctx: ResourceContext) => AnyQuery;
  searchColumn?: string;
  sortable?: string[];
  defaultSort?: { by: string; order: "asc" | "desc" };
  /** Shapes rows for the API (batch, to avoid N+1). */
  present?: (rows: Row[], ctx: ResourceContext) => Promise<unknown[]> | unknown[];
  /** Checks and fills values before insert/update; may throw AppError. */
  beforeWrite?: (values: Row, ctx: ResourceContext, existing: Row | null) => Promise<Row> | Row;
  afterWrite?: (row: Row, input: Row, ctx: ResourceContext) => Promise<void> | void;
  beforeDelete?: (row: Row, ctx: ResourceContext) => Promise<void> | void;
  /** Columns of the input that are not table columns (handled in afterWrite). */
  virtualFields?: string[];
}

const ZIdParams = z.object({ id: z.string().max(100) });

/** Registers list, fetch, create, patch, update and delete for a resource. */
export function registerResource(app: FastifyInstance, database: Database, def: ResourceDefinition) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db as unknown as Kysely<LooseDB>;
  const base = `/api/${def.name}`;
  const listQuery = def.listQuery ? ZListQuerySchema.extend(def.listQuery.shape) : ZListQuerySchema;
  const sortable = new Set(def.sortable ?? ["created_at"]);
  const defaultSort = def.defaultSort ?? { by: def.sortable?.[0] ?? "created_at", order: "asc" };
  const tags = [def.name];
  const readPermission = def.readPermission ?? def.permission;
  const shared = def.scope === "global";

  const context = async (request: FastifyRequest, accountId?: string): Promise<ResourceContext> => {
    const actor = actorOf(request);
    return {
      database,
      actor,
      accountId: def.scope === "account" ? await resolveAccountId(database, actor, accountId) : actor.account.id,
      request,
    };
  };
  const present = async (rows: Row[], ctx: ResourceContext) => (def.present ? def.present(rows, ctx) : rows);

  /** The row with this id in a reachable account, or 404. */
  const findOwned = async (id: string, ctx: ResourceContext): Promise<Row> => {
    if (!isUuid(id)) throw AppError.notFound();
    let qb = db.selectFrom(def.table).selectAll().where("id", "=", id);
    if (def.scope === "account") qb = qb.where("account_id", "in", await reachableAccountIds(database, ctx.actor));
    const row = await qb.executeTakeFirst();
    if (!row) throw AppError.notFound();
    return row;
  };

  r.get(base, { schema: { querystring: listQuery, tags }, config: { shared } }, async (request) => {
    const query = request.query as z.infer<typeof ZListQuerySchema> & Record<string, unknown>;
    const ctx = await context(request, query.account_id);
    authorize(ctx.actor, "read", readPermission);
    let qb = db.selectFrom(def.table) as AnyQuery;
    if (def.scope === "account") qb = qb.where("account_id", "=", ctx.accountId);
    if (def.applyFilters) qb = def.applyFilters(qb, query, ctx);
    const keywords = query.keywords?.trim().toLowerCase();
    const search = def.searchColumn;
    if (keywords && search) {
      const pattern = `${keywords.replace(/[\\%_]/g, "\\$&")}%`;
      qb =
        query.search_type === "typeahead"
          ? qb.where(sql`lower(${sql.ref(search)})`, "like", pattern)
          : qb.where(sql`lower(${sql.ref(search)})`, "like", `%${pattern}`);
    }
    const countRow = await qb.select(sql<number>`count(*)`.as("count")).executeTakeFirst();
    const total = Number(countRow?.count ?? 0);
    const sortBy = query["sort[by]"];
    const order = query["sort[order]"]?.toLowerCase() === "desc" ? "desc" : "asc";
    let ordered = qb.selectAll();
    if (sortBy === "relevance" && keywords && search) {
      // Exact match first, then prefix matches, then by name.
      ordered = ordered
        .orderBy(sql`lower(${sql.ref(search)}) = ${keywords}`, "desc")
        .orderBy(sql`length(${sql.ref(search)})`, "asc")
        .orderBy(sql.ref(search), "asc");
    } else if (sortBy && sortable.has(sortBy)) {
      ordered = ordered.orderBy(sql.ref(sortBy), order);
    } else {
      ordered = ordered.orderBy(sql.ref(defaultSort.by), defaultSort.order);
    }
    const rows = await ordered
      .orderBy("id")
      .limit(query.per_page)
      .offset(offsetOf({ page: query.page, perPage: query.per_page }))
      .execute();
    return halPage(def.name, await present(rows, ctx), total, {
      url: request.url,
      page: query.page,
      perPage: query.per_page,
    });
  });

  const fetchConfig = { idResource: def.name, shared };
  r.get(`${base}/:id`, { schema: { params: ZIdParams, tags }, config: fetchConfig }, async (request) => {
    const ctx = await context(request);
    authorize(ctx.actor, "read", readPermission);
    const [item] = await present([await findOwned(request.params.id, ctx)], ctx);
    return item;
  });

  if (def.scope === "global") return;

  const columnsOf = (input: Row) => {
    const virtual = new Set(def.virtualFields ?? []);
    return Object.fromEntries(Object.entries(input).filter(([k, v]) => !virtual.has(k) && v !== undefined));
  };

  if (def.createSchema) {
    const body = def.createSchema.extend({ account_id: z.string().max(100).optional() });
    r.post(base, { schema: { body, tags } }, async (request, reply) => {
      const input = request.body as Row & { account_id?: string };
      const ctx = await context(request, input.account_id);
      authorize(ctx.actor, "create", def.permission);
      let values: Row = { ...columnsOf(input), account_id: ctx.accountId };
      if (def.beforeWrite) values = await def.beforeWrite(values, ctx, null);
      const row = await db.insertInto(def.table).values(values).returningAll().executeTakeFirstOrThrow();
      if (def.afterWrite) await def.afterWrite(row, input, ctx);
      const [item] = await present([row], ctx);
      return reply.status(201).send(item);
    });
  }

  if (def.updateSchema) {
    const update = def.updateSchema;
    const handler = async (request: FastifyRequest<{ Params: { id: string }; Body: Row }>) => {
      const ctx = await context(request);
      authorize(ctx.actor, "update", def.permission);
      const existing = await findOwned(request.params.id, ctx);
      const input = request.body ?? {};
      let values: Row = columnsOf(input);
      delete values.account_id;
      if (def.beforeWrite)
        values = await def.beforeWrite(values, { ...ctx, accountId: String(existing.account_id) }, existing);
      if ("updated_at" in existing) values.updated_at = new Date();
      const row =
        Object.keys(values).length > 0
          ? await db
              .updateTable(def.table)
              .set(values)
              .where("id", "=", existing.id as string)
              .returningAll()
              .executeTakeFirstOrThrow()
          : existing;
      if (def.afterWrite) await def.afterWrite(row, input, { ...ctx, accountId: String(existing.account_id) });
      const [item] = await present([row], ctx);
      return item;
    };
    const opts = { schema: { params: ZIdParams, body: update.partial(), tags }, config: { idResource: def.name } };
    r.patch(`${base}/:id`, opts, handler);
    r.put(`${base}/:id`, { ...opts, schema: { params: ZIdParams, body: update, tags } }, handler);
  }

  if (def.deletable) {
    r.delete(
      `${base}/:id`,
      { schema: { params: ZIdParams, tags }, config: { idResource: def.name } },
      async (request, reply) => {
        const ctx = await context(request);
        authorize(ctx.actor, "delete", def.permission);
        const existing = await findOwned(request.params.id, ctx);
        if (def.beforeDelete) await def.beforeDelete(existing, ctx);
        await db
          .deleteFrom(def.table)
          .where("id", "=", existing.id as string)
          .execute();
        return reply.status(204).send();
      },
    );
  }
}
