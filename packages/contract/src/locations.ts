import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { z } from "./zod.ts";

const ZUuid = z.string().uuid("Must be a valid id");
const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).nullish();

// --- Groups -------------------------------------------------------------------------------------

export const ZGroupWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  /** Sets the group's locations; each must belong to the group's account. */
  location_ids: z.array(ZUuid).max(10_000).optional(),
});
export type TGroupWrite = z.infer<typeof ZGroupWriteSchema>;
/** POST /api/groups: in the signed-in account, or in `account_id` (a child account). */
export const ZGroupCreateSchema = ZGroupWriteSchema.extend({ account_id: ZId.optional() });
export type TGroupCreate = z.infer<typeof ZGroupCreateSchema>;
/** PATCH: any of the fields (PUT sends them all). */
export const ZGroupPatchSchema = ZGroupWriteSchema.partial();

export const ZGroupSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  /** Every member, by location name. */
  location_ids: z.array(z.string()),
  /** The members not permanently closed (open_status other than inactive). */
  active_location_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TGroup = z.infer<typeof ZGroupSchema>;
export const ZGroupListSchema = ZHalPageSchema("groups", ZGroupSchema);
export type TGroupList = z.infer<typeof ZGroupListSchema>;

/** Sorted by `sort[by]` (`name`, `created_at`, `updated_at`, or `relevance` with keywords); by name otherwise. */
export const ZGroupListQuerySchema = ZListQuerySchema.extend({
  /** Only the groups this location belongs to. */
  location_id: ZId.optional(),
});
export type TGroupListQuery = z.infer<typeof ZGroupListQuerySchema>;

// --- Locations ----------------------------------------------------------------------------------

export const OPEN_STATUSES = ["active", "temporarily_inactive", "inactive"] as const;

/** The columns of a location a client may write. The form rules of docs/product/locations.md come with the location form. */
export const ZLocationWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  public_name: text(200),
  address: text(255),
  address_2: text(255),
  city: text(100),
  state: text(100),
  state_id: ZUuid.nullish(),
  country: text(100),
  country_id: ZUuid.nullish(),
  zipcode: text(20),
  phone: text(40),
  website: text(2000),
  external_id: text(100),
  google_place_id: text(200),
  category_id: text(100),
  category_name: text(200),
  is_headquarters: z.boolean().optional(),
  open_status: z.enum(OPEN_STATUSES).optional(),
  hours: z.record(z.string().max(50), z.unknown()).nullish(),
  time_zone: text(64),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type TLocationWrite = z.infer<typeof ZLocationWriteSchema>;
/** POST /api/locations: in the signed-in account, or in `account_id` (a child account). */
export const ZLocationCreateSchema = ZLocationWriteSchema.extend({ account_id: ZId.optional() });
export type TLocationCreate = z.infer<typeof ZLocationCreateSchema>;
/** PATCH: any of the fields (PUT sends them all). */
export const ZLocationPatchSchema = ZLocationWriteSchema.partial();

/** Sorted by `sort[by]` (`name`, `city`, `state`, `zipcode`, `created_at`, `updated_at`, or `relevance` with keywords); by name otherwise. */
export const ZLocationListQuerySchema = ZListQuerySchema.extend({
  /** Only the locations of this group (repeated: of any of these groups). */
  group_id: z.union([ZId, z.array(ZId).max(500)]).optional(),
  /** Comma-separated ids, or the parameter repeated; ids that are not UUIDs match nothing. */
  ids: z.union([z.string().max(20_000), z.array(ZId).max(500)]).optional(),
});
export type TLocationListQuery = z.infer<typeof ZLocationListQuerySchema>;

/** Every column of a location, the groups it belongs to, and a self link. */
export const ZLocationSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  public_name: z.string().nullable(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  state_id: z.string().nullable(),
  country: z.string().nullable(),
  country_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  external_id: z.string().nullable(),
  google_place_id: z.string().nullable(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  is_headquarters: z.boolean(),
  /** One of OPEN_STATUSES. */
  open_status: z.string(),
  hours: z.record(z.string(), z.unknown()).nullable(),
  time_zone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The groups the location belongs to, by group name. */
  group_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TLocation = z.infer<typeof ZLocationSchema>;
export const ZLocationListSchema = ZHalPageSchema("locations", ZLocationSchema);
export type TLocationList = z.infer<typeof ZLocationListSchema>;
