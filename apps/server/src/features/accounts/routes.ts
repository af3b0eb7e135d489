import { accountRoutes } from "@starboard/contract/routes/accounts";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as accounts from "./service.ts";

/** Accounts, settings, experiments, whitelabels: validate (the route's schemas) → authorize → service. */
export function accountHandlers(ctx: AppContext) {
  return [
    handle(accountRoutes.listAccounts, ({ actor, query, request }) =>
      accounts.listAccounts(ctx, actor, query, request.url),
    ),
    handle(accountRoutes.getAccount, ({ actor, params }) => accounts.getAccount(ctx, actor, params.id)),
    handle(accountRoutes.updateAccount, ({ actor, params, body }) =>
      accounts.patchAccount(ctx, actor, params.id, body),
    ),
    handle(accountRoutes.setupProgress, ({ actor, params }) => accounts.getSetupProgress(ctx, actor, params.id)),
    handle(accountRoutes.listAccountSettings, ({ actor, query, request }) =>
      accounts.listAccountSettings(ctx, actor, query, request.url),
    ),
    handle(accountRoutes.getAccountSetting, ({ actor, params }) => accounts.getAccountSetting(ctx, actor, params.id)),
    handle(accountRoutes.patchAccountSetting, ({ actor, params, body }) =>
      accounts.patchAccountSetting(ctx, actor, params.id, body),
    ),
    handle(accountRoutes.replaceAccountSetting, ({ actor, params, body }) =>
      accounts.patchAccountSetting(ctx, actor, params.id, body),
    ),
    handle(accountRoutes.listAccountExperiments, ({ actor, query, request }) =>
      accounts.listAccountExperiments(ctx, actor, query, request.url),
    ),
    handle(accountRoutes.getAccountExperiment, ({ actor, params }) =>
      accounts.getAccountExperiment(ctx, actor, params.id),
    ),
    handle(accountRoutes.myWhitelabel, ({ actor, query }) => accounts.myWhitelabel(ctx, actor, query.account_id)),
    // Signed out: a custom domain's sign-in page needs its colours and logo before anyone signs in.
    handle(accountRoutes.whitelabelsByDomain, ({ query, request }) =>
      accounts.whitelabelsByDomain(ctx, query.custom_domain, request.url),
    ),
  ];
}
