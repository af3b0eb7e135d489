import { type Kysely, sql } from "kysely";
import type { DB, NewUser } from "../../db/schema.ts";

type Db = Kysely<DB>;

/** How many locations an account has (the session's account carries the count). */
export async function countLocations(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("locations")
    .select(sql<number>`count(*)`.as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---- Sign-in failures (slowing and locking) ----

export async function countFailuresSince(db: Db, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("sign_in_failures")
    .select(sql<number>`count(*)`.as("count"))
    .where("email", "=", email)
    .where("created_at", ">", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function recordFailure(db: Db, email: string, ip: string | null) {
  await db.insertInto("sign_in_failures").values({ email, ip }).execute();
}

export async function clearFailures(db: Db, email: string) {
  await db.deleteFrom("sign_in_failures").where("email", "=", email).execute();
}

// ---- Users ----

/** A user who can sign in with this e-mail (case-insensitive; shadow users never sign in). */
export function findSignInUser(db: Db, email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .where("is_shadow", "=", false)
    .executeTakeFirst();
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom("users").select(["id", "email", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
}

/** Marks the user with this confirmation token confirmed; undefined for an unknown token. */
export function confirmUser(db: Db, tokenHash: string) {
  return db
    .updateTable("users")
    .set({ confirmed_at: new Date(), confirmation_token_hash: null })
    .where("confirmation_token_hash", "=", tokenHash)
    .returning("id")
    .executeTakeFirst();
}

// ---- Sessions ----

export async function insertSession(
  db: Db,
  s: {
    userId: string;
    accountId: string;
    tokenHash: string;
    shadowing: boolean;
    parentSessionId: string | null;
    expiresAt: Date;
    impersonatedBy?: string | null;
  },
) {
  return db
    .insertInto("sessions")
    .values({
      user_id: s.userId,
      account_id: s.accountId,
      token_hash: s.tokenHash,
      shadowing: s.shadowing,
      parent_session_id: s.parentSessionId,
      expires_at: s.expiresAt,
      impersonated_by: s.impersonatedBy ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Revokes a session and the shadow sessions made from it. */
export async function revokeSessionTree(db: Db, sessionId: string) {
  await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where((eb) => eb.or([eb("id", "=", sessionId), eb("parent_session_id", "=", sessionId)]))
    .execute();
}

/** A child of the parent account, if it is one. */
export function findChildAccount(db: Db, childId: string, parentId: string) {
  return db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", childId)
    .where("parent_id", "=", parentId)
    .executeTakeFirst();
}

// ---- Sign-up ----

/** Creates an account, its settings and its first user, in the transaction given. */
export async function insertAccountWithOwner(
  trx: Db,
  account: { name: string; vertical: string; trialStartedAt: Date; trialEndedAt: Date; timeZone: string },
  settings: Record<string, string>,
  owner: Omit<NewUser, "account_id">,
) {
  const created = await trx
    .insertInto("accounts")
    .values({
      name: account.name,
      vertical: account.vertical,
      status: "trial",
      trial_started_at: account.trialStartedAt,
      trial_ended_at: account.trialEndedAt,
      time_zone: account.timeZone,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("account_settings")
    .values(Object.entries(settings).map(([code, value]) => ({ account_id: created.id, code, value })))
    .execute();
  return trx
    .insertInto("users")
    .values({ ...owner, account_id: created.id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- Password resets ----

export async function insertPasswordReset(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  return db
    .insertInto("password_resets")
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** An unused, unexpired reset with this token. */
export function findOpenReset(db: Db, tokenHash: string) {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
}

/** Uses a reset once: undefined when it was already used (a concurrent use won). */
export function useReset(trx: Db, resetId: string) {
  return trx
    .updateTable("password_resets")
    .set({ used_at: new Date() })
    .where("id", "=", resetId)
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
}

/** Sets a new password: active, no longer expiring, and every session of the user ends. */
export async function setPassword(trx: Db, userId: string, passwordHash: string) {
  const now = new Date();
  await trx
    .updateTable("users")
    .set({ password_hash: passwordHash, password_changed_at: now, password_expires_at: null, status: "active" })
    .where("id", "=", userId)
    .execute();
  await trx.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).execute();
}

// ---- Single sign-on ----

export async function insertSsoToken(
  db: Db,
  t: { userId: string; accountId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .insertInto("sso_tokens")
    .values({ user_id: t.userId, account_id: t.accountId, token_hash: t.tokenHash, expires_at: t.expiresAt })
    .execute();
}

/** Uses a single sign-on token once; undefined when unknown, used or expired. */
export function useSsoToken(db: Db, tokenHash: string) {
  return db
    .updateTable("sso_tokens")
    .set({ used_at: new Date() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning(["user_id", "account_id", "impersonation_id"])
    .executeTakeFirst();
}
