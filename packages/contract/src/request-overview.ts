import { z } from "./zod.ts";

// The ask tool's overview (docs/product/reviews.md §2 "/request-reviews/overview"; issue 16 "the funnel from sent to
// completed, reviews by source and location"; docs/api.md "Request overview").

/** The funnel's steps, in order: each counts the requests that reached at least that step. */
export const REQUEST_FUNNEL_STEPS = [
  { key: "sent", label: "Sent" },
  { key: "delivered", label: "Delivered" },
  { key: "opened", label: "Opened" },
  { key: "clicked", label: "Clicked" },
  { key: "completed", label: "Completed" },
] as const;
export type TRequestFunnelStep = (typeof REQUEST_FUNNEL_STEPS)[number]["key"];

export const ZRequestOverviewQuerySchema = z.object({
  account_id: z.string().max(100).optional(),
  /** YYYY-MM-DD, inclusive, in the account's time zone; or a preset (dateDescriptor). Default: six months. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  dateDescriptor: z.string().max(40).optional(),
});
export type TRequestOverviewQuery = z.input<typeof ZRequestOverviewQuerySchema>;

export const ZRequestOverviewSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Requests queued in the range, and those skipped or failed (never sent or not delivered). */
  requests: z.number(),
  skipped: z.number(),
  failed: z.number(),
  funnel: z.array(z.object({ key: z.string(), label: z.string(), count: z.number(), percent: z.number().nullable() })),
  /** Reviews that came from requests: the feedback source's reviews and the reviews linked to a completed request. */
  by_source: z.array(
    z.object({ source_id: z.string(), name: z.string(), reviews: z.number(), average_rating: z.number().nullable() }),
  ),
  by_location: z.array(
    z.object({
      location_id: z.string(),
      name: z.string(),
      sent: z.number(),
      completed: z.number(),
      reviews: z.number(),
      average_rating: z.number().nullable(),
    }),
  ),
});
export type TRequestOverview = z.infer<typeof ZRequestOverviewSchema>;
