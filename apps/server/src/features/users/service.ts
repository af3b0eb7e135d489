import type { TListQuery } from "@starboard/contract/hal";
import type { TUser, TUserCreate, TUserUpdate } from "@starboard/contract/users";
import type { User, UserUpdate } from "../../db/schema.ts";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import { type Actor, hashPassword, verifyPassword } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage, offsetOf } from "../../platform/hal.ts";
import { sendPasswordLink } from "../auth/service.ts";
import { presentUser } from "./presenter.ts";
import * as q from "./queries.ts";

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const USER_MESSAGES = {
  emailTaken: "A user with this email already exists.",
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is incorrect",
  passwordRequired: "Enter a new password",
  cannotDeleteSelf: "You cannot delete your own user.",
  cannotDeleteOwner: "The account owner cannot be deleted.",
  cannotChangeOwnType: "You cannot change your own user type.",
  cannotChangeOwnerType: "The account owner's user type cannot be changed.",
  othersPassword: "Only a user can change their own password; send them a password reset link instead.",
} as const;

const isSelf = (actor: Actor, id: string) => id === actor.user.id;

/** The user with this id: oneself, or a user of an account the actor reaches; else 404. */
async function reachableUser(ctx: AppContext, actor: Actor, id: string): Promise<User> {
  if (!isUuid(id)) throw AppError.notFound();
  const within = isSelf(actor, id) ? [actor.user.account_id] : await reachableAccountIds(ctx.database, actor);
  const user = await q.findUser(ctx.database, id, within);
  if (!user) throw AppError.notFound();
  return user;
}

function rethrowEmailConflict(err: unknown): never {
  if ((err as { code?: string }).code === "23505") throw AppError.conflict(USER_MESSAGES.emailTaken, "email");
  throw err;
}

export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery & { include_shadow_users?: string | undefined },
  url: string,
) {
  authorize(actor, "read", "user");
  const accountId = await resolveAccountId(ctx.database, actor, query.account_id);
  const sortKey = (query["sort[by]"] ?? "name") as keyof typeof q.USER_SORTS;
  const { rows, total } = await q.listUsers(ctx.database, {
    accountId,
    keywords: query.keywords,
    typeahead: query.search_type === "typeahead",
    includeShadow: query.include_shadow_users === "true" || query.include_shadow_users === "1",
    sortBy: Object.hasOwn(q.USER_SORTS, sortKey) ? q.USER_SORTS[sortKey] : "name",
    order: query["sort[order]"]?.toLowerCase() === "desc" ? "desc" : "asc",
    limit: query.per_page,
    offset: offsetOf({ page: query.page, perPage: query.per_page }),
  });
  return halPage("users", rows.map(presentUser), total, { url, page: query.page, perPage: query.per_page });
}

export async function getUser(ctx: AppContext, actor: Actor, id: string): Promise<TUser> {
  if (!isSelf(actor, id)) authorize(actor, "read", "user");
  return presentUser(await reachableUser(ctx, actor, id));
}

/** Admins add users; without a password the new user is e-mailed a link to choose one. */
export async function createUser(ctx: AppContext, actor: Actor, input: TUserCreate): Promise<TUser> {
  authorize(actor, "create", "user");
  const accountId = await resolveAccountId(ctx.database, actor, input.account_id);
  const email = input.email.trim();
  if (await q.emailTaken(ctx.database, email)) throw AppError.conflict(USER_MESSAGES.emailTaken, "email");
  const user = await q
    .insertUser(ctx.database, {
      account_id: accountId,
      email,
      name: input.name,
      profile_name: input.profile_name ?? null,
      user_type_id: input.user_type_id,
      password_hash: input.password ? await hashPassword(input.password) : null,
      status: input.password ? "active" : "pending",
    })
    .catch(rethrowEmailConflict);
  if (!input.password) {
    await sendPasswordLink(ctx, user, {
      ttlMs: INVITATION_TTL_MS,
      subject: "You have been invited to Starboard",
      text: (link) =>
        `Hello ${user.name},\n\n${actor.user.name || "An administrator"} added you to ${actor.account.name} on Starboard. To choose your password and sign in, open this link within 7 days:\n\n${link}\n`,
    });
  }
  return presentUser(user);
}

/**
 * Admins change anyone's details; everyone changes their own name and e-mail, and
 * their own password with the current one. Nobody changes their own user type or
 * the account owner's.
 */
export async function updateUser(ctx: AppContext, actor: Actor, id: string, input: TUserUpdate): Promise<TUser> {
  const self = isSelf(actor, id);
  if (!self) authorize(actor, "update", "user");
  const user = await reachableUser(ctx, actor, id);
  const values: UserUpdate = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.profile_name !== undefined) values.profile_name = input.profile_name;
  if (input.email !== undefined && input.email !== user.email) {
    if (await q.emailTaken(ctx.database, input.email, user.id))
      throw AppError.conflict(USER_MESSAGES.emailTaken, "email");
    values.email = input.email;
  }
  if (input.user_type_id !== undefined && input.user_type_id !== user.user_type_id) {
    if (self) throw AppError.conflict(USER_MESSAGES.cannotChangeOwnType, "user_type_id");
    if (user.is_account_owner) throw AppError.conflict(USER_MESSAGES.cannotChangeOwnerType, "user_type_id");
    values.user_type_id = input.user_type_id;
  }
  let passwordChanged = false;
  if (input.password !== undefined || input.current_password !== undefined) {
    if (!self) throw AppError.forbidden(USER_MESSAGES.othersPassword);
    if (!input.password) throw AppError.invalid("password", USER_MESSAGES.passwordRequired);
    if (!input.current_password) throw AppError.invalid("current_password", USER_MESSAGES.currentPasswordRequired);
    if (!(await verifyPassword(user.password_hash, input.current_password)))
      throw AppError.invalid("current_password", USER_MESSAGES.currentPasswordWrong);
    values.password_hash = await hashPassword(input.password);
    values.password_changed_at = new Date();
    values.password_expires_at = null;
    if (user.status === "expired") values.status = "active";
    passwordChanged = true;
  }
  if (Object.keys(values).length === 0) return presentUser(user);
  const updated = await q.updateUser(ctx.database, user.id, values).catch(rethrowEmailConflict);
  if (passwordChanged) await q.revokeOtherSessions(ctx.database, user.id, actor.sessionId);
  return presentUser(updated);
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: string) {
  authorize(actor, "delete", "user");
  const user = await reachableUser(ctx, actor, id);
  if (isSelf(actor, id)) throw AppError.conflict(USER_MESSAGES.cannotDeleteSelf);
  if (user.is_account_owner) throw AppError.conflict(USER_MESSAGES.cannotDeleteOwner);
  await q.deleteUser(ctx.database, user.id);
}

export async function listUserTypes(ctx: AppContext, query: TListQuery, url: string) {
  const rows = await q.listUserTypes(ctx.database);
  const offset = offsetOf({ page: query.page, perPage: query.per_page });
  return halPage(
    "user_types",
    rows.slice(offset, offset + query.per_page).map((t) => ({ id: t.id, code: t.code, name: t.name })),
    rows.length,
    { url, page: query.page, perPage: query.per_page },
  );
}
