import { createHash } from "node:crypto";
import { MAX_IMPORT_ROWS } from "@starboard/contract/ingestion";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB, ImportError } from "../../db/schema.ts";
import { isUuid } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { connectorFor, type SourceReview, toStarRating } from "../reviews/index.ts";
import { csvRecords } from "./csv.ts";
import { analyseAhead, type UpsertTarget, upsertReviews } from "./upsert.ts";

const CHUNK_ROWS = 500;
const MAX_STORED_ERRORS = 1000;

/** Column names and the names they may also go by. */
const ALIASES: Record<string, string[]> = {
  location_external_id: ["location_external_id", "external_id", "location_code", "store_code"],
  location_id: ["location_id"],
  source: ["source", "source_code"],
  source_id: ["source_id"],
  source_review_id: ["source_review_id", "review_id"],
  author: ["author", "author_name", "reviewer"],
  rating: ["rating", "stars"],
  title: ["title"],
  content: ["content", "text", "review", "comment"],
  published_at: ["published_at", "date", "review_date", "created_at"],
  url: ["url", "link"],
};

type Raw = Record<string, unknown>;

function field(raw: Raw, name: string): string {
  for (const alias of ALIASES[name] ?? [name]) {
    const value = raw[alias];
    if (value !== undefined && value !== null && String(value).trim() !== "") return String(value).trim();
  }
  return "";
}

function hasColumn(columns: Set<string>, name: string) {
  return (ALIASES[name] ?? [name]).some((a) => columns.has(a));
}

/**
 * Rows of an uploaded file: CSV with a header line (read as a stream; past the most a file may hold,
 * reading stops and the file is refused), or JSON (an array, or `{reviews: [...]}`).
 */
export async function readImportFile(
  content: Buffer,
  fileName: string | undefined,
  mimeType: string | undefined,
): Promise<Raw[]> {
  const looksJson =
    /\.json$/i.test(fileName ?? "") || mimeType?.includes("json") || /^\s*[[{]/.test(leadingText(content));
  if (!looksJson) return (await csvRecords(content, { maxRecords: MAX_IMPORT_ROWS })).records;
  const text = content.toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppError.invalid("file", "The file is not valid JSON.");
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { reviews?: unknown })?.reviews;
  if (!Array.isArray(rows)) throw AppError.invalid("file", 'Expected an array of reviews, or {"reviews": [...]}.');
  return rows.map((r) => (typeof r === "object" && r !== null && !Array.isArray(r) ? (r as Raw) : {}));
}

/** The start of a file as text (enough to tell JSON from CSV), without its byte-order mark. */
function leadingText(content: Buffer) {
  return content
    .subarray(0, 64)
    .toString("utf8")
    .replace(/^\ufeff/, "");
}

/** Whole-file checks before any row is read: some rows, not too many, the columns every row needs. */
export function checkImportRows(rows: Raw[]) {
  if (rows.length === 0) throw AppError.invalid("file", "The file has no reviews.");
  if (rows.length > MAX_IMPORT_ROWS) {
    throw AppError.invalid("file", `At most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} reviews per file.`);
  }
  const columns = new Set(rows.flatMap((r) => Object.keys(r).map((k) => k.toLowerCase())));
  const missing: string[] = [];
  if (!hasColumn(columns, "location_external_id") && !hasColumn(columns, "location_id")) {
    missing.push("location_external_id or location_id");
  }
  if (!hasColumn(columns, "source") && !hasColumn(columns, "source_id")) missing.push("source");
  if (!hasColumn(columns, "published_at")) missing.push("published_at");
  if (missing.length) throw AppError.invalid("file", `Missing column: ${missing.join(", ")}.`);
}

interface Lookups {
  accountId: string;
  vertical: string;
  timeZone: string;
  locationsById: Map<string, string>;
  locationsByExternalId: Map<string, string>;
  sourcesByCode: Map<string, { id: string; respondable: boolean }>;
  sourcesById: Map<string, { id: string; respondable: boolean }>;
}

async function loadLookups(db: Kysely<DB>, accountId: string): Promise<Lookups> {
  const account = await db
    .selectFrom("accounts")
    .select(["vertical", "time_zone"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const locations = await db
    .selectFrom("locations")
    .select(["id", "external_id"])
    .where("account_id", "=", accountId)
    .execute();
  const { rows: sources } = await sql<{ id: string; code: string; supports_responses: boolean; connected: boolean }>`
    SELECT s.id, s.code, s.supports_responses,
      EXISTS (SELECT 1 FROM source_credentials c WHERE c.account_id = ${accountId} AND c.source_id = s.id) AS connected
    FROM sources s`.execute(db);
  const source = (s: (typeof sources)[number]) => ({
    id: s.id,
    // Starboard's own feedback source answers locally; the others need a connector and credentials.
    respondable:
      s.supports_responses &&
      (s.code === "feedback" || (s.connected && Boolean(connectorFor(s.code)?.publishResponse))),
  });
  return {
    accountId,
    vertical: account.vertical,
    timeZone: account.time_zone,
    locationsById: new Map(locations.map((l) => [l.id, l.id])),
    locationsByExternalId: new Map(
      locations.filter((l) => l.external_id).map((l) => [l.external_id!.trim().toLowerCase(), l.id]),
    ),
    sourcesByCode: new Map(sources.map((s) => [s.code, source(s)])),
    sourcesById: new Map(sources.map((s) => [s.id, source(s)])),
  };
}

export interface ValidRow {
  locationId: string;
  sourceId: string;
  respondable: boolean;
  review: SourceReview;
}

/** Checks one row; answers the review to store, or every problem found with the field it is in. */
export function validateRow(
  raw: Raw,
  row: number,
  lookups: Lookups,
  now: Date,
): { value: ValidRow; errors: [] } | { value: null; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const fail = (f: string, message: string) => errors.push({ row, field: f, message });

  let locationId: string | undefined;
  const locationRef = field(raw, "location_id");
  const externalId = field(raw, "location_external_id");
  if (locationRef) {
    locationId = isUuid(locationRef) ? lookups.locationsById.get(locationRef) : undefined;
    if (!locationId) fail("location_id", "No location with this id in the account.");
  } else if (externalId) {
    locationId = lookups.locationsByExternalId.get(externalId.toLowerCase());
    if (!locationId) fail("location_external_id", "No location with this external id in the account.");
  } else {
    fail("location_external_id", "A location is required (location_external_id or location_id).");
  }

  let source: { id: string; respondable: boolean } | undefined;
  const code = field(raw, "source").toLowerCase();
  const sourceRef = field(raw, "source_id");
  if (code) {
    source = lookups.sourcesByCode.get(code);
    if (!source) fail("source", `Unknown source code "${code}".`);
  } else if (sourceRef) {
    source = isUuid(sourceRef) ? lookups.sourcesById.get(sourceRef) : undefined;
    if (!source) fail("source_id", "No source with this id.");
  } else {
    fail("source", "A source code is required.");
  }

  const ratingText = field(raw, "rating");
  let rating: SourceReview["rating"] = null;
  if (ratingText !== "") {
    rating = toStarRating(Number(ratingText));
    if (rating === null) fail("rating", "Rating must be a whole number from 1 to 5.");
  }

  const publishedText = field(raw, "published_at");
  let publishedAt: Date | null = null;
  if (!publishedText) {
    fail("published_at", "A publication date is required.");
  } else {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(publishedText) ? `${publishedText}T12:00:00Z` : publishedText;
    const parsed = /^\d{4}-\d{2}-\d{2}/.test(publishedText) ? new Date(iso) : new Date(Number.NaN);
    if (Number.isNaN(parsed.getTime())) fail("published_at", "Expected a date as YYYY-MM-DD or an ISO 8601 date-time.");
    else if (parsed.getTime() > now.getTime() + 86_400_000) fail("published_at", "The date is in the future.");
    else publishedAt = parsed;
  }

  const author = field(raw, "author");
  const title = field(raw, "title");
  const content = field(raw, "content");
  const url = field(raw, "url");
  let sourceReviewId = field(raw, "source_review_id");
  if (author.length > 255) fail("author", "At most 255 characters.");
  if (title.length > 500) fail("title", "At most 500 characters.");
  if (content.length > 20_000) fail("content", "At most 20,000 characters.");
  if (sourceReviewId.length > 255) fail("source_review_id", "At most 255 characters.");
  if (url && !/^https?:\/\/\S+$/i.test(url)) fail("url", "Expected an http or https address.");
  if (rating === null && ratingText === "" && !content && !title) {
    fail("content", "A review needs a rating or some text.");
  }
  if (errors.length || !locationId || !source || !publishedAt) return { value: null, errors };

  // Files from tools without review ids: the same review gets the same id on every import.
  sourceReviewId ||= `import-${createHash("sha1")
    .update([author, publishedAt.toISOString(), rating ?? "", title, content].join("\u241f"))
    .digest("hex")
    .slice(0, 24)}`;
  return {
    value: {
      locationId,
      sourceId: source.id,
      respondable: source.respondable,
      review: {
        sourceReviewId,
        authorName: author || null,
        authorAvatarUrl: null,
        rating,
        recommendation: null,
        title: title || null,
        content: content || null,
        publishedAt,
        updatedAt: null,
        url: url || null,
        images: [],
        ownerResponse: null,
      },
    },
    errors: [],
  };
}

/** Validates and stores the rows of an import, chunk by chunk, keeping progress on the import row. */
export async function processImport(database: Database, importId: string, opts: { now?: Date } = {}) {
  const db = database.db;
  const job = await db.selectFrom("review_imports").selectAll().where("id", "=", importId).executeTakeFirst();
  if (!job || job.status === "done" || job.status === "failed") return;
  const rows = job.rows ?? [];
  const now = opts.now ?? new Date();
  // A job that stopped half way (a restart) goes on after the last chunk it stored.
  const counts = { imported: job.imported, updated: job.updated, skipped: job.skipped, errorCount: job.error_count };
  const errors: ImportError[] = [...(job.errors ?? [])];
  const seen = new Set<string>();
  try {
    const lookups = await loadLookups(database.db, job.account_id);
    await db.updateTable("review_imports").set({ status: "processing" }).where("id", "=", importId).execute();
    for (let start = job.processed; start < rows.length; start += CHUNK_ROWS) {
      const groups = new Map<
        string,
        { locationId: string; sourceId: string; respondable: boolean; reviews: SourceReview[] }
      >();
      rows.slice(start, start + CHUNK_ROWS).forEach((raw, i) => {
        const checked = validateRow(raw, start + i + 1, lookups, now);
        if (!checked.value) {
          counts.errorCount += 1;
          for (const e of checked.errors) if (errors.length < MAX_STORED_ERRORS) errors.push(e);
          return;
        }
        const v = checked.value;
        const key = `${v.locationId}|${v.sourceId}|${v.review.sourceReviewId}`;
        if (seen.has(key)) {
          counts.skipped += 1; // the same review twice in one file: the first one counts
          return;
        }
        seen.add(key);
        const groupKey = `${v.locationId}|${v.sourceId}`;
        const group = groups.get(groupKey) ?? { ...v, reviews: [] };
        group.reviews.push(v.review);
        groups.set(groupKey, group);
      });
      // The chunk's new and changed reviews are analysed before its transaction, which then only writes.
      const writes = await Promise.all(
        [...groups.values()].map(async (g) => {
          const target: UpsertTarget = {
            accountId: lookups.accountId,
            locationId: g.locationId,
            sourceId: g.sourceId,
            industry: lookups.vertical,
            respondable: g.respondable,
          };
          return { g, target, analysed: await analyseAhead(db, target, g.reviews, { only: true }) };
        }),
      );
      await database.db.transaction().execute(async (trx) => {
        for (const { g, target, analysed } of writes) {
          await sql`SELECT pg_advisory_xact_lock(hashtext(${`sync:${g.locationId}:${g.sourceId}`}))`.execute(trx);
          const result = await upsertReviews(trx, target, g.reviews, { now, only: true, analysed });
          counts.imported += result.inserted.length;
          counts.updated += result.edited.length + result.restored.length;
          counts.skipped += result.unchanged;
        }
        await trx
          .updateTable("review_imports")
          .set({
            processed: Math.min(rows.length, start + CHUNK_ROWS),
            imported: counts.imported,
            updated: counts.updated,
            skipped: counts.skipped,
            error_count: counts.errorCount,
            errors: JSON.stringify(errors),
          })
          .where("id", "=", importId)
          .execute();
      });
    }
    await db
      .updateTable("review_imports")
      .set({ status: "done", rows: null, finished_at: new Date() })
      .where("id", "=", importId)
      .execute();
  } catch (error) {
    await db
      .updateTable("review_imports")
      .set({
        status: "failed",
        status_reason: error instanceof Error ? error.message : String(error),
        finished_at: new Date(),
      })
      .where("id", "=", importId)
      .execute();
    throw error;
  }
}
