import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  derivePermissions,
  type TPermissions,
  type TUserTypeCode,
  userTypeById,
} from "@starboard/contract/permissions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { Account, User } from "../db/schema.ts";
import { AppError } from "./errors.ts";
import { NotifiedCache } from "./notified-cache.ts";

/** Who is calling: the signed-in user acting in an account. Shared by the calls that use its token (ActorCache): never changed once built. */
export interface Actor {
  sessionId: string;
  user: User;
  account: Account;
  userType: TUserTypeCode;
  permissions: TPermissions;
  settings: Record<string, boolean | string>;
  isParent: boolean;
  /** Every account this actor may reach: its own and, for a parent, its children (resolved once, with the session). */
  accountIds: string[];
  shadowing: boolean;
  impersonatedBy: string | null;
  parentSessionId: string | null;
  expiresAt: Date;
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** false: the route answers without a session. */
    auth?: boolean;
    /** true: an inactive account may still call it (sign-out, billing). */
    allowInactive?: boolean;
  }
}

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Random 256-bit token; only its SHA-256 is stored. */
export function newToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** argon2id with the library's defaults (memory-hard). */
export function hashPassword(password: string) {
  return hash(password);
}
export async function verifyPassword(hashed: string | null, password: string) {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Settings rows become a map; the strings true and false become booleans. */
export function settingsMap(rows: { code: string; value: string }[]) {
  const out: Record<string, boolean | string> = {};
  for (const r of rows) out[r.code] = r.value === "true" ? true : r.value === "false" ? false : r.value;
  return out;
}

export function parseBasic(header: string | undefined): { user: string; password: string } | null {
  if (!header?.startsWith("Basic ")) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  } catch {
    return null;
  }
  const i = decoded.indexOf(":");
  if (i < 0) return null;
  return { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

interface SessionRow {
  session: {
    id: string;
    expires_at: string;
    shadowing: boolean;
    impersonated_by: string | null;
    parent_session_id: string | null;
  };
  user: User;
  account: Account;
  settings: { code: string; value: string }[] | null;
  child_ids: string[] | null;
}

/** Loads the actor behind a token in one query. */
export async function loadActor(database: Database, email: string, token: string): Promise<Actor | null> {
  const { rows } = await sql<SessionRow>`
    SELECT row_to_json(s) AS session, row_to_json(u) AS user, row_to_json(a) AS account,
      (SELECT json_agg(json_build_object('code', st.code, 'value', st.value)) FROM account_settings st WHERE st.account_id = a.id) AS settings,
      (SELECT array_agg(c.id::text ORDER BY c.created_at, c.id) FROM accounts c WHERE c.parent_id = a.id) AS child_ids
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = s.account_id
    WHERE s.token_hash = ${hashToken(token)} AND s.revoked_at IS NULL AND s.expires_at > now()`.execute(database.db);
  const row = rows[0];
  if (!row || row.user.email.toLowerCase() !== email.toLowerCase()) return null;
  return buildActor(row);
}

function buildActor(row: SessionRow): Actor {
  const user = { ...row.user, created_at: new Date(row.user.created_at) };
  const account = {
    ...row.account,
    created_at: new Date(row.account.created_at),
    trial_started_at: row.account.trial_started_at ? new Date(row.account.trial_started_at) : null,
    trial_ended_at: row.account.trial_ended_at ? new Date(row.account.trial_ended_at) : null,
  };
  const settings = settingsMap(row.settings ?? []);
  const childIds = row.child_ids ?? [];
  const isParent = childIds.length > 0 || account.segment === "partner";
  const userType = (userTypeById(user.user_type_id)?.code ?? "read_only") as TUserTypeCode;
  return {
    sessionId: row.session.id,
    user,
    account,
    userType,
    permissions: derivePermissions(userType, { settings, isParent }),
    settings,
    isParent,
    accountIds: [account.id, ...childIds],
    shadowing: row.session.shadowing,
    impersonatedBy: row.session.impersonated_by,
    parentSessionId: row.session.parent_session_id,
    expiresAt: new Date(row.session.expires_at),
  };
}

/** How long an actor loaded for a token is used again without asking the database (ActorCache). */
export const ACTOR_CACHE_MS = 5_000;
/** Tokens whose actor is kept at once; the oldest goes first. */
export const ACTOR_CACHE_ENTRIES = 10_000;

/**
 * The actors behind recently used tokens, for ACTOR_CACHE_MS (never past the session's expiry), so that
 * a signed-in call does not read its session, user, account and settings again on every request.
 * Revocation stays immediate: every statement that changes what an actor is built from (a session, a
 * user, an account, its settings) sends NOTIFY sb_actor at its commit (migration 0031), which every app
 * process hears on its listening connection (db/listener.ts), and the cache is emptied; a held actor is used
 * only once that connection has heard every notification committed before the call: a NotifiedCache on
 * sb_actor (platform/notified-cache.ts says what that guarantees). A refusal is not kept.
 */
export class ActorCache {
  private readonly cache: NotifiedCache<Actor | null>;

  constructor(private readonly database: Database) {
    this.cache = new NotifiedCache(database, {
      channels: ["sb_actor"],
      ttlMs: ACTOR_CACHE_MS,
      maxEntries: ACTOR_CACHE_ENTRIES,
    });
  }

  /** The actor for the e-mail and token: from the cache while it is current, otherwise loaded (null: refused, not kept). */
  get(email: string, token: string, now = Date.now()): Promise<Actor | null> {
    const key = `${email.toLowerCase()} ${hashToken(token)}`;
    return this.cache.get(
      key,
      () => loadActor(this.database, email, token),
      (actor) => (actor ? actor.expiresAt.getTime() : null),
      now,
    );
  }

  clear() {
    this.cache.clear();
  }

  close() {
    this.cache.close();
  }
}

/** Every /api route needs a session unless its config says `auth: false`. */
export function registerAuthentication(app: FastifyInstance, database: Database) {
  const actors = new ActorCache(database);
  app.addHook("onClose", async () => actors.close());
  app.decorateRequest("actor", null);
  app.addHook("preHandler", async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith("/api") || config.auth === false || request.is404) return;
    const basic = parseBasic(request.headers.authorization);
    if (!basic) throw AppError.unauthenticated();
    const actor = await actors.get(basic.user, basic.password);
    if (!actor) throw AppError.unauthenticated();
    if (!actor.account.account_active && !config.allowInactive) {
      throw new AppError("account_inactive", "This account is inactive.");
    }
    request.actor = actor;
    request.log = request.log.child({ user_id: actor.user.id, account_id: actor.account.id });
  });
}

/** The signed-in actor; routes behind authentication can rely on it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthenticated();
  return request.actor;
}
