import type { TAccountUpdate, TSetupProgress } from "@starboard/contract/accounts";
import type { TAccount, TWhitelabel } from "@starboard/contract/auth";
import type { TListQuery } from "@starboard/contract/hal";
import { sql } from "kysely";
import { authorize, isUuid, reachableAccountIds, resolveAccountId } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage, offsetOf } from "../../platform/hal.ts";
import { REFRESH_DAILY_STATS } from "../metrics/jobs.ts";
import { presentAccount, presentWhitelabel, presentWhitelabelAppearance } from "./presenter.ts";
import { type AccountRow, findAccount, listChildAccounts, updateAccount } from "./queries.ts";
import { setupProgress } from "./setup-progress.ts";

function present(row: AccountRow): TAccount {
  return presentAccount(row, {
    total_locations: Number(row.total_locations),
    is_parent: Number(row.child_count) > 0 || row.segment === "partner",
  });
}

/** The account with this id if the actor reaches it (its own, or a child of its parent account), else 404. */
async function reachableAccount(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findAccount(ctx.database, id, await reachableAccountIds(ctx.database, actor));
  if (!row) throw AppError.notFound();
  return row;
}

export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<TAccount> {
  authorize(actor, "read", "account");
  return present(await reachableAccount(ctx, actor, id));
}

/** The child accounts of a parent the actor reaches (by default the account it acts in). */
export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery & { parent_id?: string | undefined },
  url: string,
) {
  authorize(actor, "read", "account");
  const accountId = await resolveAccountId(ctx.database, actor, query.account_id);
  const parentId = query.parent_id ? await resolveAccountId(ctx.database, actor, query.parent_id) : accountId;
  const sortBy = query["sort[by]"] === "created_at" ? "created_at" : "name";
  const order = query["sort[order]"]?.toLowerCase() === "desc" ? "desc" : "asc";
  const { rows, total } = await listChildAccounts(ctx.database, {
    parentId,
    keywords: query.keywords,
    typeahead: query.search_type === "typeahead",
    sortBy,
    order,
    limit: query.per_page,
    offset: offsetOf({ page: query.page, perPage: query.per_page }),
  });
  return halPage("accounts", rows.map(present), total, { url, page: query.page, perPage: query.per_page });
}

export async function patchAccount(ctx: AppContext, actor: Actor, id: string, input: TAccountUpdate) {
  authorize(actor, "update", "account");
  const row = await reachableAccount(ctx, actor, id);
  const values: TAccountUpdate = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.time_zone !== undefined) values.time_zone = input.time_zone;
  if (Object.keys(values).length > 0) await updateAccount(ctx.database, row.id, values);
  // The daily roll-ups (metrics, review list totals) are days in the account's time zone: recount them.
  if (values.time_zone !== undefined && values.time_zone !== row.time_zone) {
    await ctx.jobs.send(REFRESH_DAILY_STATS, { accountId: row.id });
  }
  return getAccount(ctx, actor, row.id);
}

export async function getSetupProgress(ctx: AppContext, actor: Actor, id: string): Promise<TSetupProgress> {
  authorize(actor, "read", "account");
  const row = await reachableAccount(ctx, actor, id);
  return setupProgress(ctx.database, row.id);
}

/** The whitelabel of the account the call acts in; 404 when it has none. */
export async function myWhitelabel(ctx: AppContext, actor: Actor, accountId: string | undefined): Promise<TWhitelabel> {
  const id = await resolveAccountId(ctx.database, actor, accountId);
  const row = await ctx.database.db
    .selectFrom("accounts as a")
    .innerJoin("whitelabels as w", "w.id", "a.whitelabel_id")
    .selectAll("w")
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound("This account has no whitelabel.");
  return presentWhitelabel(row);
}

/** Signed-out: the presentation of the whitelabel serving a custom domain (zero or one). */
export async function whitelabelsByDomain(ctx: AppContext, customDomain: string, url: string) {
  const row = await ctx.database.db
    .selectFrom("whitelabels")
    .selectAll()
    .where(sql`lower(custom_domain)`, "=", customDomain.trim().toLowerCase())
    .executeTakeFirst();
  const items = row ? [presentWhitelabelAppearance(row)] : [];
  return halPage("whitelabels", items, items.length, { url, page: 1, perPage: 1 });
}
