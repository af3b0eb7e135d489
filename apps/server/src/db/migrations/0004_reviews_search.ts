import { type Kysely, sql } from "kysely";

// Full-text search of reviews (the `keywords` filter of GET /api/reviews) over title, content and author.
// The expression must stay identical to `reviewSearchVector` in features/reviews/queries.ts, or the
// planner cannot use the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX reviews_search_idx ON reviews USING gin (
      to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(content, '') || ' ' || coalesce(author_name, ''))
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reviews_search_idx`.execute(db);
}
