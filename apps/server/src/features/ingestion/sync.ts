import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import {
  ConnectorError,
  type ConnectorOptions,
  connectorFor,
  listAllReviews,
  type SourceCredentials,
  type SourceReview,
} from "../reviews/index.ts";
import { analyseAhead, type UpsertTarget, upsertReviews } from "./upsert.ts";

/** A review missing from this many consecutive full syncs was deleted at the source. */
export const MISSES_BEFORE_DELETION = 2;

export interface SyncResult {
  status: "ok" | "skipped" | "failed";
  reason?: string;
  inserted: number;
  edited: number;
  deleted: number;
  restored: number;
  unchanged: number;
  /** Reviews seen for the first time in this sync (for instant alerts). */
  newReviewIds: string[];
  /** The first full sync of this location at this source (a backfill: no instant alerts). */
  firstSync: boolean;
}

const empty = (status: SyncResult["status"], reason?: string): SyncResult => ({
  status,
  ...(reason ? { reason } : {}),
  inserted: 0,
  edited: 0,
  deleted: 0,
  restored: 0,
  unchanged: 0,
  newReviewIds: [],
  firstSync: false,
});

interface SyncTarget {
  account_id: string;
  reference_id: string | null;
  code: string;
  supports_responses: boolean;
  vertical: string;
  time_zone: string;
  access_token: string | null;
  api_key: string | null;
  business_user_id: string | null;
  has_credentials: boolean;
  /** The account is a sandbox (demo) account: its connector reaches only the sandboxes. */
  sandbox: boolean;
}

async function loadTarget(db: Kysely<DB>, locationId: string, sourceId: string): Promise<SyncTarget | undefined> {
  const { rows } = await sql<SyncTarget>`
    SELECT u.account_id, u.reference_id, s.code, s.supports_responses, a.vertical, a.time_zone,
      c.access_token, c.api_key, c.business_user_id, c.id IS NOT NULL AS has_credentials,
      EXISTS (SELECT 1 FROM sandbox_accounts sa WHERE sa.account_id = u.account_id) AS sandbox
    FROM urls u
    JOIN sources s ON s.id = u.source_id
    JOIN accounts a ON a.id = u.account_id
    LEFT JOIN source_credentials c ON c.account_id = u.account_id AND c.source_id = u.source_id
    WHERE u.location_id = ${locationId} AND u.source_id = ${sourceId}`.execute(db);
  return rows[0];
}

async function recordIssue(db: Kysely<DB>, t: SyncTarget, locationId: string, sourceId: string, status: string) {
  const open = await db
    .selectFrom("issues")
    .select("id")
    .where("location_id", "=", locationId)
    .where("source_id", "=", sourceId)
    .where("status", "=", status)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  if (!open) {
    await db
      .insertInto("issues")
      .values({ account_id: t.account_id, location_id: locationId, source_id: sourceId, status })
      .execute();
  }
}

/**
 * Pulls every review of one location at one source through its connector and brings the
 * reviews table in line: new reviews inserted, edits recorded, reviews missing from two
 * consecutive full syncs marked deleted at the source (the roll-ups follow: migration 0009).
 * Retryable connector failures are thrown (the job retries); others are recorded and answered.
 */
export async function syncLocationSource(
  database: Database,
  ids: { locationId: string; sourceId: string },
  opts: {
    now?: Date;
    connectorOptions?: ConnectorOptions;
    /** Runs in the transaction that stores the reviews (jobs they cause are enqueued with it). */
    inTransaction?: (trx: Kysely<DB>, seen: { newReviewIds: string[]; firstSync: boolean }) => Promise<void>;
  } = {},
): Promise<SyncResult> {
  const db = database.db;
  const { locationId, sourceId } = ids;
  const target = await loadTarget(database.db, locationId, sourceId);
  if (!target) return empty("skipped", "no listing URL for this location at this source");
  const connector = connectorFor(target.code, { ...opts.connectorOptions, sandbox: target.sandbox });
  if (!connector) return empty("skipped", `no connector for ${target.code}`);

  const state = async (values: { last_status: string; last_error?: string | null; started?: Date }) => {
    await db
      .insertInto("source_syncs")
      .values({
        location_id: locationId,
        source_id: sourceId,
        account_id: target.account_id,
        last_status: values.last_status,
        last_error: values.last_error ?? null,
        last_started_at: values.started ?? null,
      })
      .onConflict((oc) =>
        oc.columns(["location_id", "source_id"]).doUpdateSet({
          last_status: values.last_status,
          last_error: values.last_error ?? null,
          ...(values.started ? { last_started_at: values.started } : {}),
        }),
      )
      .execute();
  };

  if (!target.reference_id) {
    await recordIssue(database.db, target, locationId, sourceId, "missing_place_id");
    await state({ last_status: "missing_reference" });
    return empty("skipped", "the location has no id at this source (missing_place_id)");
  }
  const credentials: SourceCredentials = {
    ...(target.access_token ? { accessToken: target.access_token } : {}),
    ...(target.api_key ? { apiKey: target.api_key } : {}),
    ...(target.business_user_id ? { businessUserId: target.business_user_id } : {}),
  };
  const started = opts.now ?? new Date();
  const previous = await db
    .selectFrom("source_syncs")
    .select(["full_syncs", "last_completed_at"])
    .where("location_id", "=", locationId)
    .where("source_id", "=", sourceId)
    .executeTakeFirst();
  await state({ last_status: "running", started });

  let listed: SourceReview[];
  try {
    listed = await listAllReviews(
      connector,
      { externalId: target.reference_id, credentials },
      previous?.last_completed_at ? { since: previous.last_completed_at } : {},
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ConnectorError && !error.retryable) {
      if (error.kind === "not_found") await recordIssue(database.db, target, locationId, sourceId, "missing_place_id");
      await state({ last_status: error.kind === "auth" ? "auth_error" : error.kind, last_error: message });
      return empty("failed", message);
    }
    await state({ last_status: "retrying", last_error: message });
    throw error;
  }
  // A source paging by position can list a review twice during a walk: keep the last.
  const incoming = [...new Map(listed.map((r) => [r.sourceReviewId, r])).values()];
  const now = opts.now ?? new Date();
  const upsertTarget: UpsertTarget = {
    accountId: target.account_id,
    locationId,
    sourceId,
    industry: target.vertical,
    respondable: target.supports_responses && Boolean(connector.publishResponse) && target.has_credentials,
    titled: connector.carriesTitles,
  };
  // The new and changed reviews are analysed before the transaction, which then only writes.
  const analysed = await analyseAhead(database.db, upsertTarget, incoming);

  const result = await database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`sync:${locationId}:${sourceId}`}))`.execute(trx);
    const upserted = await upsertReviews(trx, upsertTarget, incoming, { now, analysed });
    const seen = new Set(incoming.map((r) => r.sourceReviewId));
    const missing = upserted.existing.filter((r) => !seen.has(r.source_review_id));
    const present = upserted.existing.filter((r) => seen.has(r.source_review_id)).map((r) => r.id);
    const tdb = trx;
    for (let i = 0; i < present.length; i += 1000) {
      await tdb
        .deleteFrom("review_source_misses")
        .where("review_id", "in", present.slice(i, i + 1000))
        .execute();
    }
    const deleted: string[] = [];
    if (missing.length) {
      const counted = await tdb
        .insertInto("review_source_misses")
        .values(missing.map((r) => ({ review_id: r.id, misses: 1, last_missed_at: now })))
        .onConflict((oc) =>
          oc.column("review_id").doUpdateSet({ misses: sql`review_source_misses.misses + 1`, last_missed_at: now }),
        )
        .returning(["review_id", "misses"])
        .execute();
      const gone = new Set(counted.filter((c) => c.misses >= MISSES_BEFORE_DELETION).map((c) => c.review_id));
      for (const r of missing) {
        if (!gone.has(r.id) || r.deleted_at_source !== null) continue;
        deleted.push(r.id);
      }
      if (deleted.length) {
        await trx
          .updateTable("reviews")
          .set({ deleted_at_source: now, updated_at: now })
          .where("id", "in", deleted)
          .execute();
        await trx
          .insertInto("review_history")
          .values(
            deleted.map((id) => ({
              account_id: target.account_id,
              review_id: id,
              action: "deleted_at_source",
              details: JSON.stringify({ missing_from_syncs: MISSES_BEFORE_DELETION }),
              created_at: now,
            })),
          )
          .execute();
      }
    }
    const counts = {
      listed: incoming.length,
      inserted: upserted.inserted.length,
      edited: upserted.edited.length,
      deleted: deleted.length,
      restored: upserted.restored.length,
      unchanged: upserted.unchanged,
    };
    await tdb
      .updateTable("source_syncs")
      .set({
        full_syncs: sql`full_syncs + 1`,
        last_completed_at: now,
        last_status: "ok",
        last_error: null,
        last_counts: JSON.stringify(counts),
      })
      .where("location_id", "=", locationId)
      .where("source_id", "=", sourceId)
      .execute();
    await trx
      .updateTable("urls")
      .set({ last_scanned_at: now })
      .where("location_id", "=", locationId)
      .where("source_id", "=", sourceId)
      .execute();
    const newReviewIds = upserted.inserted.map((r) => r.id);
    await opts.inTransaction?.(trx, { newReviewIds, firstSync: (previous?.full_syncs ?? 0) === 0 });
    return { upserted, deleted };
  });

  return {
    status: "ok",
    inserted: result.upserted.inserted.length,
    edited: result.upserted.edited.length,
    deleted: result.deleted.length,
    restored: result.upserted.restored.length,
    unchanged: result.upserted.unchanged,
    newReviewIds: result.upserted.inserted.map((r) => r.id),
    firstSync: (previous?.full_syncs ?? 0) === 0,
  };
}

/** Every (location, source) that can be synced: a connector, a reference id and credentials. */
export async function syncableTargets(database: Database): Promise<{ locationId: string; sourceId: string }[]> {
  const { rows } = await sql<{ location_id: string; source_id: string; code: string }>`
    SELECT u.location_id, u.source_id, s.code FROM urls u
    JOIN sources s ON s.id = u.source_id
    JOIN accounts a ON a.id = u.account_id AND a.account_active
    JOIN source_credentials c ON c.account_id = u.account_id AND c.source_id = u.source_id
    WHERE u.reference_id IS NOT NULL AND u.status = 'active'
    ORDER BY u.account_id, u.location_id`.execute(database.db);
  return rows
    .filter((r) => connectorFor(r.code) !== undefined)
    .map((r) => ({ locationId: r.location_id, sourceId: r.source_id }));
}
