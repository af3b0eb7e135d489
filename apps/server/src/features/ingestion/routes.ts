import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { connectorFor } from "../reviews/connectors/registry.ts";
import {
  checkImportRows,
  createImport,
  INLINE_IMPORT_ROWS,
  presentImport,
  processImport,
  readImportFile,
} from "./import.ts";
import { IMPORT_JOB, registerIngestionJobs, SYNC_JOB } from "./jobs.ts";
import { ingestionDb } from "./tables.ts";

const MAX_FILE_BYTES = 20 * 1024 * 1024;

const ZJsonImportSchema = z.object({
  account_id: z.string().max(100).optional(),
  file_name: z.string().max(255).optional(),
  reviews: z.array(z.record(z.string(), z.unknown())).min(1).max(100_000),
});

const ZSyncRequestSchema = z
  .object({
    account_id: z.string().max(100).optional(),
    /** Only this source; all the location's connected sources otherwise. */
    source_id: z.string().max(100).optional(),
  })
  // No body at all is fine: Fastify hands the schema null.
  .nullish();

/**
 * The location's listings a sync can read, as the schedule picks them (`syncableTargets`): an active URL
 * with a reference id, the account's credentials for the source, and a connector. The location must belong
 * to one of `accountIds`, else 404.
 */
async function locationSyncTargets(database: Database, accountIds: string[], locationId: string, sourceId?: string) {
  if (!isUuid(locationId)) throw AppError.notFound();
  const location = await database.db
    .selectFrom("locations")
    .select("id")
    .where("id", "=", locationId)
    .where("account_id", "in", accountIds)
    .executeTakeFirst();
  if (!location) throw AppError.notFound();
  let query = database.db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .innerJoin("source_credentials as c", (join) =>
      join.onRef("c.account_id", "=", "u.account_id").onRef("c.source_id", "=", "u.source_id"),
    )
    .select(["u.source_id", "s.code"])
    .where("u.location_id", "=", locationId)
    .where("u.reference_id", "is not", null)
    .where("u.status", "=", "active")
    .orderBy("s.code");
  if (sourceId !== undefined) query = query.where("u.source_id", "=", sourceId);
  const rows = await query.execute();
  return rows.filter((r) => connectorFor(r.code) !== undefined);
}

/** A multipart upload: the file's rows and name, and the `account_id` field. */
async function readUpload(request: FastifyRequest) {
  let accountId: string | undefined;
  let file: { content: Buffer; name: string; type: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (part.file.truncated) throw AppError.invalid("file", "The file is larger than 20 MB.");
        file = { content, name: part.filename, type: part.mimetype };
      } else if (part.fieldname === "account_id" && typeof part.value === "string") {
        accountId = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A broken multipart body (cut short, no boundary, bad part header) is the client's error.
    throw AppError.invalid("file", "The upload could not be read as multipart/form-data.");
  }
  return { accountId, file };
}

function parseJsonImport(body: unknown) {
  const parsed = ZJsonImportSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const fieldName = issue?.path.join(".") || "reviews";
    throw AppError.invalid(fieldName, issue?.message ?? "Expected {reviews: [...]}.");
  }
  return parsed.data;
}

export async function registerIngestion(app: FastifyInstance, ctx: AppContext) {
  // Multipart parsing only where it is used.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10 } });
    scope.post("/api/reviews/import", { schema: { tags: ["reviews"] } }, async (request, reply) => {
      const actor = actorOf(request);
      const upload = request.isMultipart() ? await readUpload(request) : undefined;
      const body = (request.body ?? {}) as { account_id?: unknown };
      const requested =
        upload?.accountId ??
        (typeof body.account_id === "string" ? body.account_id : undefined) ??
        (request.query as { account_id?: string }).account_id;
      // The account first: another account's id answers 404 whatever else is wrong.
      const accountId = await resolveAccountId(ctx.database, actor, requested);
      authorize(actor, "update", "location");
      let input: { fileName: string | null; rows: Record<string, unknown>[] };
      if (upload) {
        if (!upload.file) throw AppError.invalid("file", "Attach a CSV or JSON file.");
        const { content, name, type } = upload.file;
        input = { fileName: name || null, rows: readImportFile(content, name, type) };
      } else {
        const json = parseJsonImport(request.body);
        input = { fileName: json.file_name ?? null, rows: json.reviews };
      }
      checkImportRows(input.rows);
      const created = await createImport(ctx.database, {
        accountId,
        userId: actor.user.id,
        fileName: input.fileName,
        rows: input.rows,
      });
      if (input.rows.length <= INLINE_IMPORT_ROWS) {
        await processImport(ctx.database, created.id);
        return reply.status(201).send(presentImport(await loadImport(ctx, created.id)));
      }
      await ctx.jobs.send(IMPORT_JOB, { importId: created.id }, { singletonKey: created.id });
      return reply.status(202).send(presentImport(created));
    });
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/locations/:id/sync",
    {
      schema: { params: z.object({ id: z.string().max(100) }), body: ZSyncRequestSchema, tags: ["reviews"] },
      config: { idResource: "locations" },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const requested = request.body?.account_id ?? (request.query as { account_id?: string }).account_id;
      // The tenancy gate first: another account's location answers 404 whatever else is wrong.
      const accountIds = requested
        ? [await resolveAccountId(ctx.database, actor, requested)]
        : await reachableAccountIds(ctx.database, actor);
      const sourceId = request.body?.source_id;
      const targets = await locationSyncTargets(
        ctx.database,
        accountIds,
        request.params.id,
        sourceId !== undefined && isUuid(sourceId) ? sourceId : undefined,
      );
      authorize(actor, "update", "location");
      if (sourceId !== undefined && (!isUuid(sourceId) || targets.length === 0)) {
        throw AppError.invalid(
          "source_id",
          "The location has no listing at this source that Starboard can read (reference id, credentials, connector).",
        );
      }
      for (const t of targets) {
        await ctx.jobs.send(SYNC_JOB, { locationId: request.params.id, sourceId: t.source_id });
      }
      return reply.status(202).send({
        location_id: request.params.id,
        syncs: targets.map((t) => ({ source_id: t.source_id, source_code: t.code })),
      });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/imports/:id",
    {
      schema: { params: z.object({ id: z.string().max(100) }), tags: ["reviews"] },
      config: { idResource: "review_imports" },
    },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, "read", "review");
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const row = await ingestionDb(ctx.database)
        .selectFrom("review_imports")
        .selectAll()
        .where("id", "=", request.params.id)
        .where("account_id", "in", await reachableAccountIds(ctx.database, actor))
        .executeTakeFirst();
      if (!row) throw AppError.notFound();
      return presentImport(row);
    },
  );
  await registerIngestionJobs(ctx);
}

async function loadImport(ctx: AppContext, id: string) {
  return ingestionDb(ctx.database)
    .selectFrom("review_imports")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
