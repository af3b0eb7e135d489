import type { TSession, TSignupRequest } from "@starboard/contract/auth";
import { MESSAGES } from "@starboard/contract/errors";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import { sql } from "kysely";
import { isUuid } from "../../platform/access.ts";
import {
  type Actor,
  hashPassword,
  hashToken,
  loadActor,
  newToken,
  SESSION_TTL_MS,
  verifyPassword,
} from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { presentAccount, presentWhitelabel } from "../accounts/presenter.ts";
import { DEFAULT_ACCOUNT_SETTINGS } from "../accounts/settings.ts";

/** Failed sign-ins within this window count towards slowing and locking. */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const SLOW_AFTER = 3;
const LOCK_AFTER = 10;
const RESET_TTL_MS = 2 * 60 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function presentSession(ctx: AppContext, actor: Actor, token?: string): Promise<TSession> {
  const db = ctx.database.db;
  const [locations, whitelabel] = await Promise.all([
    db
      .selectFrom("locations")
      .select(sql<number>`count(*)`.as("count"))
      .where("account_id", "=", actor.account.id)
      .executeTakeFirst(),
    actor.account.whitelabel_id
      ? db.selectFrom("whitelabels").selectAll().where("id", "=", actor.account.whitelabel_id).executeTakeFirst()
      : undefined,
  ]);
  const expired = actor.user.password_expires_at && new Date(actor.user.password_expires_at) < new Date();
  let shadowParent: string | null = null;
  if (actor.shadowing) shadowParent = actor.user.account_id;
  return {
    ...(token ? { token } : {}),
    user_id: actor.user.id,
    account_id: actor.account.id,
    email: actor.user.email,
    name: actor.user.name,
    permissions: actor.permissions,
    user_type_id: actor.user.user_type_id,
    is_parent: actor.isParent,
    is_account_owner: actor.user.is_account_owner && actor.user.account_id === actor.account.id,
    is_shadowing: actor.shadowing,
    is_impersonated: Boolean(actor.impersonatedBy),
    shadow_parent_account_id: shadowParent,
    status: expired ? "expired" : actor.user.status,
    expires_at: actor.expiresAt.toISOString(),
    account: presentAccount(actor.account, {
      total_locations: Number(locations?.count ?? 0),
      is_parent: actor.isParent,
    }),
    whitelabel: whitelabel ? presentWhitelabel(whitelabel) : null,
    settings: actor.settings,
  };
}

async function createSession(
  ctx: AppContext,
  userId: string,
  accountId: string,
  opts: { shadowing?: boolean; parentSessionId?: string } = {},
) {
  const { token, hash } = newToken();
  await ctx.database.db
    .insertInto("sessions")
    .values({
      user_id: userId,
      account_id: accountId,
      token_hash: hash,
      shadowing: opts.shadowing ?? false,
      parent_session_id: opts.parentSessionId ?? null,
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    })
    .execute();
  return token;
}

/** Signs in with e-mail and password; slows and then refuses repeated failures. */
export async function signIn(ctx: AppContext, email: string, password: string, ip: string | null): Promise<TSession> {
  const db = ctx.database.db;
  const key = email.trim().toLowerCase();
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const failures = Number(
    (
      await db
        .selectFrom("sign_in_failures")
        .select(sql<number>`count(*)`.as("count"))
        .where("email", "=", key)
        .where("created_at", ">", since)
        .executeTakeFirst()
    )?.count ?? 0,
  );
  if (failures >= LOCK_AFTER) {
    throw new AppError("rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(FAILURE_WINDOW_MS / 1000),
    });
  }
  if (failures >= SLOW_AFTER) await sleep(Math.min(2000, 250 * 2 ** (failures - SLOW_AFTER)));
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where(sql`lower(email)`, "=", key)
    .where("is_shadow", "=", false)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok || user.status === "suspended") {
    await db.insertInto("sign_in_failures").values({ email: key, ip }).execute();
    throw new AppError("unauthenticated", MESSAGES.invalidCredentials, undefined, {
      "WWW-Authenticate": 'Basic realm="starboard"',
    });
  }
  await db.deleteFrom("sign_in_failures").where("email", "=", key).execute();
  const token = await createSession(ctx, user.id, user.account_id);
  const actor = await loadActor(ctx.database, user.email, token);
  if (!actor) throw new Error("session vanished");
  return presentSession(ctx, actor, token);
}

export async function signOut(ctx: AppContext, actor: Actor) {
  await ctx.database.db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where((eb) => eb.or([eb("id", "=", actor.sessionId), eb("parent_session_id", "=", actor.sessionId)]))
    .execute();
}

/** A parent-account user enters one of its child accounts (shadowing). */
export async function shadowChild(ctx: AppContext, actor: Actor, childAccountId: string): Promise<TSession> {
  if (!isUuid(childAccountId)) throw AppError.notFound();
  const child = await ctx.database.db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", childAccountId)
    .where("parent_id", "=", actor.user.account_id)
    .executeTakeFirst();
  if (!child || actor.shadowing) throw AppError.notFound();
  const token = await createSession(ctx, actor.user.id, child.id, {
    shadowing: true,
    parentSessionId: actor.sessionId,
  });
  const childActor = await loadActor(ctx.database, actor.user.email, token);
  if (!childActor) throw new Error("session vanished");
  return presentSession(ctx, childActor, token);
}

/** Creates an account on a 14-day trial and its first user, an Admin who owns it. */
export async function signUp(ctx: AppContext, input: TSignupRequest): Promise<TSession> {
  const db = ctx.database.db;
  const email = input.email.trim();
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  if (taken) throw AppError.conflict("An account with this email already exists.", "email");
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const user = await db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto("accounts")
      .values({
        name: input.account_name,
        vertical: input.vertical,
        status: "trial",
        trial_started_at: now,
        trial_ended_at: new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000),
        time_zone: input.time_zone ?? "America/New_York",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("account_settings")
      .values(
        Object.entries(DEFAULT_ACCOUNT_SETTINGS).map(([code, value]) => ({ account_id: account.id, code, value })),
      )
      .execute();
    return trx
      .insertInto("users")
      .values({
        account_id: account.id,
        email,
        name: input.name,
        password_hash: passwordHash,
        user_type_id: USER_TYPE_IDS.admin,
        is_account_owner: true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const token = await createSession(ctx, user.id, user.account_id);
  const actor = await loadActor(ctx.database, user.email, token);
  if (!actor) throw new Error("session vanished");
  return presentSession(ctx, actor, token);
}

/** E-mails a single-use reset link; answers the same whether or not the address exists. */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await ctx.database.db
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .where("is_shadow", "=", false)
    .executeTakeFirst();
  if (!user) return;
  await sendPasswordLink(ctx, user, {
    ttlMs: RESET_TTL_MS,
    subject: "Reset your Starboard password",
    text: (link) =>
      `Hello ${user.name || ""},\n\nSomeone asked to reset the password of your Starboard account. To choose a new password, open this link within 2 hours:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  });
}

/**
 * Creates a single-use password link (a password reset) for a user and e-mails it
 * through the `email.send` job. Used for resets and for inviting new users.
 */
export async function sendPasswordLink(
  ctx: AppContext,
  user: { id: string; email: string },
  message: { ttlMs: number; subject: string; text: (link: string) => string },
) {
  const { token, hash } = newToken();
  const reset = await ctx.database.db
    .insertInto("password_resets")
    .values({ user_id: user.id, token_hash: hash, expires_at: new Date(Date.now() + message.ttlMs) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const link = `${ctx.config.publicUrl}/reset-password?reset_password_token=${encodeURIComponent(token)}`;
  await ctx.jobs.send("email.send", {
    idempotencyKey: `password-reset:${reset.id}`,
    to: user.email,
    subject: message.subject,
    text: message.text(link),
  });
}

async function findReset(ctx: AppContext, token: string) {
  return ctx.database.db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
}

export async function checkResetToken(ctx: AppContext, token: string) {
  if (!(await findReset(ctx, token))) throw new AppError("not_found", MESSAGES.invalidResetToken);
}

/** Sets a new password from a reset link; the link works once, and other sessions end. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const reset = await findReset(ctx, token);
  if (!reset)
    throw new AppError("not_found", MESSAGES.invalidResetToken, { reset_password_token: MESSAGES.invalidResetToken });
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("password_resets")
      .set({ used_at: new Date() })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!used) throw new AppError("not_found", MESSAGES.invalidResetToken);
    await trx
      .updateTable("users")
      .set({
        password_hash: passwordHash,
        password_changed_at: new Date(),
        password_expires_at: null,
        status: "active",
      })
      .where("id", "=", reset.user_id)
      .execute();
    await trx.updateTable("sessions").set({ revoked_at: new Date() }).where("user_id", "=", reset.user_id).execute();
  });
}

export async function confirmAccount(ctx: AppContext, token: string) {
  const row = await ctx.database.db
    .updateTable("users")
    .set({ confirmed_at: new Date(), confirmation_token_hash: null })
    .where("confirmation_token_hash", "=", hashToken(token))
    .returning("id")
    .executeTakeFirst();
  if (!row)
    throw new AppError("not_found", MESSAGES.invalidConfirmationToken, {
      confirmation_token: MESSAGES.invalidConfirmationToken,
    });
}

const SSO_TTL_MS = 5 * 60 * 1000;

/** A one-time sign-in link for the current user (valid five minutes). */
export async function createSsoToken(ctx: AppContext, actor: Actor) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SSO_TTL_MS);
  await ctx.database.db
    .insertInto("sso_tokens")
    .values({ user_id: actor.user.id, account_id: actor.account.id, token_hash: hash, expires_at: expiresAt })
    .execute();
  return {
    token,
    url: `${ctx.config.publicUrl}/sso-login/${encodeURIComponent(token)}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** Exchanges a single sign-on token for a session; each token works once. */
export async function signInWithSso(ctx: AppContext, token: string): Promise<TSession> {
  const row = await ctx.database.db
    .updateTable("sso_tokens")
    .set({ used_at: new Date() })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning(["user_id", "account_id"])
    .executeTakeFirst();
  if (!row) throw AppError.unauthenticated("This sign-in link is invalid or has expired.");
  const user = await ctx.database.db
    .selectFrom("users")
    .select(["id", "email", "status"])
    .where("id", "=", row.user_id)
    .executeTakeFirstOrThrow();
  if (user.status === "suspended") throw AppError.unauthenticated("This sign-in link is invalid or has expired.");
  const session = await createSession(ctx, user.id, row.account_id);
  const actor = await loadActor(ctx.database, user.email, session);
  if (!actor) throw new Error("session vanished");
  return presentSession(ctx, actor, session);
}
