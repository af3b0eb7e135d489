import { z } from "zod";

const ZUuid = z.string().uuid("Must be a valid id");
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).nullish();

export const ZGroupWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  /** Sets the group's locations; each must belong to the group's account. */
  location_ids: z.array(ZUuid).max(10_000).optional(),
});

export const ZGroupSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  location_ids: z.array(z.string()),
  active_location_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TGroup = z.infer<typeof ZGroupSchema>;

export const ZGroupListQuerySchema = z.object({ location_id: z.string().max(100).optional() });

export const OPEN_STATUSES = ["active", "temporarily_inactive", "inactive"] as const;

/** The columns of a location a client may write. The form rules of locations.md come with the location form. */
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

export const ZLocationListQuerySchema = z.object({
  group_id: z.string().max(100).optional(),
  /** Comma-separated ids, or the parameter repeated. */
  ids: z.union([z.string().max(20_000), z.array(z.string().max(100)).max(500)]).optional(),
});

export const ZLocationSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  is_headquarters: z.boolean(),
  group_ids: z.array(z.string()),
});
export type TLocation = z.infer<typeof ZLocationSchema> & Record<string, unknown>;
