import { ZResponseCreateSchema, ZResponseListQuerySchema, ZResponseListSchema, ZResponseSchema } from "../reviews.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "responses";

/** Responses to reviews: list, publish through the review's source, delete (docs/product/reviews.md §4). */
export const responseRoutes = {
  listResponses: defineRoute({
    method: "GET",
    path: "/api/responses",
    summary: "The review's response: a list of at most one, empty once deleted",
    tag,
    query: ZResponseListQuerySchema,
    response: ZResponseListSchema,
    access: { action: "read", resource: "review" },
  }),
  getResponse: defineRoute({
    method: "GET",
    path: "/api/responses/:id",
    summary: "One response",
    tag,
    params: ZIdParams,
    response: ZResponseSchema,
    access: { action: "read", resource: "review" },
    idResource: "responses",
  }),
  createResponse: defineRoute({
    method: "POST",
    path: "/api/responses",
    summary: "Responds to a review: stored `pending`, published through the review's source in the background",
    tag,
    body: ZResponseCreateSchema,
    status: 201,
    response: ZResponseSchema,
    access: { action: "respond", resource: "review" },
  }),
  deleteResponse: defineRoute({
    method: "DELETE",
    path: "/api/responses/:id",
    summary: "Deletes a response: `pending_delete`, removed at the source in the background",
    tag,
    params: ZIdParams,
    status: 202,
    response: ZResponseSchema,
    access: { action: "delete", resource: "response" },
    idResource: "responses",
  }),
  retryResponse: defineRoute({
    method: "POST",
    path: "/api/responses/:id/retry",
    summary: "Retry now: publishes (or deletes) a failed response again at once, without waiting for the next retry",
    tag,
    params: ZIdParams,
    status: 202,
    response: ZResponseSchema,
    access: { action: "respond", resource: "review" },
    idResource: "responses",
  }),
};
