import type { TSetupProgress } from "@starboard/contract/accounts";
import { type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { tableExists } from "./queries.ts";

/**
 * The trial checklist, computed from what exists (docs/api.md "Setup progress").
 * Each item reads one table; a table that does not exist yet (its feature is not
 * installed) or a query on a column it lacks counts as "not done".
 */
const CHECKS: Record<
  Exclude<keyof TSetupProgress, "stage">,
  { table: string; query: (a: string) => RawBuilder<unknown> }
> = {
  ask_campaigns_exist: {
    table: "campaigns",
    query: (a) => sql`SELECT EXISTS (SELECT 1 FROM campaigns WHERE account_id = ${a}) AS done`,
  },
  facebook_integration_exists: {
    table: "source_credentials",
    query: (a) => sql`SELECT EXISTS (SELECT 1 FROM source_credentials c JOIN sources s ON s.id = c.source_id
        WHERE c.account_id = ${a} AND s.code = 'facebook') AS done`,
  },
  multiple_users_in_account_exists: {
    table: "users",
    query: (a) => sql`SELECT (SELECT count(*) FROM users WHERE account_id = ${a} AND NOT is_shadow) > 1 AS done`,
  },
  responses_exist: {
    table: "responses",
    query: (a) => sql`SELECT EXISTS (SELECT 1 FROM responses WHERE account_id = ${a} AND NOT from_source) AS done`,
  },
  google_url_scanned: {
    table: "urls",
    query: (a) => sql`SELECT EXISTS (SELECT 1 FROM urls u JOIN sources s ON s.id = u.source_id
        WHERE u.account_id = ${a} AND s.code = 'google' AND u.last_scanned_at IS NOT NULL) AS done`,
  },
};

async function check(database: Database, table: string, query: RawBuilder<unknown>): Promise<boolean> {
  if (!(await tableExists(database, table))) return false;
  try {
    const { rows } = await (query as RawBuilder<{ done: boolean }>).execute(database.db);
    return Boolean(rows[0]?.done);
  } catch (err) {
    // 42P01 undefined table, 42703 undefined column: the owning feature's schema differs; not done.
    const code = (err as { code?: string }).code;
    if (code === "42P01" || code === "42703") return false;
    throw err;
  }
}

/** Stage 1: no review has arrived yet; stage 3: every checklist item is done; otherwise stage 2. */
export async function setupProgress(database: Database, accountId: string): Promise<TSetupProgress> {
  const entries = await Promise.all(
    Object.entries(CHECKS).map(async ([key, c]) => [key, await check(database, c.table, c.query(accountId))] as const),
  );
  const items = Object.fromEntries(entries) as Omit<TSetupProgress, "stage">;
  const hasReviews = await check(
    database,
    "reviews",
    sql`SELECT EXISTS (SELECT 1 FROM reviews WHERE account_id = ${accountId}) AS done`,
  );
  const stage = !hasReviews ? 1 : Object.values(items).every(Boolean) ? 3 : 2;
  return { stage, ...items };
}
