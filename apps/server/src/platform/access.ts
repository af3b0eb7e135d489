import { can as allowed, type TAction, type TResource } from "@starboard/contract/permissions";
import {
  type DeleteQueryBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
} from "kysely";
import type { DB } from "../db/schema.ts";
import type { Actor } from "./auth.ts";
import { AppError } from "./errors.ts";

// The one place where tenancy and permissions are decided (docs/architecture.md, "Access"):
// - the reachable accounts are resolved once per request, with the session (`actor.accountIds`);
// - `accountIdFor` turns a call's `account_id` into one of them, or 404;
// - `scoped(db, actor)` is the entry point for reading and writing account data: every query it
//   starts is narrowed to the reachable accounts, so a query cannot forget the account;
// - `authorize(actor, action, policy, record)` checks the permission summary, then that the record
//   is in a reachable account (404 otherwise: ids leak nothing), then the policy's record rule.
//   Deny by default.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Whether the actor's permission summary allows the action (no record seen). */
export function can(actor: Actor, action: TAction, resource: TResource) {
  return allowed(actor.permissions, action, resource);
}

/**
 * The account a call acts in. `account_id` names the signed-in account or, for a parent account, one
 * of its children; absent, it means the signed-in account. Anything else answers 404.
 */
export function accountIdFor(actor: Actor, requested: string | undefined | null): string {
  if (requested === undefined || requested === null || requested === "") return actor.account.id;
  if (!actor.accountIds.includes(requested)) throw AppError.notFound();
  return requested;
}

/** Whether a record of this account is reachable by the actor. */
export function reaches(actor: Actor, accountId: string): boolean {
  return actor.accountIds.includes(accountId);
}

/** A record rule: may this actor do this to this record (already known to be in a reachable account)? */
export type RecordRule<R> = (actor: Actor, record: R) => boolean;

/** The rules of one kind of record, cancan-style: the permission-summary resource, and per action a record rule. */
export interface Policy<R extends { account_id: string }> {
  resource: TResource;
  rules: Partial<Record<TAction, RecordRule<R>>>;
}

/** Declares a feature's policy (`features/<name>/policy.ts`). An action without a rule needs the summary alone. */
export function definePolicy<R extends { account_id: string }>(
  resource: TResource,
  rules: Partial<Record<TAction, RecordRule<R>>> = {},
): Policy<R> {
  return { resource, rules };
}

/**
 * Denies by default. Without a record: 403 unless the permission summary allows the action on the
 * resource. With a record: also 404 unless the record is in a reachable account, and 403 unless the
 * policy's rule for the action (if any) allows it.
 */
export function authorize(actor: Actor, action: TAction, resource: TResource): void;
export function authorize<R extends { account_id: string }>(
  actor: Actor,
  action: TAction,
  policy: Policy<R>,
  record: R,
): void;
export function authorize<R extends { account_id: string }>(
  actor: Actor,
  action: TAction,
  target: TResource | Policy<R>,
  record?: R,
): void {
  const resource = typeof target === "string" ? target : target.resource;
  if (record !== undefined && !reaches(actor, record.account_id)) throw AppError.notFound();
  if (!allowed(actor.permissions, action, resource)) throw AppError.forbidden();
  if (record !== undefined && typeof target !== "string") {
    const rule = target.rules[action];
    if (rule && !rule(actor, record)) throw AppError.forbidden();
  }
}

/** Tables that hold account data (they carry `account_id`). */
export type AccountTable = {
  [T in keyof DB]: "account_id" extends keyof DB[T] ? T : never;
}[keyof DB];

/** Queries of account data, each narrowed to the accounts the actor reaches. */
export interface ScopedDb {
  /** The reachable accounts (own, and children for a parent). */
  accountIds: string[];
  selectFrom<T extends AccountTable>(table: T): SelectQueryBuilder<DB, T, object>;
  updateTable<T extends AccountTable>(table: T): UpdateQueryBuilder<DB, T, T, never>;
  deleteFrom<T extends AccountTable>(table: T): DeleteQueryBuilder<DB, T, never>;
  /** One record by id in a reachable account, or 404. */
  find<T extends AccountTable>(table: T, id: string): Promise<Selectable<DB[T]>>;
}

/** A query builder that takes a boolean condition (every Kysely builder does; its generic overloads hide it). */
type Narrowable = { where(condition: RawBuilder<boolean>): unknown };

/** The one entry point for account data: `scoped(db, actor).selectFrom("groups")...`. */
export function scoped(db: Kysely<DB>, actor: Actor | { accountIds: string[] }): ScopedDb {
  const ids = actor.accountIds;
  const inReach = (table: string) => sql<boolean>`${sql.ref(`${table}.account_id`)} = ANY(${ids}::uuid[])`;
  const narrow = <Q>(qb: Q, table: string): Q => (qb as unknown as Narrowable).where(inReach(table)) as Q;
  return {
    accountIds: ids,
    selectFrom: (table) => narrow(db.selectFrom(table), table) as never,
    updateTable: (table) => narrow(db.updateTable(table), table) as never,
    deleteFrom: (table) => narrow(db.deleteFrom(table), table) as never,
    find: async (table, id) => {
      if (!isUuid(id)) throw AppError.notFound();
      const query = narrow(db.selectFrom(table), table) as unknown as Narrowable;
      const byId = query.where(sql<boolean>`${sql.ref(`${table}.id`)} = ${id}`) as SelectQueryBuilder<
        DB,
        never,
        object
      >;
      const row = await byId.selectAll().executeTakeFirst();
      if (!row) throw AppError.notFound();
      return row as never;
    },
  };
}

// ---- Kept while features move to the helpers above (docs/architecture.md); new code uses those. ----

/** @deprecated use `accountIdFor(actor, requested)`. */
export async function resolveAccountId(_database: unknown, actor: Actor, requested: string | undefined | null) {
  return accountIdFor(actor, requested);
}

/** @deprecated use `scoped(db, actor).find(table, id)`. */
export async function assertOwned(
  database: { db: Kysely<DB> },
  actor: Actor,
  table: "groups" | "locations" | "users",
  id: string,
): Promise<void> {
  await scoped(database.db, actor).find(table, id);
}

/** @deprecated use `actor.accountIds`. */
export async function reachableAccountIds(_database: unknown, actor: Actor): Promise<string[]> {
  return actor.accountIds;
}
