import { PASSWORD_MIN_LENGTH } from "./auth.ts";
import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { USER_TYPES } from "./permissions.ts";
import { z } from "./zod.ts";

const userTypeIds = USER_TYPES.map((t) => t.id) as number[];

const ZEmail = z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address");
const ZName = z.string().trim().min(1, "Name is required").max(200, "Name is too long");
const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, "Password is too long");
const ZUserTypeId = z.coerce
  .number()
  .int()
  .refine((id) => userTypeIds.includes(id), "Choose a valid user type");

/** A user as the API presents it (never with its password hash). */
export const ZUserSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  user_type_id: z.number(),
  user_type: z.string(),
  profile_name: z.string().nullable(),
  is_account_owner: z.boolean(),
  is_shadow: z.boolean(),
  status: z.string(),
  created_at: z.string(),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});
export type TUser = z.infer<typeof ZUserSchema>;
export const ZUserListSchema = ZHalPageSchema("users", ZUserSchema);
export type TUserList = z.infer<typeof ZUserListSchema>;

export const ZUserListQuerySchema = ZListQuerySchema.extend({
  include_shadow_users: z.enum(["true", "false", "1", "0"]).optional(),
});

export const ZUserCreateSchema = z.object({
  account_id: z.string().max(100).optional(),
  email: ZEmail,
  name: ZName,
  user_type_id: ZUserTypeId,
  profile_name: z.string().trim().max(200).nullish(),
  /** Absent: the new user gets an e-mail with a link to choose a password. */
  password: ZPassword.optional(),
});
export type TUserCreate = z.infer<typeof ZUserCreateSchema>;

/** PATCH: details (admins for anyone; everyone for their own name and e-mail), or one's own password. */
export const ZUserUpdateSchema = z.object({
  email: ZEmail.optional(),
  name: ZName.optional(),
  user_type_id: ZUserTypeId.optional(),
  profile_name: z.string().trim().max(200).nullish(),
  current_password: z.string().max(1024).optional(),
  password: ZPassword.optional(),
});
export type TUserUpdate = z.infer<typeof ZUserUpdateSchema>;

/** PUT: the full set of details. */
export const ZUserReplaceSchema = z.object({
  email: ZEmail,
  name: ZName,
  user_type_id: ZUserTypeId,
  profile_name: z.string().trim().max(200).nullish(),
});
export type TUserReplace = z.infer<typeof ZUserReplaceSchema>;

export const ZUserTypeSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type TUserType = z.infer<typeof ZUserTypeSchema>;
export const ZUserTypeListSchema = ZHalPageSchema("user_types", ZUserTypeSchema);
