import {
  LOCATION_IMPORT_COLUMNS,
  MAX_LOCATION_IMPORT_ROWS,
  type TLocationImport,
} from "@starboard/contract/location-details";
import { type TLocationWrite, ZLocationWriteSchema } from "@starboard/contract/locations";
import { parse } from "csv-parse/sync";
import type { Kysely, Selectable } from "kysely";
import type { DB, LocationImportsTable } from "../../db/schema.ts";
import { accountIdFor, authorize, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Upload } from "../../platform/upload.ts";
import {
  accountFacts,
  countAccountLocations,
  insertLocation,
  locationByExternalId,
  updateLocation,
} from "./queries.ts";
import { columnsOf, trialLimitOf } from "./service.ts";

export const LOCATION_IMPORT_JOB = "locations.import";

type ImportRow = TLocationImport["rows"][number];
type ImportRecord = Selectable<LocationImportsTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentImport(row: ImportRecord): TLocationImport {
  return {
    id: row.id,
    account_id: row.account_id,
    file_name: row.file_name,
    status: row.status as TLocationImport["status"],
    total_rows: row.total_rows,
    created_count: row.created_count,
    updated_count: row.updated_count,
    failed_count: row.failed_count,
    rows: (row.rows as ImportRow[] | null) ?? [],
    error: row.error,
    created_at: iso(row.created_at) as string,
    finished_at: iso(row.finished_at),
    _links: { self: { href: `/api/import_locations/${row.id}` } },
  };
}

/** A header as a column name: lower case, spaces and dashes as underscores ("Public Name" → public_name). */
const columnOf = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Reads the CSV: a header line naming known columns (name required), then at most MAX_LOCATION_IMPORT_ROWS rows. */
export function readCsv(content: string): Record<string, string>[] {
  let records: string[][];
  try {
    records = parse(content.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch {
    throw AppError.invalid("file", "The file could not be read as CSV.");
  }
  const [header, ...rows] = records;
  if (!header) throw AppError.invalid("file", "The file is empty.");
  const columns = header.map(columnOf);
  if (!columns.includes("name")) throw AppError.invalid("file", "The header line must name a `name` column.");
  if (rows.length > MAX_LOCATION_IMPORT_ROWS)
    throw AppError.invalid("file", `At most ${MAX_LOCATION_IMPORT_ROWS} locations can be imported at once.`);
  const known = new Set<string>(LOCATION_IMPORT_COLUMNS);
  return rows.map((r) =>
    Object.fromEntries(columns.flatMap((c, i) => (known.has(c) && r[i] !== undefined ? [[c, r[i]!.trim()]] : []))),
  );
}

/** A column's header in the template ("public_name" → "Public Name", "npi_numbers" → "NPI Numbers"). */
const headerOf = (column: string) =>
  column
    .split("_")
    .map((w) => (["id", "npi"].includes(w) ? w.toUpperCase() : `${w[0]?.toUpperCase() ?? ""}${w.slice(1)}`))
    .join(" ");

/** GET /api/import_locations/template: the header line the import reads, every known column. */
export function importTemplate(reply: { header: (name: string, value: string) => unknown }): string {
  reply.header("Content-Disposition", 'attachment; filename="locations-import-template.csv"');
  return `${LOCATION_IMPORT_COLUMNS.map(headerOf).join(",")}\r\n`;
}

/** The job writes its report so far after this many rows (the import screen shows the progress). */
const PROGRESS_EVERY = 10;

/** POST /api/import_locations: stores the file and enqueues its job in the same transaction (202). */
export async function importLocations(
  ctx: AppContext,
  actor: Actor,
  upload: Upload | undefined,
  queryAccountId: string | undefined,
): Promise<TLocationImport> {
  const accountId = accountIdFor(actor, upload?.fields.account_id ?? queryAccountId);
  authorize(actor, "create", "location");
  if (!upload?.file) throw AppError.invalid("file", "Send the CSV as the multipart field `file`.");
  const content = upload.file.content.toString("utf8");
  const rows = readCsv(content);
  const record = await ctx.database.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("location_imports")
      .values({
        account_id: accountId,
        user_id: actor.user.id,
        file_name: upload.file?.name ?? null,
        content,
        total_rows: rows.length,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.jobs.send(LOCATION_IMPORT_JOB, { importId: created.id }, { trx });
    return created;
  });
  return presentImport(record);
}

export async function getLocationImport(ctx: AppContext, actor: Actor, id: string): Promise<TLocationImport> {
  const row = await scoped(ctx.database.db, actor).find("location_imports", id);
  authorize(actor, "read", "location");
  return presentImport(row);
}

/** GET /api/import_locations/count. */
export async function countLocationImports(ctx: AppContext, actor: Actor, accountId: string | undefined) {
  const id = accountIdFor(actor, accountId);
  const row = await scoped(ctx.database.db, actor)
    .selectFrom("location_imports")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("location_imports.account_id", "=", id)
    .where("location_imports.status", "in", ["queued", "running"])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), total_locations: await countAccountLocations(ctx.database.db, id) };
}

/** A CSV row as the location form's fields (empty cells left out). */
function fieldsOf(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === "") continue;
    if (key === "npi_numbers") out.industry_ids = { npi_numbers: value.split(/[\s;,]+/).filter(Boolean) };
    else out[key] = value;
  }
  return out;
}

/** The report of the rows done so far, and their counts, while the job runs. */
async function writeProgress(db: Kysely<DB>, importId: string, report: ImportRow[]) {
  const count = (s: ImportRow["status"]) => report.filter((r) => r.status === s).length;
  await db
    .updateTable("location_imports")
    .set({
      created_count: count("created"),
      updated_count: count("updated"),
      failed_count: count("failed"),
      rows: JSON.stringify(report),
    })
    .where("id", "=", importId)
    .execute();
}

/** The field → message of a validation failure. */
function errorsOf(error: unknown): Record<string, string> {
  if (error instanceof AppError) return error.errors ?? { row: error.message };
  throw error;
}

/**
 * The job: each row is checked like the location form (the same messages) and creates a location, or updates the
 * account's location with the same external_id. Every row gets a line in the report.
 */
export async function processLocationImport(db: Kysely<DB>, importId: string) {
  const record = await db.selectFrom("location_imports").selectAll().where("id", "=", importId).executeTakeFirst();
  if (!record || record.status === "completed") return;
  await db.updateTable("location_imports").set({ status: "running" }).where("id", "=", importId).execute();
  const report: ImportRow[] = [];
  try {
    const records = readCsv(record.content);
    const facts = await accountFacts(db, record.account_id);
    const limit = trialLimitOf(facts);
    for (const [index, csvRow] of records.entries()) {
      const line: ImportRow = {
        row: index + 1,
        status: "failed",
        location_id: null,
        name: csvRow.name ?? null,
        errors: {},
      };
      report.push(line);
      if (index > 0 && index % PROGRESS_EVERY === 0) await writeProgress(db, importId, report.slice(0, -1));
      const parsed = ZLocationWriteSchema.safeParse(fieldsOf(csvRow));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) line.errors[issue.path.join(".") || "row"] ??= issue.message;
        continue;
      }
      const fields: Partial<TLocationWrite> = parsed.data;
      const existing = fields.external_id
        ? await locationByExternalId(db, record.account_id, fields.external_id)
        : undefined;
      // A new location without a country is in the United States (the form's default).
      if (!existing && !fields.country && !fields.country_id) fields.country = "US";
      try {
        const values = await columnsOf(db, null, facts, fields, existing ?? null);
        if (existing) {
          await updateLocation(db, existing.id, { ...values, updated_at: new Date() });
          line.status = "updated";
          line.location_id = existing.id;
        } else {
          if (limit !== null && (await countAccountLocations(db, record.account_id)) >= limit) {
            line.errors.row = "Your trial account has reached its location limit.";
            continue;
          }
          const created = await insertLocation(db, {
            ...values,
            name: values.name as string,
            account_id: record.account_id,
          });
          line.status = "created";
          line.location_id = created.id;
        }
      } catch (error) {
        line.errors = errorsOf(error);
      }
    }
    const count = (s: ImportRow["status"]) => report.filter((r) => r.status === s).length;
    await db
      .updateTable("location_imports")
      .set({
        status: "completed",
        total_rows: records.length,
        created_count: count("created"),
        updated_count: count("updated"),
        failed_count: count("failed"),
        rows: JSON.stringify(report),
        finished_at: new Date(),
      })
      .where("id", "=", importId)
      .execute();
  } catch (error) {
    await db
      .updateTable("location_imports")
      .set({
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        rows: JSON.stringify(report),
        finished_at: new Date(),
      })
      .where("id", "=", importId)
      .execute();
  }
}
