import type {
  TLocation,
  TLocationCreate,
  TLocationList,
  TLocationListQuery,
  TLocationWrite,
} from "@starboard/contract/locations";
import type { Insertable, Kysely } from "kysely";
import type { DB, LocationsTable } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { locationPolicy } from "./policy.ts";
import { presentLocation } from "./presenter.ts";
import {
  countLocations,
  countryExists,
  deleteLocation as deleteLocationRow,
  groupIdsOf,
  insertLocation,
  type LocationFilter,
  type LocationRow,
  selectLocations,
  stateExists,
  updateLocation as updateLocationRow,
} from "./queries.ts";

/** `ids` arrives comma-separated or repeated; ids that are not UUIDs match nothing. */
function parseIds(value: string | string[]): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(",");
  return parts.map((s) => s.trim()).filter(isUuid);
}

/** The rows with the groups each belongs to (one query for the page). */
async function present(db: Kysely<DB>, rows: LocationRow[]): Promise<TLocation[]> {
  const groups = await groupIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentLocation(r, groups.get(r.id) ?? []));
}

/** GET /api/locations: the account's locations (the signed-in account, or `account_id`). */
export async function listLocations(
  ctx: AppContext,
  actor: Actor,
  query: TLocationListQuery,
  url: string,
): Promise<TLocationList> {
  const filter: LocationFilter = {
    accountId: accountIdFor(actor, query.account_id),
    keywords: query.keywords,
    searchType: query.search_type,
  };
  // Values that are not UUIDs match nothing.
  if (query.group_id !== undefined) filter.groupIds = [query.group_id].flat().filter(isUuid);
  if (query.ids !== undefined) filter.ids = parseIds(query.ids);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "locations",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countLocations(db, filter),
    rows: (limit, offset) =>
      selectLocations(db, filter, { by: query["sort[by]"], order: query["sort[order]"] }, limit, offset),
    present: (rows) => present(ctx.database.db, rows),
  });
}

async function findLocation(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const row = await scoped(ctx.database.db, actor).find("locations", id);
  authorize(actor, action, locationPolicy, row);
  return row;
}

export async function getLocation(ctx: AppContext, actor: Actor, id: string): Promise<TLocation> {
  const [item] = await present(ctx.database.db, [await findLocation(ctx, actor, id, "read")]);
  return item!;
}

/** The columns to write: the fields sent (hours as JSON), after checking the country and the state exist. */
async function columnsOf(ctx: AppContext, input: Partial<TLocationWrite>) {
  const db = ctx.database.db;
  if (typeof input.country_id === "string" && !(await countryExists(db, input.country_id)))
    throw AppError.invalid("country_id", "Choose a valid country");
  if (typeof input.state_id === "string" && !(await stateExists(db, input.state_id)))
    throw AppError.invalid("state_id", "Choose a valid state");
  const { hours, ...rest } = input;
  const values: Partial<Insertable<LocationsTable>> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (hours !== undefined) values.hours = hours === null ? null : JSON.stringify(hours);
  return values;
}

/** POST /api/locations. */
export async function createLocation(ctx: AppContext, actor: Actor, input: TLocationCreate): Promise<TLocation> {
  const { account_id, ...fields } = input;
  const accountId = accountIdFor(actor, account_id);
  const values = await columnsOf(ctx, fields);
  const row = await insertLocation(ctx.database.db, { ...values, name: fields.name, account_id: accountId });
  return presentLocation(row, []);
}

/** PATCH and PUT /api/locations/{id}: writes the fields sent (PUT validates them all). */
export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TLocationWrite>,
): Promise<TLocation> {
  const location = await findLocation(ctx, actor, id, "update");
  const values = await columnsOf(ctx, input);
  const row = await updateLocationRow(ctx.database.db, location.id, { ...values, updated_at: new Date() });
  const [item] = await present(ctx.database.db, [row]);
  return item!;
}

/** DELETE /api/locations/{id}. */
export async function deleteLocation(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const location = await findLocation(ctx, actor, id, "delete");
  await deleteLocationRow(ctx.database.db, location.id);
  return null;
}
