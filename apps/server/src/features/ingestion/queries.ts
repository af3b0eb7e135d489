import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A new import holding its rows (keys in lower case), pending until processed. */
export async function insertImport(
  db: Kysely<DB>,
  values: { accountId: string; userId: string; fileName: string | null; rows: Record<string, unknown>[] },
) {
  const lowered = values.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.toLowerCase(), v])));
  return db
    .insertInto("review_imports")
    .values({
      account_id: values.accountId,
      user_id: values.userId,
      file_name: values.fileName,
      total: lowered.length,
      rows: JSON.stringify(lowered),
      errors: "[]",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const IMPORT_COLUMNS = [
  "id",
  "account_id",
  "user_id",
  "file_name",
  "status",
  "total",
  "processed",
  "imported",
  "updated",
  "skipped",
  "error_count",
  "errors",
  "status_reason",
  "created_at",
  "finished_at",
] as const;

/** The import with this id in one of `accountIds` (without its rows), if any. */
export function findImport(db: Kysely<DB>, id: string, accountIds: string[]) {
  return db
    .selectFrom("review_imports")
    .select(IMPORT_COLUMNS)
    .where("id", "=", id)
    .where("account_id", "in", accountIds)
    .executeTakeFirst();
}

/**
 * The listings of a location a sync can read, as the schedule picks them (`syncableTargets`): an active URL
 * with a reference id and the account's credentials for the source (the caller keeps those with a connector).
 */
export function selectSyncTargets(db: Kysely<DB>, locationId: string, sourceId: string | undefined) {
  let query = db
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
  return query.execute();
}

/**
 * Claims a manual sync of the listing: records `requested_at = now` unless one was queued within
 * `intervalSeconds` (the scheduled syncs do not count: they must not block a user's sync). Atomic (one statement), so two requests at once do not both queue one. Answers
 * null when claimed, else when the next one is allowed.
 */
export async function claimSyncRequest(
  db: Kysely<DB>,
  target: { accountId: string; locationId: string; sourceId: string },
  now: Date,
  intervalSeconds: number,
): Promise<Date | null> {
  const since = new Date(now.getTime() - intervalSeconds * 1000);
  const claimed = await db
    .insertInto("source_syncs")
    .values({
      location_id: target.locationId,
      source_id: target.sourceId,
      account_id: target.accountId,
      requested_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["location_id", "source_id"])
        .doUpdateSet({ requested_at: now })
        .where((eb) =>
          eb.or([eb("source_syncs.requested_at", "is", null), eb("source_syncs.requested_at", "<=", since)]),
        ),
    )
    .returning("location_id")
    .executeTakeFirst();
  if (claimed) return null;
  const row = await db
    .selectFrom("source_syncs")
    .select("requested_at")
    .where("location_id", "=", target.locationId)
    .where("source_id", "=", target.sourceId)
    .executeTakeFirst();
  const last = row?.requested_at ? new Date(row.requested_at) : now;
  return new Date(last.getTime() + intervalSeconds * 1000);
}
