import {
  CUSTOMER_MESSAGES,
  type TContact,
  type TContactList,
  type TContactListQuery,
  type TContactWrite,
  type TDoNotContact,
  type TDoNotContactWrite,
  type TUpload,
  UPLOAD_REPORT_LIMIT,
} from "@starboard/contract/customers";
import type { TListQuery } from "@starboard/contract/hal";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountSettingOn } from "../accounts/index.ts";
import { normalizeEmail, normalizePhone } from "./normalize.ts";
import { contactPolicy } from "./policy.ts";
import { presentContact, presentDoNotContact, presentReportRow, presentUpload } from "./presenter.ts";
import {
  countContacts,
  countDoNotContact,
  deleteContactRow,
  deleteDoNotContactRow,
  findClash,
  findContact,
  findListed,
  findUpload,
  insertContact,
  insertDoNotContact,
  locationInAccount,
  reportRows,
  selectContacts,
  selectDoNotContact,
  updateContactRow,
} from "./queries.ts";

/** The `ask` account setting gates the tool on the server (reviews.md §6): 403 when it is off. */
export async function checkAskOn(db: Kysely<DB>, accountId: string) {
  if (!(await accountSettingOn(db, accountId, "ask"))) throw AppError.forbidden(CUSTOMER_MESSAGES.askOff);
}

/** The account a call acts in (404 for another's), with the tool on. */
export async function toolAccount(ctx: AppContext, actor: Actor, requested: string | undefined | null) {
  const accountId = accountIdFor(actor, requested);
  await checkAskOn(ctx.database.db, accountId);
  return accountId;
}

// ---- Customers ----

export async function listContacts(
  ctx: AppContext,
  actor: Actor,
  query: TContactListQuery,
  url: string,
): Promise<TContactList> {
  const accountId = await toolAccount(ctx, actor, query.account_id);
  if (query.location_id && !isUuid(query.location_id)) throw AppError.invalid("location_id", "Unknown location");
  if (query.upload_id && !isUuid(query.upload_id)) throw AppError.invalid("upload_id", "Unknown upload");
  const db = scoped(ctx.database.db, actor);
  // The phone is searched only when the words read as a number ("555-0142", "(512) 555"), never for the
  // digits inside a word ("mx0if49q" would otherwise match every number holding "049").
  const words = query.keywords?.trim() ?? "";
  const digits = /^[\d\s()+.-]+$/.test(words) ? words.replace(/\D/g, "") : "";
  const phone = digits.length >= 3 ? digits : null;
  return offsetPage({
    key: "contacts",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countContacts(db, accountId, query, phone),
    rows: (limit, offset) => selectContacts(db, accountId, query, phone, limit, offset),
    present: (rows) => rows.map(presentContact),
  });
}

async function loadContact(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const found = await scoped(ctx.database.db, actor).find("contacts", id);
  authorize(actor, action, contactPolicy, found);
  await checkAskOn(ctx.database.db, found.account_id);
  return found;
}

async function presentById(ctx: AppContext, id: string) {
  const row = await findContact(ctx.database.db, id);
  if (!row) throw AppError.notFound();
  return presentContact(row);
}

export async function getContact(ctx: AppContext, actor: Actor, id: string): Promise<TContact> {
  const row = await loadContact(ctx, actor, id, "read");
  return presentById(ctx, row.id);
}

/** The columns a write sets, each checked: 400 with the field, 404 for another account's location, 409 on a taken address. */
async function contactValues(
  ctx: AppContext,
  accountId: string,
  input: TContactWrite,
  current: { id: string; email: string | null; phone: string | null } | null,
) {
  const db = ctx.database.db;
  const values: Record<string, unknown> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) {
    const raw = input.email?.trim() ?? "";
    const email = raw === "" ? null : normalizeEmail(raw);
    if (raw !== "" && !email) throw AppError.invalid("email", CUSTOMER_MESSAGES.badEmail);
    if (email && (await findClash(db, accountId, "email", email, current?.id)))
      throw AppError.conflict(CUSTOMER_MESSAGES.emailTaken, "email");
    values.email = email;
  }
  if (input.phone !== undefined) {
    const raw = input.phone?.trim() ?? "";
    const phone = raw === "" ? null : normalizePhone(raw);
    if (raw !== "" && !phone) throw AppError.invalid("phone", CUSTOMER_MESSAGES.badPhone);
    if (phone && (await findClash(db, accountId, "phone", phone, current?.id)))
      throw AppError.conflict(CUSTOMER_MESSAGES.phoneTaken, "phone");
    values.phone = phone;
  }
  const email = "email" in values ? values.email : (current?.email ?? null);
  const phone = "phone" in values ? values.phone : (current?.phone ?? null);
  if (!email && !phone) throw AppError.invalid("email", CUSTOMER_MESSAGES.emailOrPhone);
  if (input.location_id !== undefined) {
    if (
      input.location_id &&
      !(isUuid(input.location_id) && (await locationInAccount(db, accountId, input.location_id)))
    )
      throw AppError.notFound("Location not found");
    values.location_id = input.location_id || null;
  }
  if (input.custom_attributes !== undefined) values.custom_attributes = JSON.stringify(input.custom_attributes);
  const now = new Date();
  for (const channel of ["email", "sms"] as const) {
    const consent = input[`${channel}_consent`];
    if (consent !== undefined)
      values[`${channel}_consent`] = consent
        ? JSON.stringify({
            method: consent.method,
            at: consent.at ?? now.toISOString(),
            wording: consent.wording ?? "",
          })
        : null;
    const optedOut = input[`${channel}_opted_out`];
    if (optedOut !== undefined) values[`${channel}_opted_out_at`] = optedOut ? now : null;
  }
  return values;
}

export async function createContact(ctx: AppContext, actor: Actor, input: TContactWrite): Promise<TContact> {
  const accountId = await toolAccount(ctx, actor, input.account_id);
  const values = await contactValues(ctx, accountId, input, null);
  const row = await insertContact(ctx.database.db, { ...values, account_id: accountId }).catch(uniqueClash);
  return presentById(ctx, row.id);
}

export async function updateContact(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TContactWrite,
): Promise<TContact> {
  const current = await loadContact(ctx, actor, id, "update");
  if (input.account_id) accountIdFor(actor, input.account_id);
  const values = await contactValues(ctx, current.account_id, input, current);
  // Opting out again keeps the first time.
  for (const channel of ["email", "sms"] as const) {
    const key = `${channel}_opted_out_at` as const;
    if (values[key] instanceof Date && current[key]) delete values[key];
  }
  await updateContactRow(ctx.database.db, current.id, values).catch(uniqueClash);
  return presentById(ctx, current.id);
}

export async function deleteContact(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const current = await loadContact(ctx, actor, id, "delete");
  await deleteContactRow(ctx.database.db, current.id);
  return null;
}

/** A concurrent write took the address first: 409 as the check would have said. */
function uniqueClash(err: unknown): never {
  const text = String((err as { message?: string })?.message ?? "");
  if (text.includes("contacts_account_email")) throw AppError.conflict(CUSTOMER_MESSAGES.emailTaken, "email");
  if (text.includes("contacts_account_phone")) throw AppError.conflict(CUSTOMER_MESSAGES.phoneTaken, "phone");
  if (text.includes("do_not_contact_")) throw AppError.conflict(CUSTOMER_MESSAGES.alreadyListed, "email");
  throw err;
}

// ---- Do-not-contact ----

export async function listDoNotContact(ctx: AppContext, actor: Actor, query: TListQuery, url: string) {
  const accountId = await toolAccount(ctx, actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "do_not_contact",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countDoNotContact(db, accountId, query),
    rows: (limit, offset) => selectDoNotContact(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentDoNotContact),
  });
}

export async function addDoNotContact(
  ctx: AppContext,
  actor: Actor,
  input: TDoNotContactWrite,
): Promise<TDoNotContact> {
  const accountId = await toolAccount(ctx, actor, input.account_id);
  const rawEmail = input.email?.trim() ?? "";
  const rawPhone = input.phone?.trim() ?? "";
  const email = rawEmail ? normalizeEmail(rawEmail) : null;
  const phone = rawPhone ? normalizePhone(rawPhone) : null;
  if (rawEmail && !email) throw AppError.invalid("email", CUSTOMER_MESSAGES.badEmail);
  if (rawPhone && !phone) throw AppError.invalid("phone", CUSTOMER_MESSAGES.badPhone);
  if (!email && !phone) throw AppError.invalid("email", CUSTOMER_MESSAGES.emailOrPhone);
  if (await findListed(ctx.database.db, accountId, email, phone))
    throw AppError.conflict(CUSTOMER_MESSAGES.alreadyListed, email ? "email" : "phone");
  const row = await insertDoNotContact(ctx.database.db, {
    account_id: accountId,
    email,
    phone,
    reason: input.reason?.trim() || null,
  }).catch(uniqueClash);
  return presentDoNotContact(row);
}

export async function removeDoNotContact(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const row = await scoped(ctx.database.db, actor).find("do_not_contact", id);
  authorize(actor, "delete", contactPolicy, row);
  await checkAskOn(ctx.database.db, row.account_id);
  await deleteDoNotContactRow(ctx.database.db, row.id);
  return null;
}

// ---- Uploads (reading; see upload.ts for receiving and processing) ----

export async function loadUpload(ctx: AppContext, actor: Actor, id: string) {
  const row = await scoped(ctx.database.db, actor).find("contact_uploads", id);
  authorize(actor, "read", "request");
  await checkAskOn(ctx.database.db, row.account_id);
  return row;
}

export async function getUpload(ctx: AppContext, actor: Actor, id: string): Promise<TUpload> {
  const found = await loadUpload(ctx, actor, id);
  const row = (await findUpload(ctx.database.db, found.id)) ?? found;
  const rows = row.status === "complete" ? await reportRows(ctx.database.db, row.id, 0, UPLOAD_REPORT_LIMIT + 1) : [];
  return presentUpload(
    row,
    rows.slice(0, UPLOAD_REPORT_LIMIT).map(presentReportRow),
    rows.length > UPLOAD_REPORT_LIMIT,
  );
}
