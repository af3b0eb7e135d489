import { type Kysely, sql } from "kysely";

// Re-analysis after a model change (issue 13; docs/api.md "Re-analysis"): each review records the version of
// the analysis model that set its sentiment, categories and mentions (features/analysis/version.ts). NULL: a
// review analysed before versions were recorded, or written without the model (factories, the bench), which
// counts as analysed by another version. At start the workers look for accounts with a review of another
// version than the running model's; the index makes that three short range reads per account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reviews ADD COLUMN IF NOT EXISTS analysis_version text`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS reviews_analysis_version_idx ON reviews (account_id, analysis_version)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reviews_analysis_version_idx`.execute(db);
  await sql`ALTER TABLE reviews DROP COLUMN IF EXISTS analysis_version`.execute(db);
}
