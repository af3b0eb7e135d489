import type { TSessionTrial } from "@starboard/contract/auth";
import type { Account } from "../../db/schema.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Days left in the trial, from trial_ended_at; -1 when there is none. */
export function daysLeftInTrial(trialEndedAt: Date | null, now = new Date()): number {
  if (!trialEndedAt) return -1;
  return Math.max(0, Math.ceil((trialEndedAt.getTime() - now.getTime()) / DAY));
}

/**
 * The trial facts of a session (docs/product/locations.md §4 "Trial banner"): the banner shows to a trial account
 * that is neither a parent nor whitelabelled, unless its `trial_banner` setting is off; an account
 * has a trial while its status is trial or it has a trial end date.
 */
export function trialOf(
  account: Pick<Account, "status" | "trial_ended_at" | "whitelabel_id">,
  session: { isParent: boolean; settings: Record<string, boolean | string> },
  now = new Date(),
): TSessionTrial {
  const endsAt = account.trial_ended_at ? new Date(account.trial_ended_at) : null;
  const bannerSetting = session.settings.trial_banner;
  const bannerOn = bannerSetting === undefined || bannerSetting === true || bannerSetting === "true";
  return {
    has_trial: account.status === "trial" || endsAt !== null,
    banner: account.status === "trial" && !session.isParent && !account.whitelabel_id && bannerOn,
    days_left: endsAt ? daysLeftInTrial(endsAt, now) : null,
  };
}
