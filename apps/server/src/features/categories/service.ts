import type {
  TCategory,
  TCategoryList,
  TCategoryListQuery,
  TMediaCategoryListQuery,
} from "@starboard/contract/location-details";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import {
  type CategoryFilter,
  categoryById,
  categoryIdsOfPlace,
  countCategories,
  countMediaCategories,
  googleSourceId,
  mediaCategories,
  selectCategories,
} from "./queries.ts";

const presentCategory = (row: { id: string; name: string }): TCategory => ({
  id: row.id,
  name: row.name,
  _links: { self: { href: `/api/categories/${encodeURIComponent(row.id)}` } },
});

/** GET /api/categories. */
export async function listCategories(
  ctx: AppContext,
  actor: Actor,
  query: TCategoryListQuery,
  url: string,
): Promise<TCategoryList> {
  const db = ctx.database.db;
  const filter: CategoryFilter = { keywords: query.keywords, searchType: query.search_type };
  if (query.google_place_id) filter.ids = await categoryIdsOfPlace(db, actor.accountIds, query.google_place_id);
  return offsetPage({
    key: "categories",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countCategories(db, filter),
    rows: (limit, offset) =>
      selectCategories(db, filter, { by: query["sort[by]"], order: sortOrder(query["sort[order]"]) }, limit, offset),
    present: (rows) => rows.map(presentCategory),
  });
}

/** GET /api/categories/{id}. */
export async function getCategory(ctx: AppContext, id: string): Promise<TCategory> {
  const row = await categoryById(ctx.database.db, id);
  if (!row) throw AppError.notFound();
  return presentCategory(row);
}

/** `name` repeated, `name[]`, or comma-separated, folded to lower case; undefined when absent. */
function namesOf(query: TMediaCategoryListQuery): string[] | undefined {
  const raw = [query.name, query["name[]"]].filter((v) => v !== undefined);
  if (raw.length === 0) return undefined;
  return raw
    .flat()
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** GET /api/media_categories. */
export async function listMediaCategories(ctx: AppContext, query: TMediaCategoryListQuery, url: string) {
  const db = ctx.database.db;
  const names = namesOf(query);
  const sourceId = await googleSourceId(db);
  return offsetPage({
    key: "media_categories",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countMediaCategories(db, names),
    rows: (limit, offset) => mediaCategories(db, names, limit, offset),
    present: (rows) =>
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        code: r.code,
        source_id: sourceId,
        _links: { self: { href: `/api/media_categories?name=${encodeURIComponent(r.name)}` } },
      })),
  });
}
