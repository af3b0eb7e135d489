import {
  SPECIAL_HOURS_MAX_YEARS,
  SPECIAL_HOURS_MESSAGES,
  type TSpecialHours,
  type TSpecialHoursBulk,
  type TSpecialHoursCreate,
  type TSpecialHoursList,
  type TSpecialHoursListQuery,
  type TSpecialHoursPatch,
} from "@starboard/contract/location-details";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountFacts, sortRanges } from "../locations/index.ts";
import { specialHoursPolicy } from "./policy.ts";
import { presentSpecialHours } from "./presenter.ts";
import {
  countSpecialHours,
  deleteSpecialHours as deleteRow,
  entryOn,
  insertSpecialHours,
  locationsOfAccount,
  type SpecialHoursFilter,
  selectSpecialHours,
  updateSpecialHours as updateRow,
  upsertSpecialHours,
} from "./queries.ts";

/** GET /api/special_hours. */
export async function listSpecialHours(
  ctx: AppContext,
  actor: Actor,
  query: TSpecialHoursListQuery,
  url: string,
): Promise<TSpecialHoursList> {
  const filter: SpecialHoursFilter = { accountId: accountIdFor(actor, query.account_id) };
  if (query.location_id !== undefined) {
    // An id that is not a location of the account lists nothing.
    filter.locationId = isUuid(query.location_id) ? query.location_id : "00000000-0000-0000-0000-000000000000";
  }
  if (query.start_date !== undefined) filter.from = validDate(query.start_date, "start_date");
  if (query.end_date !== undefined) filter.to = validDate(query.end_date, "end_date");
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "special_hours",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countSpecialHours(db, filter),
    rows: (limit, offset) =>
      selectSpecialHours(db, filter, { by: query["sort[by]"], order: query["sort[order]"] }, limit, offset),
    present: (rows) => rows.map(presentSpecialHours),
  });
}

/** YYYY-MM-DD that names a real day, else 400 on the field. */
function validDate(value: string, field: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw AppError.invalid(field, "Dates are YYYY-MM-DD");
  return value;
}

/** Today in UTC, YYYY-MM-DD. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The date rules of docs/product/locations.md §5 "Holiday dates": selected, a real day, less than 10 years ahead. */
function checkDate(value: string | null | undefined): string {
  if (value === undefined || value === null || value === "")
    throw AppError.invalid("start_date", SPECIAL_HOURS_MESSAGES.dateRequired);
  const date = validDate(value, "start_date");
  const today = todayUtc();
  const limit = `${Number(today.slice(0, 4)) + SPECIAL_HOURS_MAX_YEARS}${today.slice(4)}`;
  if (date >= limit) throw AppError.invalid("start_date", SPECIAL_HOURS_MESSAGES.tooFar);
  return date;
}

/** Closed, 24 hours, or ranges: an open, non-24-hour date needs an opening and a closing time. */
function checkHours(entry: {
  closed: boolean;
  is_24_hours: boolean;
  hours: { open_time: string; close_time: string }[];
}) {
  if (entry.closed) return { closed: true, is_24_hours: false, hours: [] };
  if (entry.is_24_hours) return { closed: false, is_24_hours: true, hours: [] };
  const hours = sortRanges(entry.hours);
  if (hours.length === 0) throw AppError.invalid("hours", SPECIAL_HOURS_MESSAGES.timesRequired);
  return { closed: false, is_24_hours: false, hours };
}

/** Writes need the account's special hours feature. */
async function checkFeature(ctx: AppContext, accountId: string) {
  const facts = await accountFacts(ctx.database.db, accountId);
  if (facts.settings.special_hours === "false")
    throw AppError.forbidden("Holiday hours are not enabled for this account.");
}

/** POST /api/special_hours: one location (`location_id`), or each of `location_ids` (replacing the same date). */
export async function createSpecialHours(
  ctx: AppContext,
  actor: Actor,
  input: TSpecialHoursCreate,
): Promise<TSpecialHours | TSpecialHoursBulk> {
  const accountId = accountIdFor(actor, input.account_id);
  authorize(actor, "update", "location");
  const db = ctx.database.db;
  const bulk = input.location_ids !== undefined;
  const wanted = bulk ? [...new Set(input.location_ids)] : input.location_id ? [input.location_id] : [];
  if (wanted.length === 0)
    throw AppError.invalid(bulk ? "location_ids" : "location_id", SPECIAL_HOURS_MESSAGES.locationRequired);
  const found = await locationsOfAccount(db, accountId, wanted.filter(isUuid));
  if (found.length !== wanted.length) throw AppError.notFound();
  await checkFeature(ctx, accountId);
  const date = checkDate(input.start_date);
  const entry = checkHours({
    closed: input.closed ?? false,
    is_24_hours: input.is_24_hours ?? false,
    hours: input.hours ?? [],
  });
  const values = (locationId: string) => ({
    account_id: accountId,
    location_id: locationId,
    start_date: date,
    closed: entry.closed,
    is_24_hours: entry.is_24_hours,
    hours: JSON.stringify(entry.hours),
  });
  if (!bulk) {
    const locationId = found[0]!;
    if (await entryOn(db, locationId, date)) throw AppError.invalid("start_date", SPECIAL_HOURS_MESSAGES.duplicate);
    return presentSpecialHours(await insertSpecialHours(db, values(locationId)));
  }
  const rows = await db.transaction().execute(async (trx) => {
    const out = [];
    for (const locationId of found) out.push(await upsertSpecialHours(trx, values(locationId)));
    return out;
  });
  return { _embedded: { special_hours: rows.map(presentSpecialHours) }, _total: rows.length };
}

async function findEntry(ctx: AppContext, actor: Actor, id: string) {
  const row = await scoped(ctx.database.db, actor).find("special_hours", id);
  authorize(actor, "update", specialHoursPolicy, row);
  return row;
}

/** PATCH /api/special_hours/{id}: the fields sent, under the same rules. */
export async function updateSpecialHours(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TSpecialHoursPatch,
): Promise<TSpecialHours> {
  const row = await findEntry(ctx, actor, id);
  await checkFeature(ctx, row.account_id);
  const db = ctx.database.db;
  const date = input.start_date !== undefined ? checkDate(input.start_date) : String(row.start_date);
  if (date !== String(row.start_date) && (await entryOn(db, row.location_id, date, row.id)))
    throw AppError.invalid("start_date", SPECIAL_HOURS_MESSAGES.duplicate);
  const entry = checkHours({
    closed: input.closed ?? row.closed,
    is_24_hours: input.is_24_hours ?? row.is_24_hours,
    hours: input.hours ?? (row.hours as { open_time: string; close_time: string }[] | null) ?? [],
  });
  const updated = await updateRow(db, row.id, {
    start_date: date,
    closed: entry.closed,
    is_24_hours: entry.is_24_hours,
    hours: JSON.stringify(entry.hours),
    updated_at: new Date(),
  });
  return presentSpecialHours(updated);
}

/** DELETE /api/special_hours/{id}. */
export async function deleteSpecialHours(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findEntry(ctx, actor, id);
  await deleteRow(ctx.database.db, row.id);
  return null;
}
