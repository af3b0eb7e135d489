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

// --- Word search: several columns, case- and accent-insensitive ------------------------------------

/** Accented letters and their plain form (written once: SQL `translate()` and `foldText` both use it). */
const ACCENTED =
  "ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďĐđÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŔŕŘřŚśŠšŞşŤťŢţÙÚÛÜùúûüŪūŮůŰűŲųÝýÿŸŽžŹźŻż";
const SPECIAL: Record<string, string> = { Đ: "d", đ: "d", Ł: "l", ł: "l", Ø: "o", ø: "o" };
const PLAIN = [...ACCENTED].map((c) => SPECIAL[c] ?? c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()).join("");
const PLAIN_OF = new Map([...ACCENTED].map((c, i) => [c, [...PLAIN][i]!]));

/** Lowercase, accents folded, punctuation as spaces: how both the text and the keywords are compared. */
export function foldText(text: string): string {
  return [...text.toLowerCase()]
    .map((c) => PLAIN_OF.get(c) ?? c)
    .join("")
    .replace(/[\s!-/:-@[-`{-~]+/g, " ")
    .trim();
}

/** The SQL twin of `foldText` on a column (null reads as ''). */
function foldedColumn(column: string): RawBuilder<string> {
  return sql<string>`trim(regexp_replace(translate(lower(coalesce(${sql.ref(column)}, '')), ${ACCENTED}, ${PLAIN}), '[[:space:][:punct:]]+', ' ', 'g'))`;
}

/** The keywords' words, folded; empty when there are none. */
function searchWords(keywords: string | undefined): string[] {
  return keywords ? foldText(keywords).split(" ").filter(Boolean) : [];
}

/** Some word of the column starts with `word`. */
function wordStarts(column: string, word: string): RawBuilder<boolean> {
  return sql<boolean>`(' ' || ${foldedColumn(column)}) LIKE ${`% ${likeEscape(word)}%`}`;
}

/**
 * The keyword condition over several columns (the first is the name), case- and accent-insensitive
 * ("sao" finds "São Paulo"): every word of the keywords must be found in one of the columns —
 * `typeahead`: at the start of a word there, otherwise anywhere. Null when there are no keywords.
 */
export function wordSearch(
  columns: readonly [string, ...string[]],
  keywords: string | undefined,
  searchType: "typeahead" | "full" | undefined,
): RawBuilder<boolean> | null {
  const words = searchWords(keywords);
  if (words.length === 0) return null;
  const perWord = words.map((word) => {
    const anyColumn = columns.map((column) =>
      searchType === "typeahead"
        ? wordStarts(column, word)
        : sql<boolean>`${foldedColumn(column)} LIKE ${`%${likeEscape(word)}%`}`,
    );
    return sql<boolean>`(${sql.join(anyColumn, sql` OR `)})`;
  });
  return sql<boolean>`(${sql.join(perWord, sql` AND `)})`;
}

/**
 * Relevance order of a `wordSearch` (first column: the name): the exact name, then names starting with the
 * words, then rows where each word starts a word of some column, then the rest (contains); then shorter names,
 * then by name. Empty when there are no keywords.
 */
export function wordSearchRelevance(
  columns: readonly [string, ...string[]],
  keywords: string | undefined,
): RawBuilder<unknown>[] {
  const words = searchWords(keywords);
  if (words.length === 0) return [];
  const name = columns[0];
  const phrase = words.join(" ");
  const wordStartsEverywhere = words.map(
    (word) =>
      sql<boolean>`(${sql.join(
        columns.map((column) => wordStarts(column, word)),
        sql` OR `,
      )})`,
  );
  return [
    sql`CASE WHEN ${foldedColumn(name)} = ${phrase} THEN 0
      WHEN ${foldedColumn(name)} LIKE ${`${likeEscape(phrase)}%`} THEN 1
      WHEN ${sql.join(wordStartsEverywhere, sql` AND `)} THEN 2 ELSE 3 END ASC`,
    sql`length(${sql.ref(name)}) ASC`,
    sql`${sql.ref(name)} ASC`,
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
