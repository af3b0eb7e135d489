import type { ColumnType, Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

/** Columns migration 0005 adds to `alerts`: when the alert was last switched on. */
export type AlertsExtraColumns = {
  alerts: { enabled_at: ColumnType<Date, Date | string | undefined, Date | string> };
};

export function alertsDb(database: Database | Kysely<DB>): Kysely<DB & AlertsExtraColumns> {
  const db = "db" in database ? database.db : database;
  return db.withTables<AlertsExtraColumns>();
}

export const ALERT_TYPE = { newReview: 1, negativeReview: 2, responseFailed: 3 } as const;
export const ALERT_FREQUENCY = { instant: 1, daily: 2, weekly: 3 } as const;

export interface AlertFilters {
  location_ids?: string[];
  source_ids?: string[];
  ratings?: number[];
}
