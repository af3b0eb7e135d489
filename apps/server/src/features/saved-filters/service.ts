import type { ZSavedFilterCreateSchema, ZSavedFilterPatchSchema } from "@starboard/contract/saved-filters";
import {
  NO_SAVED_FILTER_LABEL,
  SAVED_FILTER_CONFIG_KEYS,
  SAVED_FILTER_MESSAGES,
  SAVED_FILTER_NAME_MAX,
  SAVED_FILTERS_PREFERENCE_TYPE,
  type TSavedFilter,
  type TSavedFilterConfig,
  type TSavedFilterList,
  type TSavedFilterListQuery,
} from "@starboard/contract/saved-filters";
import type { z } from "zod";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { savedFilterPolicy } from "./policy.ts";
import { presentSavedFilter } from "./presenter.ts";
import {
  countSavedFilters,
  deleteSavedFilter as deleteRow,
  findByName,
  findSavedFilter,
  insertSavedFilter,
  selectSavedFilters,
  updateSavedFilter as updateRow,
} from "./queries.ts";

type Create = z.output<typeof ZSavedFilterCreateSchema>;
type Patch = z.output<typeof ZSavedFilterPatchSchema>;
const TYPE = SAVED_FILTERS_PREFERENCE_TYPE;

/** GET /api/user_preferences: the caller's own saved filters (another user's id answers 404). */
export async function listSavedFilters(
  ctx: AppContext,
  actor: Actor,
  query: TSavedFilterListQuery,
  url: string,
): Promise<TSavedFilterList> {
  const accountId = accountIdFor(actor, query.account_id);
  if (query.user_id && query.user_id !== actor.user.id) throw AppError.notFound();
  const db = scoped(ctx.database.db, actor);
  const sortDesc = query.sort?.startsWith("-") || query["sort[order]"]?.toLowerCase() === "desc";
  const q = {
    accountId,
    userId: actor.user.id,
    type: TYPE,
    name: query.name?.trim() || undefined,
    order: sortOrder(sortDesc ? "desc" : "asc"),
  };
  return offsetPage({
    key: "user_preferences",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countSavedFilters(db, accountId, actor.user.id, TYPE, q.name),
    rows: (limit, offset) => selectSavedFilters(db, q, limit, offset),
    present: (rows) => rows.map(presentSavedFilter),
  });
}

/** The name as stored: trimmed, required, at most 60 characters, never 'No saved filter'. */
function nameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw AppError.invalid("name", SAVED_FILTER_MESSAGES.nameRequired);
  if (trimmed.length > SAVED_FILTER_NAME_MAX) throw AppError.invalid("name", SAVED_FILTER_MESSAGES.nameTooLong);
  if (trimmed.toLowerCase() === NO_SAVED_FILTER_LABEL.toLowerCase())
    throw AppError.conflict(SAVED_FILTER_MESSAGES.duplicate, "name");
  return trimmed;
}

/**
 * The config as stored (docs/product/platform.md §3): only its keys, empty values dropped, from and to only with
 * the custom range (and then both required), sentiment 1 / -1 or positive / negative.
 */
function configOf(config: Create["config"]): string {
  const out: Record<string, unknown> = {};
  for (const key of SAVED_FILTER_CONFIG_KEYS) {
    const value = config[key];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      const list = [...new Set(value)];
      if (list.length > 0) out[key] = list;
      continue;
    }
    out[key] = value;
  }
  if (out.sentiment === "1") out.sentiment = 1;
  if (out.sentiment === "-1") out.sentiment = -1;
  if (out.dateDescriptor === "custom") {
    if (!out.from) throw AppError.invalid("config.from", "Date Required");
    if (!out.to) throw AppError.invalid("config.to", "Date Required");
    if (String(out.from) > String(out.to)) throw AppError.invalid("config.to", "Invalid Date Range");
  } else {
    delete out.from;
    delete out.to;
  }
  return JSON.stringify(out as TSavedFilterConfig);
}

async function ensureUnique(
  ctx: AppContext,
  p: { accountId: string; userId: string; name: string; exceptId?: string },
) {
  if (await findByName(ctx.database.db, { ...p, type: TYPE }))
    throw AppError.conflict(SAVED_FILTER_MESSAGES.duplicate, "name");
}

/** POST /api/user_preferences (Save as). */
export async function createSavedFilter(ctx: AppContext, actor: Actor, input: Create): Promise<TSavedFilter> {
  const accountId = accountIdFor(actor, input.account_id);
  authorize(actor, "create", "saved_filter");
  const name = nameOf(input.name);
  const config = configOf(input.config);
  await ensureUnique(ctx, { accountId, userId: actor.user.id, name });
  const row = await insertSavedFilter(ctx.database.db, {
    account_id: accountId,
    user_id: actor.user.id,
    preference_type: TYPE,
    name,
    config,
  });
  // A concurrent save of the same name lost the race on the unique index.
  if (!row) throw AppError.conflict(SAVED_FILTER_MESSAGES.duplicate, "name");
  return presentSavedFilter(row);
}

async function findMine(ctx: AppContext, actor: Actor, id: string, action: "update" | "delete") {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findSavedFilter(scoped(ctx.database.db, actor), id, actor.user.id, TYPE);
  if (!row) throw AppError.notFound();
  authorize(actor, action, savedFilterPolicy, row);
  return row;
}

/** PATCH /api/user_preferences/{id} (Save, or a rename). */
export async function updateSavedFilter(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Patch,
): Promise<TSavedFilter> {
  const row = await findMine(ctx, actor, id, "update");
  const values: { name?: string; config?: string } = {};
  if (input.name !== undefined) {
    values.name = nameOf(input.name);
    await ensureUnique(ctx, { accountId: row.account_id, userId: actor.user.id, name: values.name, exceptId: row.id });
  }
  if (input.config !== undefined) values.config = configOf(input.config);
  if (Object.keys(values).length === 0) return presentSavedFilter(row);
  const updated = await updateRow(ctx.database.db, row.id, values);
  if (!updated) throw AppError.conflict(SAVED_FILTER_MESSAGES.duplicate, "name");
  return presentSavedFilter(updated);
}

/** DELETE /api/user_preferences/{id}. */
export async function deleteSavedFilter(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findMine(ctx, actor, id, "delete");
  await deleteRow(ctx.database.db, row.id);
  return null;
}
