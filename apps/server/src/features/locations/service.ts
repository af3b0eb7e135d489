import { SPECIAL_HOURS_MESSAGES } from "@starboard/contract/location-details";
import {
  LOCATION_MESSAGES,
  NPI_MESSAGES,
  type TLocation,
  type TLocationCreate,
  type TLocationList,
  type TLocationListQuery,
  type TLocationWrite,
} from "@starboard/contract/locations";
import type { Insertable, Kysely } from "kysely";
import type { DB, LocationsTable } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { missingRanges, normalizeHours } from "./hours.ts";
import { locationPolicy } from "./policy.ts";
import { presentLocation } from "./presenter.ts";
import {
  accountFacts,
  categoryById,
  countAccountLocations,
  countLocations,
  countryById,
  deleteLocation as deleteLocationRow,
  findCountry,
  findState,
  groupIdsOf,
  groupsOfAccount,
  insertLocation,
  type LocationFilter,
  type LocationRow,
  openIssuesOf,
  overridesOf,
  selectLocations,
  setLocationGroups,
  stateById,
  stateCodesOf,
  updateLocation as updateLocationRow,
} from "./queries.ts";

/** A trial account may have this many locations unless its setting `trial_location_limit` says otherwise. */
export const DEFAULT_TRIAL_LOCATION_LIMIT = 3;

/** `ids` arrives comma-separated or repeated; ids that are not UUIDs match nothing. */
function parseIds(value: string | string[]): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(",");
  return parts.map((s) => s.trim()).filter(isUuid);
}

/** The rows with their groups, state codes and overrides (one query each for the page). */
export async function presentLocations(db: Kysely<DB>, rows: LocationRow[]): Promise<TLocation[]> {
  const ids = rows.map((r) => r.id);
  const [groups, codes, overrides, issues] = await Promise.all([
    groupIdsOf(db, ids),
    stateCodesOf(db, [...new Set(rows.flatMap((r) => (r.state_id ? [r.state_id] : [])))]),
    overridesOf(db, ids),
    openIssuesOf(db, ids),
  ]);
  return rows.map((r) =>
    presentLocation(r, {
      groupIds: groups.get(r.id) ?? [],
      stateCode: r.state_id ? (codes.get(r.state_id) ?? null) : null,
      overrides: overrides.get(r.id) ?? [],
      issues: issues.get(r.id) ?? { open: false, muted: false },
    }),
  );
}

async function presentOne(db: Kysely<DB>, row: LocationRow) {
  const [item] = await presentLocations(db, [row]);
  return item!;
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
  if (query.open_status !== undefined)
    filter.openStatuses = [query.open_status]
      .flat()
      .flatMap((s) => String(s).split(","))
      .map((s) => s.trim())
      .filter(Boolean);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "locations",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countLocations(db, filter),
    rows: (limit, offset) =>
      selectLocations(db, filter, { by: query["sort[by]"], order: query["sort[order]"] }, limit, offset),
    present: (rows) => presentLocations(ctx.database.db, rows),
  });
}

async function findLocation(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const row = await scoped(ctx.database.db, actor).find("locations", id);
  authorize(actor, action, locationPolicy, row);
  return row;
}

export async function getLocation(ctx: AppContext, actor: Actor, id: string): Promise<TLocation> {
  return presentOne(ctx.database.db, await findLocation(ctx, actor, id, "read"));
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** 400 with every field's message (the first one as the error). */
function invalid(errors: Record<string, string>): never {
  const first = Object.values(errors)[0] ?? "Invalid input";
  throw new AppError("bad_request", first, errors);
}

type Facts = Awaited<ReturnType<typeof accountFacts>>;

/**
 * The columns to write from the fields sent, after the form's rules (docs/product/locations.md §5): required
 * fields (all on create; on update those sent empty), country and state (by id, else by name or code),
 * category, NPI numbers (healthcare accounts), hours (HH:mm, sorted; `remove_hours` clears them), Google place id
 * (Admin user type only). Answers 400 with every field's message.
 */
export async function columnsOf(
  db: Kysely<DB>,
  actor: Actor | null,
  facts: Facts,
  input: Partial<TLocationWrite>,
  current: LocationRow | null,
): Promise<Partial<Insertable<LocationsTable>>> {
  const errors: Record<string, string> = {};
  const required = LOCATION_MESSAGES.required;
  const sent = (key: keyof TLocationWrite) => current === null || key in input;
  for (const key of ["name", "public_name", "address", "city", "zipcode"] as const) {
    if (sent(key) && blank(input[key])) errors[key] = required[key];
  }
  if ((current === null || "state" in input || "state_id" in input) && blank(input.state) && blank(input.state_id))
    errors.state = required.state;
  if (
    (current === null || "country" in input || "country_id" in input) &&
    blank(input.country) &&
    blank(input.country_id)
  )
    errors.country = required.country;

  const values: Partial<Insertable<LocationsTable>> = {};
  const copy = [
    "name",
    "public_name",
    "address",
    "address_2",
    "city",
    "zipcode",
    "external_id",
    "is_headquarters",
    "publishing_enabled",
    "time_zone",
    "latitude",
    "longitude",
  ] as const;
  for (const key of copy) {
    const v = input[key];
    if (v !== undefined) (values as Record<string, unknown>)[key] = typeof v === "string" && v === "" ? null : v;
  }
  if (input.phone !== undefined) values.phone = blank(input.phone) ? null : input.phone;
  if (input.website !== undefined) values.website = blank(input.website) ? null : input.website;
  if (input.open_status !== undefined && current !== null) values.open_status = input.open_status;

  // Country and state: the id wins; else the name or code sent is looked up (an unknown name is kept as typed).
  let countryId = current?.country_id ?? null;
  if (!blank(input.country_id)) {
    const country = await countryById(db, input.country_id as string);
    if (!country) errors.country_id = "Choose a valid country";
    else {
      values.country_id = country.id;
      values.country = country.name;
      countryId = country.id;
    }
  } else if (!blank(input.country)) {
    const country = await findCountry(db, input.country as string);
    values.country = country?.name ?? (input.country as string);
    values.country_id = country?.id ?? null;
    countryId = country?.id ?? null;
  } else if ("country_id" in input || "country" in input) {
    values.country = null;
    values.country_id = null;
  }
  if (!blank(input.state_id)) {
    const state = await stateById(db, input.state_id as string);
    if (!state) errors.state_id = "Choose a valid state";
    else {
      values.state_id = state.id;
      values.state = blank(input.state) ? state.name : (input.state as string);
    }
  } else if (!blank(input.state)) {
    const state = countryId ? await findState(db, countryId, input.state as string) : undefined;
    values.state = input.state as string;
    values.state_id = state?.id ?? null;
  } else if ("state_id" in input || "state" in input) {
    values.state = null;
    values.state_id = null;
  }

  if (input.category_id !== undefined) {
    if (blank(input.category_id)) {
      values.category_id = null;
      values.category_name = null;
    } else {
      const category = await categoryById(db, input.category_id as string);
      if (!category) errors.category_id = "Choose a valid category";
      else {
        values.category_id = category.id;
        values.category_name = category.name;
      }
    }
  } else if (input.category_name !== undefined) values.category_name = input.category_name;

  if (input.google_place_id !== undefined) {
    const next = blank(input.google_place_id) ? null : (input.google_place_id as string);
    if (next !== (current?.google_place_id ?? null)) {
      if (actor !== null && actor.userType !== "admin") throw AppError.forbidden(LOCATION_MESSAGES.googlePlaceId);
      values.google_place_id = next;
    }
  }

  if (input.industry_ids !== undefined) {
    const numbers = [...new Set(input.industry_ids?.npi_numbers ?? [])];
    if (numbers.length > 0 && facts.vertical !== "healthcare")
      errors["industry_ids.npi_numbers"] = NPI_MESSAGES.healthcareOnly;
    values.npi_numbers = numbers;
  }

  if (input.remove_hours === true) values.hours = null;
  else if (input.hours !== undefined) {
    if (input.hours === null) values.hours = null;
    else {
      const hours = normalizeHours(input.hours);
      const day = missingRanges(hours);
      if (day) errors[`hours.${day}`] = SPECIAL_HOURS_MESSAGES.timesRequired;
      values.hours = JSON.stringify(hours);
    }
  }

  if (Object.keys(errors).length > 0) invalid(errors);
  return values;
}

/** The trial's location limit, or null when the account is not on trial. */
export function trialLimitOf(facts: Facts): number | null {
  if (facts.status !== "trial") return null;
  const n = Number(facts.settings.trial_location_limit);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TRIAL_LOCATION_LIMIT;
}

async function setGroups(db: Kysely<DB>, accountId: string, locationId: string, groupIds: string[] | undefined) {
  if (groupIds === undefined) return;
  const unique = [...new Set(groupIds)];
  const found = await groupsOfAccount(db, accountId, unique);
  if (found.length !== unique.length) throw AppError.notFound();
  await setLocationGroups(db, locationId, found);
}

/** POST /api/locations. A trial account at its location limit is refused (403). */
export async function createLocation(ctx: AppContext, actor: Actor, input: TLocationCreate): Promise<TLocation> {
  const { account_id, group_ids, ...fields } = input;
  const accountId = accountIdFor(actor, account_id);
  const db = ctx.database.db;
  const facts = await accountFacts(db, accountId);
  const values = await columnsOf(db, actor, facts, fields, null);
  const limit = trialLimitOf(facts);
  if (limit !== null && (await countAccountLocations(db, accountId)) >= limit)
    throw AppError.forbidden(LOCATION_MESSAGES.trialLimit);
  const row = await db.transaction().execute(async (trx) => {
    const created = await insertLocation(trx, { ...values, name: values.name as string, account_id: accountId });
    await setGroups(trx, accountId, created.id, group_ids);
    return created;
  });
  return presentOne(db, row);
}

/** PATCH and PUT /api/locations/{id}: writes the fields sent (the whole location, or only its hours). */
export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TLocationWrite> & { account_id?: string | undefined },
): Promise<TLocation> {
  const location = await findLocation(ctx, actor, id, "update");
  const { account_id: _ignored, group_ids, ...fields } = input;
  const db = ctx.database.db;
  const facts = await accountFacts(db, location.account_id);
  const values = await columnsOf(db, actor, facts, fields, location);
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateLocationRow(trx, location.id, { ...values, updated_at: new Date() });
    await setGroups(trx, location.account_id, location.id, group_ids);
    return updated;
  });
  return presentOne(db, row);
}

/** DELETE /api/locations/{id}: refused for the account's last location (409). */
export async function deleteLocation(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const location = await findLocation(ctx, actor, id, "delete");
  if ((await countAccountLocations(ctx.database.db, location.account_id)) <= 1)
    throw AppError.conflict(LOCATION_MESSAGES.lastLocation);
  await deleteLocationRow(ctx.database.db, location.id);
  return null;
}
