import { scheduleExportDateBlocker, type TDateDescriptor } from "@starboard/contract/date-ranges";
import {
  SCHEDULED_EXPORT_MESSAGES as M,
  SCHEDULE_DEFAULTS,
  SCHEDULED_EXPORT_BODY_MAX,
  SCHEDULED_EXPORT_NAME_MAX,
  SCHEDULED_EXPORT_RECIPIENTS_MAX,
  SCHEDULED_EXPORT_TYPES_WITH_RESOURCE,
  type TScheduledExport,
  type TScheduledExportFilters,
  type TScheduledExportList,
  type TScheduledExportListQuery,
  type TScheduledExportType,
  type ZScheduledExportCreateSchema,
  type ZScheduledExportPatchSchema,
} from "@starboard/contract/scheduled-exports";
import type { z } from "zod";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountTimeZone } from "../accounts/index.ts";
import { isAdmin, scheduledExportPolicy } from "./policy.ts";
import { presentScheduledExport } from "./presenter.ts";
import {
  countScheduledExports,
  deleteScheduledExport as deleteRow,
  emailsOf,
  findScheduledExport,
  insertScheduledExport,
  type ScheduledExportRow,
  type ScheduledExportValues,
  SORTABLE,
  type SortColumn,
  selectScheduledExports,
  updateScheduledExport as updateRow,
  usersOfAccount,
} from "./queries.ts";
import { nextSendAfter } from "./schedule.ts";

type Create = z.output<typeof ZScheduledExportCreateSchema>;
type Patch = z.output<typeof ZScheduledExportPatchSchema>;

async function present(ctx: AppContext, rows: ScheduledExportRow[]): Promise<TScheduledExport[]> {
  const emails = await emailsOf(ctx.database.db, [...new Set(rows.flatMap((r) => r.recipient_user_ids ?? []))]);
  return rows.map((r) => presentScheduledExport(r, emails));
}

const listOf = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(","));

/** `sort=-last_sent_at` or `sort[by]` / `sort[order]`; newest first otherwise. */
function sortOf(query: TScheduledExportListQuery): { by: SortColumn; order: "asc" | "desc" } {
  const raw = query.sort ?? query["sort[by]"];
  if (!raw) return { by: "created_at", order: "desc" };
  const desc = raw.startsWith("-") || query["sort[order]"]?.toLowerCase() === "desc";
  const by = raw.replace(/^[-+]/, "") as SortColumn;
  if (!SORTABLE.includes(by)) throw AppError.invalid("sort", `Sort by one of ${SORTABLE.join(", ")}`);
  return { by, order: desc ? "desc" : "asc" };
}

/** GET /api/scheduled_exports: an Admin sees everyone's (or one user's with created_by_user_id), others their own. */
export async function listScheduledExports(
  ctx: AppContext,
  actor: Actor,
  query: TScheduledExportListQuery,
  url: string,
): Promise<TScheduledExportList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  const requested = query.created_by_user_id || undefined;
  const filter = {
    accountId,
    createdBy: isAdmin(actor) ? requested : actor.user.id,
    exportTypes: [...listOf(query.export_type), ...listOf(query["export_type[]"])].filter(Boolean),
  };
  const sort = sortOf(query);
  return offsetPage({
    key: "scheduled_exports",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countScheduledExports(db, filter),
    rows: (limit, offset) => selectScheduledExports(db, filter, sort, limit, offset),
    present: (rows) => present(ctx, rows),
  });
}

/** A scheduled export the actor may see: another account's, or (for a non-Admin) another user's, answers 404. */
async function findVisible(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findScheduledExport(scoped(ctx.database.db, actor), id);
  if (!row || (!isAdmin(actor) && row.created_by_user_id !== actor.user.id)) throw AppError.notFound();
  authorize(actor, action, scheduledExportPolicy, row);
  return row;
}

export async function getScheduledExport(ctx: AppContext, actor: Actor, id: string): Promise<TScheduledExport> {
  const [item] = await present(ctx, [await findVisible(ctx, actor, id, "read")]);
  return item!;
}

interface Fields {
  export_type: TScheduledExportType;
  resource_id: string | null;
  email_subject: string;
  email_body: string;
  email_frequency: "daily" | "weekly" | "monthly";
  scheduled_time: string;
  scheduled_day: string | null;
  scheduled_day_of_month: number | null;
  date_range_legend: TDateDescriptor | null;
  filters: TScheduledExportFilters;
  recipient_user_ids: string[];
}

/** Checks every field with the spec's messages (docs/product/platform.md §5); answers the columns to write. */
async function valuesOf(ctx: AppContext, accountId: string, f: Fields): Promise<ScheduledExportValues> {
  const name = f.email_subject.trim();
  if (!name) throw AppError.invalid("email_subject", M.nameRequired);
  if (name.length > SCHEDULED_EXPORT_NAME_MAX) throw AppError.invalid("email_subject", M.nameTooLong);
  const body = (f.email_body ?? "").trim();
  if (body.length > SCHEDULED_EXPORT_BODY_MAX) throw AppError.invalid("email_body", M.bodyTooLong);
  const resourceId = f.resource_id?.trim() || null;
  if (SCHEDULED_EXPORT_TYPES_WITH_RESOURCE.includes(f.export_type) && !resourceId)
    throw AppError.invalid("resource_id", M.resourceRequired);
  const blocker = scheduleExportDateBlocker(f.date_range_legend);
  if (blocker) throw AppError.invalid("date_range_legend", blocker);
  const time = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(f.scheduled_time.trim());
  if (!time) throw AppError.invalid("scheduled_time", M.timeInvalid);
  const scheduledTime = `${time[1]!.padStart(2, "0")}:${time[2]}`;
  let day: string | null = null;
  let dayOfMonth: number | null = null;
  if (f.email_frequency === "weekly") day = f.scheduled_day ?? SCHEDULE_DEFAULTS.scheduled_day;
  if (f.email_frequency === "monthly") {
    dayOfMonth = f.scheduled_day_of_month ?? SCHEDULE_DEFAULTS.scheduled_day_of_month;
    if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31)
      throw AppError.invalid("scheduled_day_of_month", M.dayOfMonthInvalid);
  }
  const recipients = [...new Set(f.recipient_user_ids)];
  if (recipients.length === 0) throw AppError.invalid("recipient_user_ids", M.recipientsRequired);
  if (recipients.length > SCHEDULED_EXPORT_RECIPIENTS_MAX)
    throw AppError.invalid("recipient_user_ids", M.recipientsTooMany);
  if (recipients.some((id) => !isUuid(id))) throw AppError.invalid("recipient_user_ids", M.recipientNotInAccount);
  const users = await usersOfAccount(ctx.database.db, accountId, recipients);
  if (users.length !== recipients.length) throw AppError.invalid("recipient_user_ids", M.recipientNotInAccount);
  const filters = await filtersOf(ctx, accountId, f.export_type, f.filters);
  const schedule = {
    email_frequency: f.email_frequency,
    scheduled_time: scheduledTime,
    scheduled_day: day,
    scheduled_day_of_month: dayOfMonth,
  };
  const timeZone = await accountTimeZone(ctx.database.db, accountId);
  return {
    export_type: f.export_type,
    resource_id: resourceId,
    email_subject: name,
    email_body: body,
    ...schedule,
    date_range_legend: f.date_range_legend as string,
    filters: JSON.stringify(filters),
    recipient_user_ids: recipients,
    next_run_at: nextSendAfter(schedule, new Date(), timeZone),
  };
}

/** The filters as stored: empty ones dropped, locations and groups the account's, status_enum only for reviews, normalize_star_rating only for microsurvey responses. */
async function filtersOf(ctx: AppContext, accountId: string, type: string, input: TScheduledExportFilters) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = [...new Set(value)];
    } else out[key] = value;
  }
  if (type !== "reviews") delete out.status_enum;
  if (type !== "microsurvey_responses") delete out.normalize_star_rating;
  const db = ctx.database.db;
  for (const [key, table, message] of [
    ["location_id", "locations", "Unknown location."],
    ["group_id", "groups", "Unknown group."],
  ] as const) {
    const ids = (out[key] as string[] | undefined) ?? [];
    if (ids.length === 0) continue;
    if (ids.some((id) => !isUuid(id))) throw AppError.invalid(`filters.${key}`, message);
    const found = await db
      .selectFrom(table)
      .select("id")
      .where("account_id", "=", accountId)
      .where("id", "in", ids)
      .execute();
    if (found.length !== ids.length) throw AppError.invalid(`filters.${key}`, message);
  }
  return out;
}

/** POST /api/scheduled_exports. */
export async function createScheduledExport(ctx: AppContext, actor: Actor, input: Create): Promise<TScheduledExport> {
  const accountId = accountIdFor(actor, input.account_id);
  authorize(actor, "create", "scheduled_export");
  if (!input.export_type) throw AppError.invalid("export_type", M.exportTypeRequired);
  if (!input.email_frequency) throw AppError.invalid("email_frequency", M.frequencyRequired);
  const values = await valuesOf(ctx, accountId, {
    export_type: input.export_type,
    resource_id: input.resource_id ?? null,
    email_subject: input.email_subject ?? "",
    email_body: input.email_body ?? "",
    email_frequency: input.email_frequency,
    scheduled_time: input.scheduled_time ?? "",
    scheduled_day: input.scheduled_day ?? null,
    scheduled_day_of_month: input.scheduled_day_of_month ?? null,
    date_range_legend: input.date_range_legend ?? null,
    filters: input.filters ?? {},
    recipient_user_ids: input.recipient_user_ids ?? [],
  });
  const row = await insertScheduledExport(ctx.database.db, {
    ...values,
    account_id: accountId,
    created_by_user_id: actor.user.id,
  });
  const [item] = await present(ctx, [row]);
  return item!;
}

/** PATCH /api/scheduled_exports/{id}: the fields sent over the stored ones; a new frequency resets the other schedule fields. */
export async function updateScheduledExport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Patch,
): Promise<TScheduledExport> {
  const row = await findVisible(ctx, actor, id, "update");
  const frequencyChanged = input.email_frequency !== undefined && input.email_frequency !== row.email_frequency;
  const values = await valuesOf(ctx, row.account_id, {
    export_type: (input.export_type ?? row.export_type) as TScheduledExportType,
    resource_id: input.resource_id !== undefined ? input.resource_id : row.resource_id,
    email_subject: input.email_subject ?? row.email_subject,
    email_body: input.email_body !== undefined ? (input.email_body ?? "") : row.email_body,
    email_frequency: (input.email_frequency ?? row.email_frequency) as Fields["email_frequency"],
    scheduled_time: input.scheduled_time ?? row.scheduled_time,
    scheduled_day:
      input.scheduled_day !== undefined ? input.scheduled_day : frequencyChanged ? null : row.scheduled_day,
    scheduled_day_of_month:
      input.scheduled_day_of_month !== undefined
        ? input.scheduled_day_of_month
        : frequencyChanged
          ? null
          : row.scheduled_day_of_month,
    date_range_legend: (input.date_range_legend !== undefined
      ? input.date_range_legend
      : row.date_range_legend) as TDateDescriptor | null,
    filters: input.filters ?? ((row.filters ?? {}) as TScheduledExportFilters),
    recipient_user_ids: input.recipient_user_ids ?? row.recipient_user_ids ?? [],
  });
  const updated = await updateRow(ctx.database.db, row.id, values);
  const [item] = await present(ctx, [updated]);
  return item!;
}

/** DELETE /api/scheduled_exports/{id}. */
export async function deleteScheduledExport(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findVisible(ctx, actor, id, "delete");
  await deleteRow(ctx.database.db, row.id);
  return null;
}
