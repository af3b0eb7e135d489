import { CAMPAIGN_MESSAGES } from "@starboard/contract/campaigns";
import {
  REQUEST_TEMPLATE_LIMITS as L,
  REQUEST_TEMPLATE_SAMPLES,
  renderRequestMessage,
  scoreLink,
  type TRenderableTemplate,
  unknownPlaceholders,
} from "@starboard/contract/request-template-render";
import {
  requestTypeOf,
  type TRequestTemplate,
  type TRequestTemplateList,
  type TRequestTemplatePreview,
  type TRequestTemplateWrite,
} from "@starboard/contract/request-templates";
import { feedbackSelectorType } from "@starboard/contract/requests";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountName, accountSettingOn } from "../accounts/index.ts";
import { templatePolicy } from "./policy.ts";
import { presentTemplate } from "./presenter.ts";
import { countTemplates, insertTemplate, selectTemplates, type TemplateRow, updateTemplate } from "./queries.ts";

/** 403 unless the account has the ask tool (and, for SMS, text message requests). */
export async function assertAskEnabled(db: Kysely<DB>, accountId: string, channel?: "email" | "sms") {
  if (!(await accountSettingOn(db, accountId, "ask"))) throw AppError.forbidden(CAMPAIGN_MESSAGES.askOff);
  if (channel === "sms" && !(await accountSettingOn(db, accountId, "sms_requests")))
    throw AppError.forbidden(CAMPAIGN_MESSAGES.smsOff);
}

/** The message fields of a template or a campaign, as they will be sent. */
export interface MessageFields {
  request_type: "email" | "sms";
  subject: string | null;
  content: string;
  header_text: string | null;
  header_image: string | null;
  use_header_image: boolean;
  feedback_type: string;
}

function tooLong(field: string, value: string | null | undefined, max: number) {
  if (value && [...value].length > max) throw AppError.invalid(field, `At most ${max} characters`);
}

/**
 * Checks a message's fields (docs/api.md "Templates"): placeholders known, lengths within
 * REQUEST_TEMPLATE_LIMITS, the header image an http(s) address, an SMS within its parts.
 * Throws 400 with the field.
 */
export function validateMessage(m: MessageFields) {
  for (const field of ["subject", "header_text", "content"] as const) {
    const unknown = unknownPlaceholders(m[field]);
    if (unknown.length > 0)
      throw AppError.invalid(field, `Unknown placeholder ${unknown.map((u) => `{${u}}`).join(", ")}`);
  }
  tooLong("subject", m.subject, L.subject);
  tooLong("header_text", m.header_text, L.header_text);
  tooLong("content", m.content, m.request_type === "sms" ? L.sms_content : L.email_content);
  if (m.header_image && !/^(https?:\/\/|\/)[^\s]+$/.test(m.header_image))
    throw AppError.invalid("header_image", "An image address (http or https)");
  if (m.request_type === "sms") {
    const rendered = renderRequestMessage(m, REQUEST_TEMPLATE_SAMPLES, {
      link: (score) =>
        score === undefined
          ? "https://sb.example/r/xxxxxxxxxxxxxxxxxxxxxx"
          : scoreLink("https://sb.example/r/xxxxxxxxxxxxxxxxxxxxxx", score),
    });
    const parts = rendered.sms?.segments ?? 0;
    if (parts > L.sms_segments)
      throw AppError.invalid("content", `This text message takes ${parts} parts; at most ${L.sms_segments}`);
  }
}

/** GET /api/templates. */
export async function listTemplates(
  ctx: AppContext,
  actor: Actor,
  query: { account_id?: string; page: number; per_page: number; keywords?: string; request_type?: "email" | "sms" },
  url: string,
): Promise<TRequestTemplateList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "templates",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countTemplates(db, accountId, query),
    rows: (limit, offset) => selectTemplates(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentTemplate),
  });
}

/** A template of a reachable account (not deleted), or 404. */
export async function findTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: "read" | "update" | "delete",
): Promise<TemplateRow> {
  const row = await scoped(ctx.database.db, actor).find("request_templates", id);
  if (row.deleted_at) throw AppError.notFound();
  authorize(actor, action, templatePolicy, row);
  return row;
}

export async function getTemplate(ctx: AppContext, actor: Actor, id: string): Promise<TRequestTemplate> {
  return presentTemplate(await findTemplate(ctx, actor, id, "read"));
}

function merged(input: TRequestTemplateWrite, existing?: TemplateRow): MessageFields & { name: string } {
  const type = requestTypeOf(input) ?? existing?.request_type;
  if (!type) throw AppError.invalid("request_type", "Choose e-mail or SMS");
  const pick = <K extends keyof TRequestTemplateWrite & keyof TemplateRow>(k: K) =>
    (input[k] !== undefined ? input[k] : existing?.[k]) as never;
  return {
    name: (pick("name") ?? "") as string,
    request_type: type,
    subject: type === "sms" ? null : (pick("subject") ?? null),
    content: (pick("content") ?? "") as string,
    header_text: type === "sms" ? null : (pick("header_text") ?? null),
    header_image: type === "sms" ? null : (pick("header_image") ?? null),
    use_header_image: type === "sms" ? false : Boolean(pick("use_header_image")),
    feedback_type: feedbackSelectorType(input.feedback_type ?? existing?.feedback_type),
  };
}

function checkTemplate(input: TRequestTemplateWrite, fields: MessageFields & { name: string }) {
  if (!fields.name.trim()) throw AppError.invalid("name", "Name is required");
  tooLong("name", fields.name, L.name);
  if (!fields.content.trim()) throw AppError.invalid("content", "Content is required");
  if (input.resource_id && !isUuid(input.resource_id)) throw AppError.invalid("resource_id", "Invalid id");
  validateMessage(fields);
}

/** POST /api/templates. */
export async function createTemplate(
  ctx: AppContext,
  actor: Actor,
  input: TRequestTemplateWrite,
): Promise<TRequestTemplate> {
  const accountId = accountIdFor(actor, input.account_id);
  const fields = merged(input);
  await assertAskEnabled(ctx.database.db, accountId, fields.request_type);
  checkTemplate(input, fields);
  const row = await insertTemplate(ctx.database.db, {
    account_id: accountId,
    ...fields,
    name: fields.name.trim(),
    layout_id: input.layout_id ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
    resource_id: input.resource_id ?? null,
    resource_type: input.resource_type ?? null,
    created_by_user_id: actor.user.id,
  });
  return presentTemplate(row);
}

/** PATCH /api/templates/{id}. */
export async function updateTemplateFields(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TRequestTemplateWrite,
): Promise<TRequestTemplate> {
  accountIdFor(actor, input.account_id);
  const existing = await findTemplate(ctx, actor, id, "update");
  const fields = merged(input, existing);
  await assertAskEnabled(ctx.database.db, existing.account_id, fields.request_type);
  checkTemplate(input, fields);
  const row = await updateTemplate(ctx.database.db, existing.id, {
    ...fields,
    name: fields.name.trim(),
    ...(input.layout_id !== undefined ? { layout_id: input.layout_id } : {}),
    ...(input.metadata !== undefined ? { metadata: JSON.stringify(input.metadata) } : {}),
    ...(input.resource_id !== undefined ? { resource_id: input.resource_id } : {}),
    ...(input.resource_type !== undefined ? { resource_type: input.resource_type } : {}),
  });
  return presentTemplate(row);
}

/** DELETE /api/templates/{id}: kept for the campaigns that used it (deleted_at). */
export async function deleteTemplate(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await findTemplate(ctx, actor, id, "delete");
  await updateTemplate(ctx.database.db, row.id, { deleted_at: new Date() });
  return null;
}

/** The sample link of previews: the location's review request landing page address shape. */
export function previewLink(ctx: AppContext) {
  const base = `${ctx.config.publicUrl}/r/preview`;
  return (score?: number) => (score === undefined ? base : scoreLink(base, score));
}

/** Renders a message with the sample customer and the account's name (preview). */
export async function renderPreview(
  ctx: AppContext,
  accountId: string,
  m: TRenderableTemplate,
  feedbackType?: unknown,
  locationName?: string | null,
): Promise<TRequestTemplatePreview> {
  const business = (await accountName(ctx.database.db, accountId)) || REQUEST_TEMPLATE_SAMPLES.business_name;
  const out = renderRequestMessage(
    m,
    {
      ...REQUEST_TEMPLATE_SAMPLES,
      business_name: business,
      location_name: locationName ?? REQUEST_TEMPLATE_SAMPLES.location_name,
    },
    { link: previewLink(ctx), unsubscribe: `${ctx.config.publicUrl}/unsubscribe/requests/preview`, feedbackType },
  );
  return {
    channel: out.channel,
    feedback_type: out.feedbackType,
    subject: out.subject,
    text: out.text,
    html: out.html,
    sms: out.sms,
  };
}

/** POST /api/templates/preview: the template as sent (sample customer), without saving it. */
export async function previewTemplate(
  ctx: AppContext,
  actor: Actor,
  input: TRequestTemplateWrite,
): Promise<TRequestTemplatePreview> {
  const accountId = accountIdFor(actor, input.account_id);
  const fields = merged(requestTypeOf(input) ? input : { ...input, request_type: "email" });
  validateMessage(fields);
  return renderPreview(ctx, accountId, fields);
}
