import type { THalPage } from "@starboard/contract/hal";
import { type RawBuilder, sql } from "kysely";
import { halPage, offsetOf } from "./hal.ts";

// Small typed pieces every list endpoint shares (keyword search, relevance order, count + page).
// A feature's queries.ts builds its own Kysely query and uses these for the common parts.

/** Escapes LIKE wildcards in user input. */
function likeEscape(text: string) {
  return text.replace(/[\\%_]/g, "\\$&");
}

/**
 * The keyword condition on a name column: `typeahead` matches names starting with the keywords,
 * otherwise names containing them; case-insensitive. Null when there are no keywords.
 */
export function keywordMatch(
  column: string,
  keywords: string | undefined,
  searchType: "typeahead" | "full" | undefined,
): RawBuilder<boolean> | null {
  const words = keywords?.trim().toLowerCase();
  if (!words) return null;
  const pattern = searchType === "typeahead" ? `${likeEscape(words)}%` : `%${likeEscape(words)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern}`;
}

/** Relevance order for a keyword search: the exact name first, then shorter names, then by name. */
export function relevanceOrder(column: string, keywords: string): RawBuilder<unknown>[] {
  const words = keywords.trim().toLowerCase();
  return [
    sql`lower(${sql.ref(column)}) = ${words} DESC`,
    sql`length(${sql.ref(column)}) ASC`,
    sql`${sql.ref(column)} ASC`,
  ];
}

/** `sort[order]` as the lists read it: `desc` (any case) or else ascending. */
export function sortOrder(order: string | undefined, fallback: "asc" | "desc" = "asc"): "asc" | "desc" {
  if (!order) return fallback;
  return order.toLowerCase() === "desc" ? "desc" : "asc";
}

/**
 * A HAL page of an offset list: counts and reads the page at once, then presents the rows.
 * `count` and `rows` run the feature's own queries (already scoped to the account).
 */
export async function offsetPage<K extends string, Row, Item>(opts: {
  key: K;
  url: string;
  page: number;
  perPage: number;
  count: () => Promise<number>;
  rows: (limit: number, offset: number) => Promise<Row[]>;
  present: (rows: Row[]) => Item[] | Promise<Item[]>;
}): Promise<THalPage<K, Item>> {
  const [total, rows] = await Promise.all([
    opts.count(),
    opts.rows(opts.perPage, offsetOf({ page: opts.page, perPage: opts.perPage })),
  ]);
  return halPage(opts.key, await opts.present(rows), total, { url: opts.url, page: opts.page, perPage: opts.perPage });
}
