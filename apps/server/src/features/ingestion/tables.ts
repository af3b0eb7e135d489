import type { ColumnType, Generated, Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

// Table types of ingestion (migration 0005_ingestion_metrics). They live with the feature until
// db/schema.ts lists them; `ingestionDb` adds them to the shared Kysely instance.
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export interface SourceSyncsTable {
  location_id: string;
  source_id: string;
  account_id: string;
  full_syncs: Generated<number>;
  last_started_at: NullableTimestamp;
  last_completed_at: NullableTimestamp;
  last_status: string | null;
  last_error: string | null;
  last_counts: Json<Record<string, number>>;
}

export interface ReviewSourceMissesTable {
  review_id: string;
  misses: Generated<number>;
  last_missed_at: Generated<Date>;
}

export interface ImportError {
  /** 1-based position of the record among the file's data rows (the CSV header is not counted). */
  row: number;
  field: string;
  message: string;
}

export interface ReviewImportsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  file_name: string | null;
  status: Generated<string>;
  total: Generated<number>;
  processed: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  error_count: Generated<number>;
  errors: Json<ImportError[]>;
  rows: ColumnType<Record<string, unknown>[] | null, string | null | undefined, string | null>;
  status_reason: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export type IngestionTables = {
  source_syncs: SourceSyncsTable;
  review_source_misses: ReviewSourceMissesTable;
  review_imports: ReviewImportsTable;
};

export function ingestionDb(database: Database | Kysely<DB>): Kysely<DB & IngestionTables> {
  const db = "db" in database ? database.db : database;
  return db.withTables<IngestionTables>();
}
