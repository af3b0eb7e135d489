import { z } from "zod";
import { ZPermissionsSchema } from "./permissions.ts";

export const PASSWORD_MIN_LENGTH = 8;

export const ZSignInRequestSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z.string().min(1, "Password is required").max(1024),
  confirmation_token: z.string().max(200).optional(),
});
export type TSignInRequest = z.infer<typeof ZSignInRequestSchema>;

export const ZWhitelabelSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  custom_domain: z.string().nullable(),
  logo_left: z.string().nullable(),
  navigation_background_color: z.string().nullable(),
  main_text_color: z.string().nullable(),
  active_text_color: z.string().nullable(),
  background_hover_color: z.string().nullable(),
  hover_text_color: z.string().nullable(),
  support_email: z.string().nullable(),
});
export type TWhitelabel = z.infer<typeof ZWhitelabelSchema>;

export const ZAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  is_parent: z.boolean(),
  vertical: z.string(),
  segment: z.string().nullable(),
  status: z.string(),
  account_active: z.boolean(),
  trial_started_at: z.string().nullable(),
  trial_ended_at: z.string().nullable(),
  daysLeftInTrial: z.number(),
  total_locations: z.number(),
  whitelabel_id: z.string().nullable(),
  customer_success_manager_id: z.string().nullable(),
  customer_success_manager_name: z.string().nullable(),
  review_status_label_id: z.string().nullable(),
  time_zone: z.string(),
  created_at: z.string(),
  _links: z.object({ self: z.object({ href: z.string() }) }).optional(),
});
export type TAccount = z.infer<typeof ZAccountSchema>;

export const ZSessionSchema = z.object({
  token: z.string().optional(),
  user_id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  permissions: ZPermissionsSchema,
  user_type_id: z.number(),
  is_parent: z.boolean(),
  is_account_owner: z.boolean(),
  is_shadowing: z.boolean(),
  is_impersonated: z.boolean(),
  /** The parent account's id when shadowing a child. */
  shadow_parent_account_id: z.string().nullable(),
  status: z.string(),
  expires_at: z.string(),
  account: ZAccountSchema,
  whitelabel: ZWhitelabelSchema.nullable(),
  settings: z.record(z.string(), z.union([z.boolean(), z.string()])),
});
export type TSession = z.infer<typeof ZSessionSchema>;

export const ZSignupRequestSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024),
  account_name: z.string().trim().min(1, "Business name is required").max(200),
  vertical: z.enum(["restaurant", "healthcare", "automotive", "retail", "hospitality", "other"]).default("other"),
  time_zone: z.string().max(64).optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequestSchema>;

export const ZPasswordResetRequestSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
});
export const ZPasswordUpdateSchema = z.object({
  reset_password_token: z.string().min(1, "Reset token is required").max(200),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024),
});
export const ZConfirmSchema = z.object({
  confirmation_token: z.string().min(1, "Confirmation token is required").max(200),
});
export const ZShadowTokenRequestSchema = z.object({
  child_account_id: z.string().min(1, "Child account is required").max(64),
});
