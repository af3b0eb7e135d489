import type { TListQuery } from "@starboard/contract/hal";
import type { TUser, TUserCreate, TUserUpdate } from "@starboard/contract/users";
import type { User, UserUpdate } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import { type Actor, hashPassword, verifyPassword } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { sendPasswordLink } from "../auth/index.ts";
import { userPolicy } from "./policy.ts";
import { presentUser, presentUserType } from "./presenter.ts";
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

/**
 * The user with this id, for `action`: oneself (in one's own account, even when shadowing a child), or a
 * user of an account the actor reaches, which needs the summary's permission (403 first, whatever the id
 * names; then 404 outside the reachable accounts).
 */
async function userFor(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  if (isSelf(actor, id)) {
    const own = isUuid(id) ? await q.findUser(ctx.database.db, id, [actor.user.account_id]) : undefined;
    if (!own) throw AppError.notFound();
    return own;
  }
  authorize(actor, action, "user");
  const user: User = await scoped(ctx.database.db, actor).find("users", id);
  authorize(actor, action, userPolicy, user);
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
  const sortKey = (query["sort[by]"] ?? "name") as keyof typeof q.USER_SORTS;
  const list = q.userList(scoped(ctx.database.db, actor), {
    accountId: accountIdFor(actor, query.account_id),
    keywords: query.keywords,
    typeahead: query.search_type === "typeahead",
    includeShadow: query.include_shadow_users === "true" || query.include_shadow_users === "1",
    sortBy: Object.hasOwn(q.USER_SORTS, sortKey) ? q.USER_SORTS[sortKey] : "name",
    order: sortOrder(query["sort[order]"]),
  });
  return offsetPage({
    key: "users",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentUser),
  });
}

/** Anyone reads themselves; other users need user read. */
export async function getUser(ctx: AppContext, actor: Actor, id: string): Promise<TUser> {
  return presentUser(await userFor(ctx, actor, id, "read"));
}

/** Admins add users; without a password the new user is e-mailed a link to choose one. */
export async function createUser(ctx: AppContext, actor: Actor, input: TUserCreate): Promise<TUser> {
  const accountId = accountIdFor(actor, input.account_id);
  const db = ctx.database.db;
  const email = input.email.trim();
  if (await q.emailTaken(db, email)) throw AppError.conflict(USER_MESSAGES.emailTaken, "email");
  const user = await q
    .insertUser(db, {
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
  const user = await userFor(ctx, actor, id, "update");
  const db = ctx.database.db;
  const values: UserUpdate = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.profile_name !== undefined) values.profile_name = input.profile_name;
  if (input.email !== undefined && input.email !== user.email) {
    if (await q.emailTaken(db, input.email, user.id)) throw AppError.conflict(USER_MESSAGES.emailTaken, "email");
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
  // A new password ends the user's other sessions, in the same transaction.
  const updated = await db
    .transaction()
    .execute(async (trx) => {
      const row = await q.updateUser(trx, user.id, values);
      if (passwordChanged) await q.revokeOtherSessions(trx, user.id, actor.sessionId);
      return row;
    })
    .catch(rethrowEmailConflict);
  return presentUser(updated);
}

/** Admins delete users, never themselves nor the account owner. */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string) {
  const user = await userFor(ctx, actor, id, "delete");
  if (isSelf(actor, id)) throw AppError.conflict(USER_MESSAGES.cannotDeleteSelf);
  if (user.is_account_owner) throw AppError.conflict(USER_MESSAGES.cannotDeleteOwner);
  await q.deleteUser(ctx.database.db, user.id);
  return null;
}

export async function listUserTypes(ctx: AppContext, query: TListQuery, url: string) {
  const list = q.userTypeList(ctx.database.db);
  return offsetPage({
    key: "user_types",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentUserType),
  });
}
