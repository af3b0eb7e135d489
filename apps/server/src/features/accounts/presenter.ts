import type { TAccountExperiment, TAccountSetting, TWhitelabelAppearance } from "@starboard/contract/accounts";
import type { TAccount, TWhitelabel } from "@starboard/contract/auth";
import type { Selectable } from "kysely";
import type { Account, AccountExperimentsTable, AccountSettingsTable, WhitelabelsTable } from "../../db/schema.ts";
import { daysLeftInTrial } from "./trial.ts";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function presentAccount(a: Account, extra: { total_locations: number; is_parent: boolean }): TAccount {
  return {
    id: a.id,
    name: a.name,
    parent_id: a.parent_id,
    is_parent: extra.is_parent,
    vertical: a.vertical,
    segment: a.segment,
    status: a.status,
    account_active: a.account_active,
    trial_started_at: iso(a.trial_started_at),
    trial_ended_at: iso(a.trial_ended_at),
    daysLeftInTrial: daysLeftInTrial(a.trial_ended_at ? new Date(a.trial_ended_at) : null),
    total_locations: extra.total_locations,
    whitelabel_id: a.whitelabel_id,
    customer_success_manager_id: a.customer_success_manager_id,
    customer_success_manager_name: a.customer_success_manager_name,
    review_status_label_id: a.review_status_label_id,
    time_zone: a.time_zone,
    created_at: new Date(a.created_at).toISOString(),
    _links: { self: { href: `/api/accounts/${a.id}` } },
  };
}

export function presentWhitelabel(w: Selectable<WhitelabelsTable>): TWhitelabel {
  return {
    id: w.id,
    name: w.name,
    custom_domain: w.custom_domain,
    logo_left: w.logo_left,
    navigation_background_color: w.navigation_background_color,
    main_text_color: w.main_text_color,
    active_text_color: w.active_text_color,
    background_hover_color: w.background_hover_color,
    hover_text_color: w.hover_text_color,
    support_email: w.support_email,
  };
}

/** Presentation fields only: what a custom domain's sign-in page needs, without ids or contacts. */
export function presentWhitelabelAppearance(w: Selectable<WhitelabelsTable>): TWhitelabelAppearance {
  return {
    name: w.name,
    logo_left: w.logo_left,
    navigation_background_color: w.navigation_background_color,
    main_text_color: w.main_text_color,
    active_text_color: w.active_text_color,
    background_hover_color: w.background_hover_color,
    hover_text_color: w.hover_text_color,
  };
}

/** Settings keep their stored string values here (the session maps true/false to booleans). */
export function presentAccountSetting(row: Selectable<AccountSettingsTable>): TAccountSetting {
  return { id: row.id, code: row.code, value: row.value };
}

export function presentAccountExperiment(row: Selectable<AccountExperimentsTable>): TAccountExperiment {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    variant: row.variant,
    created_at: new Date(row.created_at).toISOString(),
  };
}
