import type { TGroup, TGroupCreate, TGroupList, TGroupListQuery, TGroupWrite } from "@starboard/contract/locations";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { groupPolicy } from "./policy.ts";
import { presentGroup } from "./presenter.ts";
import {
  countGroups,
  deleteGroup as deleteGroupRow,
  type GroupFilter,
  type GroupRow,
  insertGroup,
  locationsOfAccount,
  membersOf,
  selectGroups,
  setMembers,
  updateGroup as updateGroupRow,
} from "./queries.ts";

/** The rows with their members (one query for the page). */
async function present(db: Kysely<DB>, rows: GroupRow[]): Promise<TGroup[]> {
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentGroup(r, members.get(r.id)));
}

/** GET /api/groups: the account's groups (the signed-in account, or `account_id`). */
export async function listGroups(
  ctx: AppContext,
  actor: Actor,
  query: TGroupListQuery,
  url: string,
): Promise<TGroupList> {
  const filter: GroupFilter = {
    accountId: accountIdFor(actor, query.account_id),
    keywords: query.keywords,
    searchType: query.search_type,
  };
  if (query.location_id !== undefined) filter.locationId = isUuid(query.location_id) ? query.location_id : null;
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "groups",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countGroups(db, filter),
    rows: (limit, offset) =>
      selectGroups(db, filter, { by: query["sort[by]"], order: query["sort[order]"] }, limit, offset),
    present: (rows) => present(ctx.database.db, rows),
  });
}

async function findGroup(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const row = await scoped(ctx.database.db, actor).find("groups", id);
  authorize(actor, action, groupPolicy, row);
  return row;
}

export async function getGroup(ctx: AppContext, actor: Actor, id: string): Promise<TGroup> {
  const [item] = await present(ctx.database.db, [await findGroup(ctx, actor, id, "read")]);
  return item!;
}

/** The members to set (each once), when `location_ids` was sent: every one a location of the account, else 404. */
async function membersToSet(ctx: AppContext, accountId: string, locationIds: string[] | undefined) {
  if (locationIds === undefined) return undefined;
  const ids = [...new Set(locationIds)];
  if ((await locationsOfAccount(ctx.database.db, accountId, ids)).length !== ids.length)
    throw AppError.notFound("Location not found.");
  return ids;
}

/** POST /api/groups: the group and its members, at once. */
export async function createGroup(ctx: AppContext, actor: Actor, input: TGroupCreate): Promise<TGroup> {
  const accountId = accountIdFor(actor, input.account_id);
  const members = await membersToSet(ctx, accountId, input.location_ids);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const group = await insertGroup(trx, { account_id: accountId, name: input.name });
    if (members) await setMembers(trx, group.id, members);
    return group;
  });
  const [item] = await present(ctx.database.db, [row]);
  return item!;
}

/** PATCH and PUT /api/groups/{id}: the name and, when `location_ids` is sent, the members, at once. */
export async function updateGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TGroupWrite>,
): Promise<TGroup> {
  const group = await findGroup(ctx, actor, id, "update");
  const members = await membersToSet(ctx, group.account_id, input.location_ids);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const updated = await updateGroupRow(trx, group.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      updated_at: new Date(),
    });
    if (members) await setMembers(trx, group.id, members);
    return updated;
  });
  const [item] = await present(ctx.database.db, [row]);
  return item!;
}

/** DELETE /api/groups/{id}: its locations stay. */
export async function deleteGroup(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const group = await findGroup(ctx, actor, id, "delete");
  await deleteGroupRow(ctx.database.db, group.id);
  return null;
}
