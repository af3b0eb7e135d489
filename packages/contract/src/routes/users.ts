import { ZListQuerySchema } from "../hal.ts";
import { defineRoute } from "../route.ts";
import {
  ZUserCreateSchema,
  ZUserListQuerySchema,
  ZUserListSchema,
  ZUserReplaceSchema,
  ZUserSchema,
  ZUserTypeListSchema,
  ZUserUpdateSchema,
} from "../users.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "users";

/** Users of an account and the user types. */
export const userRoutes = {
  listUsers: defineRoute({
    method: "GET",
    path: "/api/users",
    summary: "The account's users, by keywords on name or e-mail (shadow users only when asked)",
    tag,
    query: ZUserListQuerySchema,
    response: ZUserListSchema,
    access: { action: "read", resource: "user" },
  }),
  getUser: defineRoute({
    method: "GET",
    path: "/api/users/:id",
    summary: "One user (anyone reads themselves; other users need user read)",
    tag,
    params: ZIdParams,
    response: ZUserSchema,
    access: "session",
    idResource: "users",
  }),
  createUser: defineRoute({
    method: "POST",
    path: "/api/users",
    summary: "Adds a user; without a password the new user is e-mailed a link to choose one",
    tag,
    body: ZUserCreateSchema,
    status: 201,
    response: ZUserSchema,
    access: { action: "create", resource: "user" },
  }),
  updateUser: defineRoute({
    method: "PATCH",
    path: "/api/users/:id",
    summary: "Changes a user's details (Admins for anyone; everyone their own), or one's own password",
    tag,
    params: ZIdParams,
    body: ZUserUpdateSchema,
    response: ZUserSchema,
    access: "session",
    idResource: "users",
  }),
  replaceUser: defineRoute({
    method: "PUT",
    path: "/api/users/:id",
    summary: "Sets a user's details (all of email, name and user_type_id)",
    tag,
    params: ZIdParams,
    body: ZUserReplaceSchema,
    response: ZUserSchema,
    access: "session",
    idResource: "users",
  }),
  deleteUser: defineRoute({
    method: "DELETE",
    path: "/api/users/:id",
    summary: "Deletes a user (never oneself nor the account owner)",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "user" },
    idResource: "users",
  }),
  listUserTypes: defineRoute({
    method: "GET",
    path: "/api/user_types",
    summary: "The six user types",
    tag,
    query: ZListQuerySchema,
    response: ZUserTypeListSchema,
    access: "session",
    shared: true,
  }),
};
