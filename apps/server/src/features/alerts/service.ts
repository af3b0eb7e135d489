import type {
  TAlert,
  TAlertCreate,
  TAlertFilters,
  TAlertFrequencyList,
  TAlertList,
  TAlertListQuery,
  TAlertPatch,
  TAlertReference,
  TAlertTypeList,
} from "@starboard/contract/alerts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage } from "../../platform/hal.ts";
import { offsetPage } from "../../platform/list.ts";
import { disableUnsubscribedAlerts } from "./delivery.ts";
import { alertPolicy } from "./policy.ts";
import { presentAlert } from "./presenter.ts";
import {
  type AlertRow,
  type AlertValues,
  countAlerts,
  deleteAlert as deleteAlertRow,
  existingSources,
  findAlert,
  findReference,
  insertAlert,
  locationsOfAccount,
  type ReferenceTable,
  selectAlerts,
  selectReferenceList,
  updateAlert as updateAlertRow,
} from "./queries.ts";

// ---- Alert types and frequencies (reference data, the same for every account) ----

async function referenceList(ctx: AppContext, table: ReferenceTable, url: string) {
  const rows = await selectReferenceList(ctx.database.db, table);
  return halPage(table, rows, rows.length, { url, page: 1, perPage: Math.max(rows.length, 25) });
}

async function referenceItem(ctx: AppContext, table: ReferenceTable, idText: string): Promise<TAlertReference> {
  const id = Number(idText);
  const row = Number.isInteger(id) ? await findReference(ctx.database.db, table, id) : undefined;
  if (!row) throw AppError.notFound();
  return row;
}

/** GET /api/alert_types. */
export function listAlertTypes(ctx: AppContext, url: string): Promise<TAlertTypeList> {
  return referenceList(ctx, "alert_types", url);
}
export function getAlertType(ctx: AppContext, id: string) {
  return referenceItem(ctx, "alert_types", id);
}
/** GET /api/alert_frequencies. */
export function listAlertFrequencies(ctx: AppContext, url: string): Promise<TAlertFrequencyList> {
  return referenceList(ctx, "alert_frequencies", url);
}
export function getAlertFrequency(ctx: AppContext, id: string) {
  return referenceItem(ctx, "alert_frequencies", id);
}

// ---- The signed-in user's alerts ----

/**
 * Presents alerts as they stand: an enabled alert whose owner used an unsubscribe link since it was last
 * switched on is switched off first (so the list shows what the e-mails will do).
 */
async function present(ctx: AppContext, rows: AlertRow[]): Promise<TAlert[]> {
  const off = await disableUnsubscribedAlerts(
    ctx,
    rows.filter((r) => r.enabled).map((r) => r.id),
  );
  return rows.map((row) => presentAlert(off.has(row.id) ? { ...row, enabled: false } : row));
}

/** GET /api/alerts: the signed-in user's alerts in the account (the signed-in one, or `account_id`). */
export async function listAlerts(
  ctx: AppContext,
  actor: Actor,
  query: TAlertListQuery,
  url: string,
): Promise<TAlertList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "alerts",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countAlerts(db, accountId, actor.user.id),
    rows: (limit, offset) => selectAlerts(db, accountId, actor.user.id, query, limit, offset),
    present: (rows) => present(ctx, rows),
  });
}

/** One of the actor's own alerts in a reachable account; anything else (another user's too) answers 404. */
async function findMine(ctx: AppContext, actor: Actor, id: string, action: "read" | "update") {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findAlert(scoped(ctx.database.db, actor), id, actor.user.id);
  if (!row) throw AppError.notFound();
  authorize(actor, action, alertPolicy, row);
  return row;
}

export async function getAlert(ctx: AppContext, actor: Actor, id: string): Promise<TAlert> {
  const [item] = await present(ctx, [await findMine(ctx, actor, id, "read")]);
  return item!;
}

/** The filters as stored: each location the account's, each source known (else 400 on the list), ratings sorted. */
async function filtersOf(ctx: AppContext, accountId: string, f: TAlertFilters) {
  const db = ctx.database.db;
  const locations = [...new Set(f.location_ids ?? [])];
  if (locations.some((id) => !isUuid(id))) throw AppError.invalid("filters.location_ids", "Unknown location.");
  if ((await locationsOfAccount(db, accountId, locations)).length !== locations.length)
    throw AppError.invalid("filters.location_ids", "Unknown location.");
  const sources = [...new Set(f.source_ids ?? [])];
  if (sources.some((id) => !isUuid(id))) throw AppError.invalid("filters.source_ids", "Unknown source.");
  if ((await existingSources(db, sources)).length !== sources.length)
    throw AppError.invalid("filters.source_ids", "Unknown source.");
  const ratings = [...new Set(f.ratings ?? [])].sort((a, b) => a - b);
  return JSON.stringify({ location_ids: locations, source_ids: sources, ratings });
}

/** Checks the type, the frequency and the filters sent (400 with the field); answers the columns to write. */
async function valuesOf(ctx: AppContext, accountId: string, input: TAlertPatch, existing: AlertRow | null) {
  const db = ctx.database.db;
  const values: AlertValues = {};
  if (input.alert_type_id !== undefined) {
    if (!(await findReference(db, "alert_types", input.alert_type_id)))
      throw AppError.invalid("alert_type_id", "Unknown alert type.");
    values.alert_type_id = input.alert_type_id;
  }
  if (input.alert_frequency_id !== undefined) {
    if (!(await findReference(db, "alert_frequencies", input.alert_frequency_id)))
      throw AppError.invalid("alert_frequency_id", "Unknown alert frequency.");
    values.alert_frequency_id = input.alert_frequency_id;
  }
  if (input.filters !== undefined) values.filters = await filtersOf(ctx, accountId, input.filters);
  if (input.enabled !== undefined) values.enabled = input.enabled;
  // Switching an alert on again outweighs an unsubscribe link used before.
  if (input.enabled === true && (!existing || existing.enabled === false)) values.enabled_at = new Date();
  return values;
}

/** POST /api/alerts: an alert of the signed-in user, enabled unless said otherwise. */
export async function createAlert(ctx: AppContext, actor: Actor, input: TAlertCreate): Promise<TAlert> {
  const { account_id, ...fields } = input;
  const accountId = accountIdFor(actor, account_id);
  const enabled = fields.enabled ?? true;
  const values = await valuesOf(ctx, accountId, { ...fields, enabled, filters: fields.filters ?? {} }, null);
  const row = await insertAlert(ctx.database.db, {
    account_id: accountId,
    user_id: actor.user.id,
    alert_type_id: fields.alert_type_id,
    alert_frequency_id: fields.alert_frequency_id,
    filters: values.filters ?? "{}",
    enabled,
  });
  return presentAlert(row);
}

/** PATCH and PUT /api/alerts/{id}: writes the fields sent. */
export async function updateAlert(ctx: AppContext, actor: Actor, id: string, input: TAlertPatch): Promise<TAlert> {
  const alert = await findMine(ctx, actor, id, "update");
  const values = await valuesOf(ctx, alert.account_id, input, alert);
  const row = Object.keys(values).length > 0 ? await updateAlertRow(ctx.database.db, alert.id, values) : alert;
  const [item] = await present(ctx, [row]);
  return item!;
}

/** DELETE /api/alerts/{id}. */
export async function deleteAlert(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const alert = await findMine(ctx, actor, id, "update");
  await deleteAlertRow(ctx.database.db, alert.id);
  return null;
}
