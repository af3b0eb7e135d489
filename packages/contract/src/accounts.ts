import { ZAccountSchema, ZWhitelabelSchema } from "./auth.ts";
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

/** A valid IANA time zone name (the runtime's own list). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZAccountListQuerySchema = ZListQuerySchema.extend({
  parent_id: z.string().max(100).optional(),
});

export const ZAccountListSchema = ZHalPageSchema("accounts", ZAccountSchema);
export type TAccountList = z.infer<typeof ZAccountListSchema>;

export const ZAccountUpdateSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long").optional(),
  time_zone: z.string().max(64).refine(isTimeZone, "Choose a valid time zone").optional(),
});
export type TAccountUpdate = z.infer<typeof ZAccountUpdateSchema>;

/** The trial checklist (docs/product/locations.md §3 "Trial setup progress"). */
export const ZSetupProgressSchema = z.object({
  stage: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  ask_campaigns_exist: z.boolean(),
  facebook_integration_exists: z.boolean(),
  multiple_users_in_account_exists: z.boolean(),
  responses_exist: z.boolean(),
  google_url_scanned: z.boolean(),
});
export type TSetupProgress = z.infer<typeof ZSetupProgressSchema>;

/** One account setting: values are the stored strings ("true", "false" or other text). */
export const ZAccountSettingSchema = z.object({ id: z.string(), code: z.string(), value: z.string() });
export type TAccountSetting = z.infer<typeof ZAccountSettingSchema>;

/** A setting's new value: booleans are stored as the strings true and false. */
export const ZAccountSettingUpdateSchema = z.object({
  value: z.union([z.boolean(), z.string().max(1000, "Value is too long")]),
});
/** PATCH: the same, every field optional (PUT is a full replace with the same handler). */
export const ZAccountSettingPatchSchema = ZAccountSettingUpdateSchema.partial();
export type TAccountSettingPatch = z.infer<typeof ZAccountSettingPatchSchema>;
export const ZAccountSettingListSchema = ZHalPageSchema("account_settings", ZAccountSettingSchema);

export const ZAccountExperimentSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  variant: z.string(),
  created_at: z.string(),
});
export type TAccountExperiment = z.infer<typeof ZAccountExperimentSchema>;
export const ZAccountExperimentListSchema = ZHalPageSchema("account_experiments", ZAccountExperimentSchema);

/** What a sign-in page on a custom domain may know of its whitelabel: presentation only. */
export const ZWhitelabelAppearanceSchema = ZWhitelabelSchema.pick({
  name: true,
  logo_left: true,
  navigation_background_color: true,
  main_text_color: true,
  active_text_color: true,
  background_hover_color: true,
  hover_text_color: true,
});
export type TWhitelabelAppearance = z.infer<typeof ZWhitelabelAppearanceSchema>;
/** Zero or one whitelabel: the one serving the custom domain. */
export const ZWhitelabelListSchema = ZHalPageSchema("whitelabels", ZWhitelabelAppearanceSchema);

/** GET /api/mywhitelabel: the account the call acts in. */
export const ZMyWhitelabelQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  nonce: z.string().optional(),
});

export const ZWhitelabelQuerySchema = z.object({
  custom_domain: z.string().trim().min(1, "custom_domain is required").max(253),
  nonce: z.string().optional(),
});
