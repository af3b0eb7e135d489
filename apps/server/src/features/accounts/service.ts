import type {
  TAccountExperiment,
  TAccountSetting,
  TAccountSettingPatch,
  TAccountUpdate,
  TSetupProgress,
} from "@starboard/contract/accounts";
import type { TAccount, TWhitelabel } from "@starboard/contract/auth";
import type { TListQuery } from "@starboard/contract/hal";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { halPage } from "../../platform/hal.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { REFRESH_DAILY_STATS } from "../metrics/index.ts";
import { accountPolicy, accountSettingPolicy } from "./policy.ts";
import {
  presentAccount,
  presentAccountExperiment,
  presentAccountSetting,
  presentWhitelabel,
  presentWhitelabelAppearance,
} from "./presenter.ts";
import {
  type AccountRow,
  childAccountList,
  experimentList,
  findAccount,
  findAccountWhitelabel,
  findWhitelabelByDomain,
  type ListOrder,
  settingList,
  updateAccount,
  updateSetting,
} from "./queries.ts";
import { setupProgress } from "./setup-progress.ts";

function present(row: AccountRow): TAccount {
  return presentAccount(row, {
    total_locations: Number(row.total_locations),
    is_parent: Number(row.child_count) > 0 || row.segment === "partner",
  });
}

/**
 * The account with this id if the actor reaches it (its own, or a child of its parent account), else 404;
 * 403 unless the actor may do `action` to it.
 */
async function reachableAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: "read" | "update",
): Promise<AccountRow> {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findAccount(ctx.database.db, id, actor.accountIds);
  if (!row) throw AppError.notFound();
  authorize(actor, action, accountPolicy, { account_id: row.id });
  return row;
}

export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<TAccount> {
  return present(await reachableAccount(ctx, actor, id, "read"));
}

/** The child accounts of a parent the actor reaches (by default the account it acts in). */
export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  query: TListQuery & { parent_id?: string | undefined },
  url: string,
) {
  const accountId = accountIdFor(actor, query.account_id);
  const parentId = query.parent_id ? accountIdFor(actor, query.parent_id) : accountId;
  const list = childAccountList(ctx.database.db, {
    parentId,
    // Without parent_id: every account the caller reaches, its own included (as ReviewTrackers' GET /accounts).
    accountIds: query.parent_id ? undefined : actor.accountIds,
    keywords: query.keywords,
    typeahead: query.search_type === "typeahead",
    sortBy: query["sort[by]"] === "created_at" ? "created_at" : "name",
    order: sortOrder(query["sort[order]"]),
  });
  return offsetPage({
    key: "accounts",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(present),
  });
}

/** Admins change the name and time zone; a new time zone recounts the account's daily roll-ups. */
export async function patchAccount(ctx: AppContext, actor: Actor, id: string, input: TAccountUpdate) {
  const row = await reachableAccount(ctx, actor, id, "update");
  const values: TAccountUpdate = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.time_zone !== undefined) values.time_zone = input.time_zone;
  if (Object.keys(values).length > 0) {
    // The daily roll-ups (metrics, review list totals) are days in the account's time zone: a new
    // time zone and the job that recounts them commit together.
    await ctx.database.db.transaction().execute(async (trx) => {
      await updateAccount(trx, row.id, values);
      if (values.time_zone !== undefined && values.time_zone !== row.time_zone) {
        await ctx.jobs.send(REFRESH_DAILY_STATS, { accountId: row.id }, { trx });
      }
    });
  }
  return getAccount(ctx, actor, row.id);
}

export async function getSetupProgress(ctx: AppContext, actor: Actor, id: string): Promise<TSetupProgress> {
  const row = await reachableAccount(ctx, actor, id, "read");
  return setupProgress(ctx.database, row.id);
}

/** The order of a settings or experiments list: relevance (with keywords), a sortable column, or the default. */
function listOrder(query: TListQuery, sortable: string[], fallback: string): ListOrder {
  const by = query["sort[by]"];
  const keywords = query.keywords?.trim();
  if (by === "relevance" && keywords) return { relevance: keywords };
  if (by && sortable.includes(by)) return { column: by, direction: sortOrder(query["sort[order]"]) };
  return { column: fallback, direction: "asc" };
}

/** Settings: everyone in the account reads them (the session carries them anyway); `code` is searched. */
export async function listAccountSettings(ctx: AppContext, actor: Actor, query: TListQuery, url: string) {
  const list = settingList(scoped(ctx.database.db, actor), {
    accountId: accountIdFor(actor, query.account_id),
    keywords: query.keywords,
    searchType: query.search_type,
    order: listOrder(query, ["code"], "code"),
  });
  return offsetPage({
    key: "account_settings",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentAccountSetting),
  });
}

export async function getAccountSetting(ctx: AppContext, actor: Actor, id: string): Promise<TAccountSetting> {
  const setting = await scoped(ctx.database.db, actor).find("account_settings", id);
  authorize(actor, "read", accountPolicy, setting);
  return presentAccountSetting(setting);
}

/** Admins change a value; a boolean is stored as the string true or false. PUT is the same (one field). */
export async function patchAccountSetting(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TAccountSettingPatch,
): Promise<TAccountSetting> {
  const setting = await scoped(ctx.database.db, actor).find("account_settings", id);
  authorize(actor, "update", accountSettingPolicy, setting);
  if (input.value === undefined) return presentAccountSetting(setting);
  return presentAccountSetting(await updateSetting(ctx.database.db, setting.id, String(input.value)));
}

/** Experiments are read-only through the API; `name` is searched. */
export async function listAccountExperiments(ctx: AppContext, actor: Actor, query: TListQuery, url: string) {
  const list = experimentList(scoped(ctx.database.db, actor), {
    accountId: accountIdFor(actor, query.account_id),
    keywords: query.keywords,
    searchType: query.search_type,
    order: listOrder(query, ["name", "created_at"], "name"),
  });
  return offsetPage({
    key: "account_experiments",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentAccountExperiment),
  });
}

export async function getAccountExperiment(ctx: AppContext, actor: Actor, id: string): Promise<TAccountExperiment> {
  const experiment = await scoped(ctx.database.db, actor).find("account_experiments", id);
  authorize(actor, "read", accountPolicy, experiment);
  return presentAccountExperiment(experiment);
}

/** The whitelabel of the account the call acts in; 404 when it has none. */
export async function myWhitelabel(ctx: AppContext, actor: Actor, accountId: string | undefined): Promise<TWhitelabel> {
  const row = await findAccountWhitelabel(ctx.database.db, accountIdFor(actor, accountId));
  if (!row) throw AppError.notFound("This account has no whitelabel.");
  return presentWhitelabel(row);
}

/** Signed-out: the presentation of the whitelabel serving a custom domain (zero or one). */
export async function whitelabelsByDomain(ctx: AppContext, customDomain: string, url: string) {
  const row = await findWhitelabelByDomain(ctx.database.db, customDomain);
  const items = row ? [presentWhitelabelAppearance(row)] : [];
  return halPage("whitelabels", items, items.length, { url, page: 1, perPage: 1 });
}
