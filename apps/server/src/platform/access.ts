import { can as allowed, type TAction, type TResource } from "@starboard/contract/permissions";
import type { Database } from "../db/database.ts";
import type { Actor } from "./auth.ts";
import { AppError } from "./errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Denies by default: throws 403 unless the actor's permission summary allows it. */
export function authorize(actor: Actor, action: TAction, resource: TResource) {
  if (!allowed(actor.permissions, action, resource)) throw AppError.forbidden();
}

export function can(actor: Actor, action: TAction, resource: TResource) {
  return allowed(actor.permissions, action, resource);
}

/**
 * The one tenancy gate. `account_id` on a call names the signed-in account or,
 * for a parent account, one of its children; absent, it means the signed-in
 * account. Anything else answers 404, so ids leak nothing.
 */
export async function resolveAccountId(database: Database, actor: Actor, requested: string | undefined | null) {
  if (requested === undefined || requested === null || requested === "" || requested === actor.account.id) {
    return actor.account.id;
  }
  if (!isUuid(requested) || !actor.isParent) throw AppError.notFound();
  const child = await database.db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", requested)
    .where("parent_id", "=", actor.account.id)
    .executeTakeFirst();
  if (!child) throw AppError.notFound();
  return child.id;
}

/** Every account the actor may reach: its own and, for a parent, its children. */
export async function reachableAccountIds(database: Database, actor: Actor): Promise<string[]> {
  if (!actor.isParent) return [actor.account.id];
  const children = await database.db
    .selectFrom("accounts")
    .select("id")
    .where("parent_id", "=", actor.account.id)
    .execute();
  return [actor.account.id, ...children.map((c) => c.id)];
}

/** A record of the given id owned by a reachable account, or 404. */
export async function assertOwned(
  database: Database,
  actor: Actor,
  table: "groups" | "locations" | "users",
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound();
  const accounts = await reachableAccountIds(database, actor);
  const row = await database.db
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where("account_id", "in", accounts)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
}
