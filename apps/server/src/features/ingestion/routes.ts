import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app.ts";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import { AppError } from "../../platform/errors.ts";
import {
  checkImportRows,
  createImport,
  INLINE_IMPORT_ROWS,
  presentImport,
  processImport,
  readImportFile,
} from "./import.ts";
import { IMPORT_JOB, registerIngestionJobs } from "./jobs.ts";
import { ingestionDb } from "./tables.ts";

const MAX_FILE_BYTES = 20 * 1024 * 1024;

const ZJsonImportSchema = z.object({
  account_id: z.string().max(100).optional(),
  file_name: z.string().max(255).optional(),
  reviews: z.array(z.record(z.string(), z.unknown())).min(1).max(100_000),
});

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
