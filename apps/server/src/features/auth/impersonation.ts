// Operators (provider staff running the instance) entering an account: `npm run admin -- impersonate`
// makes a one-time sign-in link; the session it opens is marked impersonated, lasts an hour, cannot
// change a password or an e-mail address, and every write it makes goes to the account's audit log
// under the operator's name.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { isUuid } from "../../platform/access.ts";
import { newToken } from "../../platform/auth.ts";
import { AppError } from "../../platform/errors.ts";

/** The sign-in link works once, for five minutes. */
export const IMPERSONATION_LINK_TTL_MS = 5 * 60 * 1000;
/** The session it opens ends after an hour. */
export const IMPERSONATION_SESSION_TTL_MS = 60 * 60 * 1000;

export const IMPERSONATION_MESSAGES = {
  credentials: "An impersonated session cannot change a password or an e-mail address.",
  noNewSessions: "An impersonated session cannot open other sessions.",
  reasonRequired: "Give the reason for entering the account (--reason).",
  unknownTarget: "No active user with this e-mail address, and no account with this id.",
  operatorRequired: "Give the operator's e-mail address (--operator or STARBOARD_OPERATOR).",
} as const;

export interface ImpersonationLink {
  impersonationId: string;
  url: string;
  token: string;
  linkExpiresAt: Date;
  user: { id: string; email: string; name: string };
  account: { id: string; name: string };
}

/** A user to enter as: by e-mail, or an account id (its owner, else its first active Admin). */
async function findTarget(db: Kysely<DB>, target: string) {
  const email = target.trim().toLowerCase();
  const base = db
    .selectFrom("users as u")
    .innerJoin("accounts as a", "a.id", "u.account_id")
    .select(["u.id", "u.email", "u.name", "a.id as account_id", "a.name as account_name"])
    .where("u.status", "=", "active");
  if (isUuid(target)) {
    return base
      .where("a.id", "=", target)
      .orderBy("u.is_account_owner", "desc")
      .orderBy("u.user_type_id", "desc")
      .orderBy("u.created_at")
      .executeTakeFirst();
  }
  return base.where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email)).executeTakeFirst();
}

/** Records the impersonation and its one-time sign-in link (valid five minutes). */
export async function startImpersonation(
  database: Database,
  publicUrl: string,
  input: { operator: string; target: string; reason: string },
  now = new Date(),
): Promise<ImpersonationLink> {
  const operator = input.operator.trim();
  const reason = input.reason.trim();
  if (!operator) throw AppError.invalid("operator", IMPERSONATION_MESSAGES.operatorRequired);
  if (!reason) throw AppError.invalid("reason", IMPERSONATION_MESSAGES.reasonRequired);
  const target = await findTarget(database.db, input.target);
  if (!target) throw AppError.notFound(IMPERSONATION_MESSAGES.unknownTarget);
  const { token, hash } = newToken();
  const linkExpiresAt = new Date(now.getTime() + IMPERSONATION_LINK_TTL_MS);
  const impersonationId = await database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("impersonations")
      .values({
        account_id: target.account_id,
        user_id: target.id,
        operator,
        reason,
        link_expires_at: linkExpiresAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("sso_tokens")
      .values({
        user_id: target.id,
        account_id: target.account_id,
        token_hash: hash,
        expires_at: linkExpiresAt,
        impersonation_id: row.id,
      })
      .execute();
    await audit(trx, {
      accountId: target.account_id,
      impersonationId: row.id,
      actor: operator,
      action: "impersonation.created",
      details: { user_id: target.id, user_email: target.email, reason },
    });
    return row.id;
  });
  return {
    impersonationId,
    token,
    url: `${publicUrl}/sso-login/${encodeURIComponent(token)}`,
    linkExpiresAt,
    user: { id: target.id, email: target.email, name: target.name },
    account: { id: target.account_id, name: target.account_name },
  };
}

/** The impersonation a sign-in link opens, when it is one. */
export async function impersonationOfLink(db: Kysely<DB>, impersonationId: string | null) {
  if (!impersonationId) return undefined;
  return db.selectFrom("impersonations").selectAll().where("id", "=", impersonationId).executeTakeFirst();
}

/** The link was used: the session is open until `expiresAt`. */
export async function recordImpersonationStarted(
  db: Kysely<DB>,
  impersonation: { id: string; account_id: string; operator: string },
  session: { id: string; expiresAt: Date },
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("impersonations")
      .set({ session_id: session.id, started_at: new Date(), expires_at: session.expiresAt })
      .where("id", "=", impersonation.id)
      .execute();
    await audit(trx, {
      accountId: impersonation.account_id,
      impersonationId: impersonation.id,
      actor: impersonation.operator,
      action: "impersonation.started",
      details: { session_expires_at: session.expiresAt.toISOString() },
    });
  });
}

/** Ends an impersonation (its session signed out, or an operator ended it): the session is revoked. */
export async function endImpersonation(db: Kysely<DB>, where: { sessionId: string } | { impersonationId: string }) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("impersonations")
      .set({ ended_at: new Date() })
      .where("ended_at", "is", null)
      .where((eb) =>
        "sessionId" in where ? eb("session_id", "=", where.sessionId) : eb("id", "=", where.impersonationId),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.session_id) {
      await trx
        .updateTable("sessions")
        .set({ revoked_at: new Date() })
        .where("id", "=", row.session_id)
        .where("revoked_at", "is", null)
        .execute();
    }
    await audit(trx, {
      accountId: row.account_id,
      impersonationId: row.id,
      actor: row.operator,
      action: "impersonation.ended",
      details: {},
    });
    return row;
  });
}

async function audit(
  db: Kysely<DB>,
  e: { accountId: string; impersonationId: string | null; actor: string; action: string; details: object },
) {
  await db
    .insertInto("audit_log")
    .values({
      account_id: e.accountId,
      impersonation_id: e.impersonationId,
      actor: e.actor,
      action: e.action,
      details: JSON.stringify(e.details),
    })
    .execute();
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The rules of an impersonated session, for every route: no password or e-mail change, no new
 * sessions made from it (sign-in links, shadowing), and each write it makes recorded in the
 * account's audit log under the operator's name (method, route, record, answer status).
 */
export function registerImpersonationRules(app: FastifyInstance, database: Database) {
  app.addHook("preHandler", async (request: FastifyRequest) => {
    const actor = request.actor;
    if (!actor?.impersonatedBy) return;
    const route = request.routeOptions.url ?? "";
    if (request.method === "POST" && (route === "/api/sso_tokens" || route === "/api/shadow_user/tokens")) {
      throw AppError.forbidden(IMPERSONATION_MESSAGES.noNewSessions);
    }
    if ((request.method === "PATCH" || request.method === "PUT") && route === "/api/users/:id") {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const id = (request.params as { id?: string }).id ?? "";
      if (body.password !== undefined || body.current_password !== undefined) {
        throw new AppError("forbidden", IMPERSONATION_MESSAGES.credentials, {
          password: IMPERSONATION_MESSAGES.credentials,
        });
      }
      if (typeof body.email === "string" && isUuid(id)) {
        const user = await database.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirst();
        if (user && user.email.toLowerCase() !== body.email.trim().toLowerCase()) {
          throw new AppError("forbidden", IMPERSONATION_MESSAGES.credentials, {
            email: IMPERSONATION_MESSAGES.credentials,
          });
        }
      }
    }
  });
  // Recorded before the answer leaves (onSend), so a client that sees the answer finds the entry.
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const actor = request.actor;
    if (!actor?.impersonatedBy || !WRITES.has(request.method) || !request.url.startsWith("/api")) return payload;
    const impersonation = await database.db
      .selectFrom("impersonations")
      .select("id")
      .where("session_id", "=", actor.sessionId)
      .executeTakeFirst();
    try {
      await audit(database.db, {
        accountId: actor.account.id,
        impersonationId: impersonation?.id ?? null,
        actor: actor.impersonatedBy,
        action: "write",
        details: {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          path: request.url.split("?")[0],
          params: request.params ?? {},
          status: reply.statusCode,
          as_user_id: actor.user.id,
        },
      });
    } catch (err) {
      request.log.error({ err }, "impersonation audit write failed");
    }
    return payload;
  });
}
