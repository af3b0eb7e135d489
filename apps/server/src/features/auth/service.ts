import {
  type TMessage,
  type TSession,
  type TSignInRequest,
  type TSignupRequest,
  type TSsoToken,
  ZSignInRequestSchema,
} from "@starboard/contract/auth";
import { MESSAGES } from "@starboard/contract/errors";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
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
import { DEFAULT_ACCOUNT_SETTINGS, findWhitelabel } from "../accounts/index.ts";
import {
  endImpersonation,
  IMPERSONATION_SESSION_TTL_MS,
  impersonationOfLink,
  recordImpersonationStarted,
} from "./impersonation.ts";
import { presentSession } from "./presenter.ts";
import * as q from "./queries.ts";

/** Failed sign-ins within this window count towards slowing and locking. */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const SLOW_AFTER = 3;
const LOCK_AFTER = 10;
const RESET_TTL_MS = 2 * 60 * 60 * 1000;
const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const AUTH_MESSAGES = {
  resetRequested: "If an account exists for that e-mail, a password reset link is on its way.",
  passwordChanged: "Your password has been changed.",
  accountConfirmed: "Your account is confirmed.",
  emailTaken: "An account with this email already exists.",
  invalidSsoLink: "This sign-in link is invalid or has expired.",
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session of an actor, as GET /api/auth answers it (with the token when one was just made). */
export async function getSession(ctx: AppContext, actor: Actor, token?: string): Promise<TSession> {
  const db = ctx.database.db;
  const [totalLocations, whitelabel] = await Promise.all([
    q.countLocations(db, actor.account.id),
    actor.account.whitelabel_id ? findWhitelabel(db, actor.account.whitelabel_id) : undefined,
  ]);
  return presentSession(actor, { totalLocations, whitelabel, token });
}

/** Makes a session for the user in the account and answers it with its token. */
async function openSession(
  ctx: AppContext,
  user: { id: string; email: string },
  accountId: string,
  opts: {
    shadowing?: boolean;
    parentSessionId?: string;
    impersonation?: { id: string; account_id: string; operator: string };
  } = {},
): Promise<TSession> {
  const { token, hash } = newToken();
  const impersonation = opts.impersonation;
  const expiresAt = new Date(Date.now() + (impersonation ? IMPERSONATION_SESSION_TTL_MS : SESSION_TTL_MS));
  const session = await q.insertSession(ctx.database.db, {
    userId: user.id,
    accountId,
    tokenHash: hash,
    shadowing: opts.shadowing ?? false,
    parentSessionId: opts.parentSessionId ?? null,
    expiresAt,
    impersonatedBy: impersonation?.operator ?? null,
  });
  if (impersonation) await recordImpersonationStarted(ctx.database.db, impersonation, { id: session.id, expiresAt });
  const actor = await loadActor(ctx.database, user.email, token);
  if (!actor) throw new Error("session vanished");
  return getSession(ctx, actor, token);
}

/** Signs in with e-mail and password; slows and then refuses repeated failures. */
export async function signIn(ctx: AppContext, email: string, password: string, ip: string | null): Promise<TSession> {
  const db = ctx.database.db;
  const key = email.trim().toLowerCase();
  const failures = await q.countFailuresSince(db, key, new Date(Date.now() - FAILURE_WINDOW_MS));
  if (failures >= LOCK_AFTER) {
    throw new AppError("rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(FAILURE_WINDOW_MS / 1000),
    });
  }
  if (failures >= SLOW_AFTER) await sleep(Math.min(2000, 250 * 2 ** (failures - SLOW_AFTER)));
  const user = await q.findSignInUser(db, key);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok || user.status === "suspended") {
    await q.recordFailure(db, key, ip);
    throw new AppError("unauthenticated", MESSAGES.invalidCredentials, undefined, {
      "WWW-Authenticate": 'Basic realm="starboard"',
    });
  }
  await q.clearFailures(db, key);
  return openSession(ctx, user, user.account_id);
}

/**
 * POST /api/auth: credentials from the body, or from HTTP Basic email:password when there is none
 * (as established review APIs do). A confirmation token in the body also confirms the account.
 */
export async function signInWith(
  ctx: AppContext,
  body: TSignInRequest | null | undefined,
  basic: { user: string; password: string } | null,
  ip: string | null,
): Promise<TSession> {
  let credentials = body;
  if (!credentials) {
    if (!basic) throw AppError.invalid("email", "Email is required");
    const parsed = ZSignInRequestSchema.safeParse({ email: basic.user, password: basic.password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw AppError.invalid(String(issue?.path[0] ?? "email"), issue?.message ?? "Invalid value");
    }
    credentials = parsed.data;
  }
  const session = await signIn(ctx, credentials.email, credentials.password, ip);
  if (credentials.confirmation_token) await confirmAccount(ctx, credentials.confirmation_token).catch(() => {});
  return session;
}

export async function signOut(ctx: AppContext, actor: Actor) {
  await q.revokeSessionTree(ctx.database.db, actor.sessionId);
  if (actor.impersonatedBy) await endImpersonation(ctx.database.db, { sessionId: actor.sessionId });
}

/** A parent-account user enters one of its child accounts (shadowing). */
export async function shadowChild(ctx: AppContext, actor: Actor, childAccountId: string): Promise<TSession> {
  if (!isUuid(childAccountId)) throw AppError.notFound();
  const child = await q.findChildAccount(ctx.database.db, childAccountId, actor.user.account_id);
  if (!child || actor.shadowing) throw AppError.notFound();
  return openSession(ctx, actor.user, child.id, { shadowing: true, parentSessionId: actor.sessionId });
}

/** Creates an account on a 14-day trial and its first user, an Admin who owns it. */
export async function signUp(ctx: AppContext, input: TSignupRequest): Promise<TSession> {
  const db = ctx.database.db;
  const email = input.email.trim();
  if (await q.emailTaken(db, email)) throw AppError.conflict(AUTH_MESSAGES.emailTaken, "email");
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const user = await db.transaction().execute((trx) =>
    q.insertAccountWithOwner(
      trx,
      {
        name: input.account_name,
        vertical: input.vertical,
        trialStartedAt: now,
        trialEndedAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        timeZone: input.time_zone ?? "America/New_York",
      },
      DEFAULT_ACCOUNT_SETTINGS,
      {
        email,
        name: input.name,
        password_hash: passwordHash,
        user_type_id: USER_TYPE_IDS.admin,
        is_account_owner: true,
      },
    ),
  );
  return openSession(ctx, user, user.account_id);
}

/** E-mails a single-use reset link; answers the same whether or not the address exists. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<TMessage> {
  const user = await q.findSignInUser(ctx.database.db, email);
  if (user) {
    await sendPasswordLink(ctx, user, {
      ttlMs: RESET_TTL_MS,
      subject: "Reset your Starboard password",
      text: (link) =>
        `Hello ${user.name || ""},\n\nSomeone asked to reset the password of your Starboard account. To choose a new password, open this link within 2 hours:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    });
  }
  return { message: AUTH_MESSAGES.resetRequested };
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
  const link = `${ctx.config.publicUrl}/reset-password?reset_password_token=${encodeURIComponent(token)}`;
  // The link and its e-mail commit together.
  await ctx.database.db.transaction().execute(async (trx) => {
    const reset = await q.insertPasswordReset(trx, user.id, hash, new Date(Date.now() + message.ttlMs));
    const mail = { idempotencyKey: `password-reset:${reset.id}`, to: user.email, subject: message.subject };
    await ctx.jobs.send("email.send", { ...mail, text: message.text(link) }, { trx });
  });
}

export async function checkResetToken(ctx: AppContext, token: string) {
  if (!(await q.findOpenReset(ctx.database.db, hashToken(token))))
    throw new AppError("not_found", MESSAGES.invalidResetToken);
  return { valid: true };
}

/** Sets a new password from a reset link; the link works once, and other sessions end. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<TMessage> {
  const reset = await q.findOpenReset(ctx.database.db, hashToken(token));
  if (!reset)
    throw new AppError("not_found", MESSAGES.invalidResetToken, { reset_password_token: MESSAGES.invalidResetToken });
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await q.useReset(trx, reset.id))) throw new AppError("not_found", MESSAGES.invalidResetToken);
    await q.setPassword(trx, reset.user_id, passwordHash);
  });
  return { message: AUTH_MESSAGES.passwordChanged };
}

export async function confirmAccount(ctx: AppContext, token: string): Promise<TMessage> {
  const row = await q.confirmUser(ctx.database.db, hashToken(token));
  if (!row)
    throw new AppError("not_found", MESSAGES.invalidConfirmationToken, {
      confirmation_token: MESSAGES.invalidConfirmationToken,
    });
  return { message: AUTH_MESSAGES.accountConfirmed };
}

const SSO_TTL_MS = 5 * 60 * 1000;

/** A one-time sign-in link for the current user (valid five minutes). */
export async function createSsoToken(ctx: AppContext, actor: Actor): Promise<TSsoToken> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SSO_TTL_MS);
  await q.insertSsoToken(ctx.database.db, {
    userId: actor.user.id,
    accountId: actor.account.id,
    tokenHash: hash,
    expiresAt,
  });
  return {
    token,
    url: `${ctx.config.publicUrl}/sso-login/${encodeURIComponent(token)}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** Exchanges a single sign-on token for a session; each token works once. */
export async function signInWithSso(ctx: AppContext, token: string): Promise<TSession> {
  const row = await q.useSsoToken(ctx.database.db, hashToken(token));
  if (!row) throw AppError.unauthenticated(AUTH_MESSAGES.invalidSsoLink);
  const user = await q.findUserById(ctx.database.db, row.user_id);
  if (user.status === "suspended") throw AppError.unauthenticated(AUTH_MESSAGES.invalidSsoLink);
  // An operator's link (npm run admin -- impersonate) opens an impersonated session of an hour.
  const impersonation = await impersonationOfLink(ctx.database.db, row.impersonation_id);
  return openSession(ctx, user, row.account_id, impersonation ? { impersonation } : {});
}
