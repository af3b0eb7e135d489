import type { Feature } from "../../platform/feature.ts";
import { accountHandlers } from "./routes.ts";

/** Accounts: the account, its children, settings, experiments, whitelabel and setup progress. */
export const accountsFeature: Feature = {
  name: "accounts",
  routes: accountHandlers,
};

export { presentAccount, presentWhitelabel } from "./presenter.ts";
export { accountName, accountSettingOn, accountSettingValue, accountTimeZone, findWhitelabel } from "./queries.ts";
export { DEFAULT_ACCOUNT_SETTINGS } from "./settings.ts";
export { daysLeftInTrial, trialOf } from "./trial.ts";
