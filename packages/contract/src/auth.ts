import { ZPermissionsSchema } from "./permissions.ts";
import { z } from "./zod.ts";

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

/**
 * The trial facts the client shows, decided on the server from the account, its settings and the session:
 * `has_trial` (the account is on a trial, or has a trial end date), `banner` (the trial banner applies to
 * this session: a trial account that is neither a parent nor whitelabelled, unless its `trial_banner`
 * setting is off), `days_left` (whole days until the trial ends, 0 once it has; null without an end date).
 */
export const ZSessionTrialSchema = z.object({
  has_trial: z.boolean(),
  banner: z.boolean(),
  days_left: z.number().nullable(),
});
export type TSessionTrial = z.infer<typeof ZSessionTrialSchema>;

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
  /** The operator (provider staff) who entered the account, in an impersonated session; else null. */
  impersonated_by: z.string().nullable(),
  /** The parent account's id when shadowing a child. */
  shadow_parent_account_id: z.string().nullable(),
  status: z.string(),
  expires_at: z.string(),
  account: ZAccountSchema,
  whitelabel: ZWhitelabelSchema.nullable(),
  settings: z.record(z.string(), z.union([z.boolean(), z.string()])),
  trial: ZSessionTrialSchema,
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

/** POST /api/auth: a JSON body, or none with HTTP Basic email:password. */
export const ZSignInBodySchema = ZSignInRequestSchema.nullish();

/** A confirmation the client shows as it is. */
export const ZMessageSchema = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZResetTokenQuerySchema = z.object({ reset_password_token: z.string().min(1).max(200) });
/** GET /api/passwords: the reset link still works (otherwise 404). */
export const ZResetTokenCheckSchema = z.object({ valid: z.boolean() });

/** A one-time sign-in link for the current user. */
export const ZSsoTokenSchema = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type TSsoToken = z.infer<typeof ZSsoTokenSchema>;
export const ZSsoSignInSchema = z.object({ token: z.string().min(1, "Token is required").max(200) });
