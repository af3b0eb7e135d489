import { z } from "zod";
import {
  ZReviewHistoryListSchema,
  ZReviewHistoryQuerySchema,
  ZReviewListQuerySchema,
  ZReviewListSchema,
  ZReviewSchema,
  ZReviewUpdateSchema,
} from "../reviews.ts";
import { defineRoute } from "../route.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "reviews";

/** The review list, detail, status label and history. */
export const reviewRoutes = {
  listReviews: defineRoute({
    method: "GET",
    path: "/api/reviews",
    summary: "Reviews of the account, newest first, by cursor (`before` / `after`) or by `page`",
    tag,
    query: ZReviewListQuerySchema,
    response: ZReviewListSchema,
    access: { action: "read", resource: "review" },
  }),
  getReview: defineRoute({
    method: "GET",
    path: "/api/reviews/:id",
    summary: "One review, in the shape of a list item",
    tag,
    params: ZIdParams,
    response: ZReviewSchema,
    access: { action: "read", resource: "review" },
    idResource: "reviews",
  }),
  updateReview: defineRoute({
    method: "PATCH",
    path: "/api/reviews/:id",
    summary: "Sets or clears the review's status label (recorded in its history)",
    tag,
    params: ZIdParams,
    body: ZReviewUpdateSchema,
    response: ZReviewSchema,
    access: { action: "update", resource: "review" },
    idResource: "reviews",
  }),
  reviewHistory: defineRoute({
    method: "GET",
    path: "/api/reviews/:id/history",
    summary: "What happened to the review, newest first",
    tag,
    params: ZIdParams,
    query: ZReviewHistoryQuerySchema,
    response: ZReviewHistoryListSchema,
    access: { action: "read", resource: "review" },
    idResource: "reviews",
  }),
};
