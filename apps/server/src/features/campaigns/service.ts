import { Readable } from "node:stream";
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES as M,
  type TCampaign,
  type TCampaignList,
  type TCampaignOverview,
  type TCampaignRecipientList,
  type TCampaignWrite,
} from "@starboard/contract/campaigns";
import { REQUEST_TEMPLATE_LIMITS } from "@starboard/contract/request-template-render";
import { requestTypeOf } from "@starboard/contract/request-templates";
import { feedbackSelectorType, type TCampaignStatus } from "@starboard/contract/requests";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import type { Kysely, Updateable } from "kysely";
import type { CampaignsTable, DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { assertAskEnabled, validateMessage } from "../request-templates/index.ts";
import { campaignPolicy } from "./policy.ts";
import { CAMPAIGN_CSV_COLUMNS, presentCampaign, presentRecipient } from "./presenter.ts";
import type { CampaignFilter, CampaignRow } from "./queries.ts";
import * as q from "./queries.ts";

/** The job the sending engine (features/request-sending) answers: creates the campaign's requests. */
export const CAMPAIGN_START_JOB = "requests.campaign.start";

async function present(db: Kysely<DB>, rows: CampaignRow[]) {
  const counts = await q.campaignCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentCampaign(r, counts.get(r.id) as never));
}

async function presentOne(db: Kysely<DB>, row: CampaignRow) {
  return (await present(db, [row]))[0] as TCampaign;
}

/** GET /api/campaigns. */
export async function listCampaigns(
  ctx: AppContext,
  actor: Actor,
  query: CampaignFilter & { account_id?: string; page: number; per_page: number },
  url: string,
): Promise<TCampaignList> {
  const accountId = accountIdFor(actor, query.account_id);
  if (query.location_id !== undefined && !isUuid(query.location_id))
    throw AppError.invalid("location_id", "Invalid id");
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "campaigns",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => q.countCampaigns(db, accountId, query),
    rows: (limit, offset) => q.selectCampaigns(db, accountId, query, limit, offset),
    present: (rows) => present(ctx.database.db, rows),
  });
}

/** GET /api/campaign/overview: per campaign the counts of its requests, and the totals. */
export async function campaignOverview(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string; location_id?: string; status?: TCampaignStatus },
): Promise<TCampaignOverview> {
  const accountId = accountIdFor(actor, query.account_id);
  if (query.location_id !== undefined && !isUuid(query.location_id))
    throw AppError.invalid("location_id", "Invalid id");
  const rows = await q.selectCampaigns(scoped(ctx.database.db, actor), accountId, query);
  const counts = await q.campaignCounts(
    ctx.database.db,
    rows.map((r) => r.id),
  );
  const totals = { ...(counts.values().next().value ?? {}) } as TCampaignOverview["totals"];
  for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] = 0;
  const campaigns = rows.map((r) => {
    const c = counts.get(r.id) as TCampaignOverview["totals"];
    for (const k of Object.keys(c) as (keyof typeof c)[]) totals[k] = (totals[k] ?? 0) + c[k];
    return { campaign_id: r.id, name: r.name, status: r.status, request_type: r.request_type, counts: c };
  });
  if (rows.length === 0)
    for (const k of [
      "recipients",
      "requests",
      "queued",
      "held",
      "skipped",
      "sent",
      "delivered",
      "failed",
      "opened",
      "clicked",
      "completed",
    ] as const)
      totals[k] = 0;
  return { totals, campaigns };
}

async function findCampaign(ctx: AppContext, actor: Actor, id: string, action: "read" | "create" | "delete") {
  const row = await scoped(ctx.database.db, actor).find("campaigns", id);
  authorize(actor, action, campaignPolicy, row);
  return row;
}

export async function getCampaign(ctx: AppContext, actor: Actor, id: string): Promise<TCampaign> {
  return presentOne(ctx.database.db, await findCampaign(ctx, actor, id, "read"));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function idsOrThrow(field: string, ids: string[]) {
  for (const id of ids) if (!isUuid(id)) throw AppError.invalid(field, "Invalid id");
  return [...new Set(ids)];
}

/**
 * Checks and resolves a campaign write against the account (400 with the field): locations, template,
 * review sites (never one that forbids asking), feedback type, sender, message fields.
 */
async function resolveWrite(ctx: AppContext, accountId: string, input: TCampaignWrite, existing?: CampaignRow) {
  const db = ctx.database.db;
  const values: Updateable<CampaignsTable> = {};
  const requestType = requestTypeOf(input) ?? existing?.request_type;
  if (!requestType) throw AppError.invalid("request_type", "Choose e-mail or SMS");
  values.request_type = requestType;

  if (input.name !== undefined || !existing) {
    const name = (input.name ?? "").trim();
    if (!name) throw AppError.invalid("name", "Name is required");
    if ([...name].length > CAMPAIGN_LIMITS.name)
      throw AppError.invalid("name", `At most ${CAMPAIGN_LIMITS.name} characters`);
    values.name = name;
  }
  if (input.status !== undefined && input.status !== "draft" && input.status !== existing?.status)
    throw AppError.invalid("status", "Send, schedule or cancel the campaign to change its status");

  if (input.location_id !== undefined || input.location_ids !== undefined || !existing) {
    const ids = idsOrThrow(
      input.location_ids !== undefined ? "location_ids" : "location_id",
      input.location_ids ?? (input.location_id ? [input.location_id] : []),
    );
    if (ids.length === 0) throw AppError.invalid("location_id", "Choose a location");
    const known = await q.accountLocationIds(db, accountId, ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown)
      throw AppError.invalid(input.location_ids !== undefined ? "location_ids" : "location_id", "Unknown location");
    values.location_ids = ids;
    values.location_id = ids[0] ?? null;
    values.is_multi = ids.length > 1;
  }

  if (input.template_id !== undefined) {
    if (input.template_id === null) values.template_id = null;
    else {
      const template = isUuid(input.template_id)
        ? await q.findTemplateRow(db, accountId, input.template_id)
        : undefined;
      if (!template) throw AppError.invalid("template_id", "Unknown template");
      if (template.request_type !== requestType)
        throw AppError.invalid(
          "template_id",
          requestType === "sms" ? "Choose an SMS template" : "Choose an e-mail template",
        );
      values.template_id = template.id;
    }
  }

  if (input.url_ids !== undefined) {
    const ids = idsOrThrow("url_ids", input.url_ids);
    const urls = await q.accountUrls(db, accountId, ids);
    const byId = new Map(urls.map((u) => [u.id, u]));
    for (const id of ids) {
      const url = byId.get(id);
      if (!url) throw AppError.invalid("url_ids", M.unknownSite);
      if (url.forbidden) throw AppError.invalid("url_ids", M.forbiddenSite);
    }
    values.url_ids = ids;
  }
  if (input.auto_select_sources !== undefined) values.auto_select_sources = input.auto_select_sources;

  if (input.feedback_configuration !== undefined) {
    const selector = feedbackSelectorType(input.feedback_configuration.selector_type);
    let microsurveyId: string | null = null;
    if (selector === "microsurvey") {
      const id = input.feedback_configuration.microsurvey_id;
      if (!id || !isUuid(id) || !(await q.accountMicrosurveyExists(db, accountId, id)))
        throw AppError.invalid("feedback_configuration.microsurvey_id", "Choose a microsurvey");
      microsurveyId = id;
    }
    values.feedback_configuration = JSON.stringify({ selector_type: selector, microsurvey_id: microsurveyId });
    values.microsurvey_id = microsurveyId;
  }

  if (input.sender_email !== undefined) {
    const email = input.sender_email?.trim() || null;
    if (email && !EMAIL.test(email)) throw AppError.invalid("sender_email", "Enter a valid e-mail address");
    values.sender_email = email;
  }
  if (input.sender_name !== undefined) {
    const name = input.sender_name?.trim() || null;
    if (name && name.length > 100) throw AppError.invalid("sender_name", "At most 100 characters");
    values.sender_name = name;
  }
  if (input.layout_id !== undefined) values.layout_id = input.layout_id;
  for (const k of ["subject", "content", "header_text", "header_image"] as const)
    if (input[k] !== undefined) values[k] = input[k] || null;
  if (input.use_header_image !== undefined) values.use_header_image = input.use_header_image;

  // The campaign's own copy of the message, when it has one, follows the template rules.
  const content = values.content !== undefined ? values.content : existing?.content;
  if (content) {
    const pick = <K extends "subject" | "header_text" | "header_image">(k: K) =>
      (values[k] !== undefined ? values[k] : existing?.[k]) as string | null;
    validateMessage({
      request_type: requestType,
      subject: requestType === "sms" ? null : pick("subject"),
      content,
      header_text: requestType === "sms" ? null : pick("header_text"),
      header_image: requestType === "sms" ? null : pick("header_image"),
      use_header_image: false,
      feedback_type: "nps",
    });
  } else if (values.subject && [...values.subject].length > REQUEST_TEMPLATE_LIMITS.subject) {
    throw AppError.invalid("subject", `At most ${REQUEST_TEMPLATE_LIMITS.subject} characters`);
  }
  return values;
}

/** Recipients named by contact ids, and those an upload accepted (only while a draft). */
async function applyRecipients(trx: Kysely<DB>, accountId: string, campaignId: string, input: TCampaignWrite) {
  if (input.recipients?.length) {
    const ids = idsOrThrow("recipients", input.recipients);
    const known = await q.accountContactIds(trx, accountId, ids);
    if (ids.some((id) => !known.has(id))) throw AppError.invalid("recipients", "Unknown customer");
    await q.addRecipients(trx, campaignId, ids);
  }
  if (input.remove_recipients?.length)
    await q.removeRecipients(trx, campaignId, idsOrThrow("remove_recipients", input.remove_recipients));
  if (input.upload_id !== undefined) {
    const upload = isUuid(input.upload_id) ? await q.findUpload(trx, accountId, input.upload_id) : undefined;
    if (!upload || upload.kind === "image") throw AppError.invalid("upload_id", "Unknown upload");
    if (upload.status !== "complete") throw AppError.invalid("upload_id", "The upload is not complete yet");
    await q.addUploadRecipients(trx, campaignId, upload.id);
  }
}

const touchesRecipients = (input: TCampaignWrite) =>
  Boolean(input.recipients?.length || input.remove_recipients?.length || input.upload_id !== undefined);

/** POST /api/campaigns: a draft. */
export async function createCampaign(ctx: AppContext, actor: Actor, input: TCampaignWrite): Promise<TCampaign> {
  const accountId = accountIdFor(actor, input.account_id);
  const requestType = requestTypeOf(input);
  await assertAskEnabled(ctx.database.db, accountId, requestType);
  const values = await resolveWrite(ctx, accountId, input);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const created = await q.insertCampaign(trx, {
      ...(values as Required<Pick<CampaignsTable, "name" | "request_type">>),
      ...values,
      account_id: accountId,
      name: values.name as string,
      request_type: values.request_type as "email" | "sms",
      created_by_user_id: actor.user.id,
    } as never);
    await applyRecipients(trx, accountId, created.id, input);
    return created;
  });
  return presentOne(ctx.database.db, row);
}

/** PATCH /api/campaigns/{id}: only a draft changes (409 otherwise). */
export async function updateCampaign(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TCampaignWrite,
): Promise<TCampaign> {
  accountIdFor(actor, input.account_id);
  const existing = await findCampaign(ctx, actor, id, "create");
  await assertAskEnabled(ctx.database.db, existing.account_id, requestTypeOf(input) ?? existing.request_type);
  if (existing.status !== "draft")
    throw AppError.conflict(M.notDraft, touchesRecipients(input) ? "recipients" : "status");
  const values = await resolveWrite(ctx, existing.account_id, input, existing);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const locked = await q.lockCampaign(trx, existing.id);
    if (locked.status !== "draft") throw AppError.conflict(M.notDraft, "status");
    await applyRecipients(trx, existing.account_id, existing.id, input);
    return q.updateCampaign(trx, existing.id, values);
  });
  return presentOne(ctx.database.db, row);
}

/** DELETE /api/campaigns/{id}: a draft or cancelled campaign. */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findCampaign(ctx, actor, id, "delete");
  if (row.status !== "draft" && row.status !== "cancelled")
    throw AppError.conflict("Only a draft or cancelled campaign can be deleted", "status");
  await q.deleteCampaign(ctx.database.db, row.id);
  return null;
}

/** What a campaign needs before it may go: recipients and a message (its own or its template's). */
async function assertSendable(trx: Kysely<DB>, c: CampaignRow) {
  if ((await q.countRecipients(trx, c.id)) === 0) throw AppError.invalid("recipients", M.noRecipients);
  if (!c.content && !c.template_id) throw AppError.invalid("template_id", "Choose a template");
  if (!c.content && c.template_id && !(await q.findTemplateRow(trx, c.account_id, c.template_id)))
    throw AppError.invalid("template_id", "Choose a template");
}

/**
 * Moves the campaign to `to` and, in the SAME transaction, enqueues the start job (H3's
 * `requests.campaign.start`): the job exists exactly when the status change commits.
 */
async function transition(
  ctx: AppContext,
  actor: Actor,
  id: string,
  from: TCampaignStatus[],
  conflict: string,
  change: (c: CampaignRow) => Updateable<CampaignsTable>,
  startAfter?: Date,
) {
  const existing = await findCampaign(ctx, actor, id, "create");
  await assertAskEnabled(ctx.database.db, existing.account_id, existing.request_type);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const c = await q.lockCampaign(trx, existing.id);
    if (!from.includes(c.status)) throw AppError.conflict(conflict, "status");
    const values = change(c);
    if (values.status === "sending" || values.status === "scheduled") await assertSendable(trx, c);
    const updated = await q.updateCampaign(trx, c.id, values);
    if (values.status === "sending" || values.status === "scheduled")
      await ctx.jobs.send(CAMPAIGN_START_JOB, { campaignId: c.id }, { trx, ...(startAfter ? { startAfter } : {}) });
    return updated;
  });
  return presentOne(ctx.database.db, row);
}

/** POST /api/campaigns/{id}/send: now. */
export function sendCampaign(ctx: AppContext, actor: Actor, id: string, accountId?: string) {
  accountIdFor(actor, accountId);
  return transition(ctx, actor, id, ["draft", "scheduled"], M.cannotSend, () => ({
    status: "sending",
    started_at: new Date(),
    scheduled_at: null,
  }));
}

/** POST /api/campaigns/{id}/schedule: later (the start job waits until then). */
export function scheduleCampaign(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { account_id?: string; scheduled_at?: string },
) {
  accountIdFor(actor, body.account_id);
  const at = body.scheduled_at ? new Date(body.scheduled_at) : null;
  if (!at || Number.isNaN(at.getTime())) throw AppError.invalid("scheduled_at", "Choose a date and time");
  if (at.getTime() <= Date.now()) throw AppError.invalid("scheduled_at", M.scheduleInPast);
  if (at.getTime() > Date.now() + CAMPAIGN_LIMITS.scheduleDays * 86_400_000)
    throw AppError.invalid("scheduled_at", `At most ${CAMPAIGN_LIMITS.scheduleDays} days ahead`);
  return transition(ctx, actor, id, ["draft"], M.cannotSchedule, () => ({ status: "scheduled", scheduled_at: at }), at);
}

/** POST /api/campaigns/{id}/cancel: requests not yet sent are not sent (the sending engine checks the status). */
export function cancelCampaign(ctx: AppContext, actor: Actor, id: string, accountId?: string) {
  accountIdFor(actor, accountId);
  return transition(ctx, actor, id, ["draft", "scheduled", "sending"], M.cannotCancel, () => ({
    status: "cancelled",
    cancelled_at: new Date(),
  }));
}

/** GET /api/campaigns/{id}/requests: each recipient and its request's status, by name. */
export async function listCampaignRequests(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: { account_id?: string; page: number; per_page: number; status?: string },
  url: string,
): Promise<TCampaignRecipientList> {
  accountIdFor(actor, query.account_id);
  const c = await findCampaign(ctx, actor, id, "read");
  const db = ctx.database.db;
  return offsetPage({
    key: "requests",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => q.countCampaignRecipients(db, c.id, query.status),
    rows: (limit, offset) => q.selectCampaignRecipients(db, c.id, query.status, limit, offset),
    present: (rows) => rows.map((r) => presentRecipient(r, c.request_type)),
  });
}

/** GET /api/export/csv/campaigns: the campaigns with their counts. */
export async function campaignsCsv(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string; status?: TCampaignStatus },
  reply: FastifyReply,
): Promise<Readable> {
  const accountId = accountIdFor(actor, query.account_id);
  const rows = await q.selectCampaigns(scoped(ctx.database.db, actor), accountId, query);
  const campaigns = await present(ctx.database.db, rows);
  const lines = campaigns.map((c) => ({
    ...c,
    ...c.counts,
    location_ids: c.location_ids.join(" "),
  }));
  const day = new Date().toISOString().slice(0, 10);
  reply.header("Content-Disposition", `attachment; filename="campaigns-${day}.csv"`);
  reply.header("Cache-Control", "private, no-store");
  return Readable.from([stringify(lines, { header: true, columns: [...CAMPAIGN_CSV_COLUMNS] })]);
}
