import { reviewRoutes } from "@starboard/contract/routes/reviews";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as notes from "./notes.ts";
import * as reviews from "./service.ts";
import * as labels from "./status-labels.ts";
import * as templates from "./templates.ts";

/**
 * The review list, detail, status label and history; status labels, notes and response templates:
 * validate (the route's schemas) → authorize → service.
 */
export function reviewHandlers(ctx: AppContext) {
  return [
    handle(reviewRoutes.listReviews, ({ actor, query, request }) =>
      reviews.listReviews(ctx, actor, query, request.url),
    ),
    handle(reviewRoutes.listReviewsByCursor, ({ actor, query, request }) =>
      reviews.listReviewsByCursor(ctx, actor, query, request.url),
    ),
    handle(reviewRoutes.getReview, ({ actor, params }) => reviews.getReview(ctx, actor, params.id)),
    handle(reviewRoutes.updateReview, ({ actor, params, body }) => reviews.updateReview(ctx, actor, params.id, body)),
    handle(reviewRoutes.reviewHistory, ({ actor, params, query, request }) =>
      reviews.reviewHistory(ctx, actor, params.id, { page: query.page, perPage: query.per_page, url: request.url }),
    ),
    // Status labels, notes and response templates.
    handle(reviewRoutes.listStatusLabels, ({ actor, query, request }) =>
      labels.listStatusLabels(ctx, actor, query, request.url),
    ),
    handle(reviewRoutes.getStatusLabel, ({ actor, params }) => labels.getStatusLabel(ctx, actor, params.id)),
    handle(reviewRoutes.createStatusLabel, ({ actor, body }) => labels.createStatusLabel(ctx, actor, body)),
    handle(reviewRoutes.updateStatusLabel, ({ actor, params, body }) =>
      labels.updateStatusLabel(ctx, actor, params.id, body),
    ),
    handle(reviewRoutes.replaceStatusLabel, ({ actor, params, body }) =>
      labels.updateStatusLabel(ctx, actor, params.id, body),
    ),
    handle(reviewRoutes.deleteStatusLabel, ({ actor, params }) => labels.deleteStatusLabel(ctx, actor, params.id)),
    handle(reviewRoutes.mergeStatusLabel, ({ actor, params, body }) =>
      labels.mergeStatusLabel(ctx, actor, params.id, body.into_id),
    ),
    handle(reviewRoutes.listNotes, ({ actor, query, request }) => notes.listNotes(ctx, actor, query, request.url)),
    handle(reviewRoutes.getNote, ({ actor, params }) => notes.getNote(ctx, actor, params.id)),
    handle(reviewRoutes.createNote, ({ actor, body }) => notes.createNote(ctx, actor, body)),
    handle(reviewRoutes.updateNote, ({ actor, params, body }) => notes.updateNote(ctx, actor, params.id, body)),
    handle(reviewRoutes.replaceNote, ({ actor, params, body }) => notes.updateNote(ctx, actor, params.id, body)),
    handle(reviewRoutes.deleteNote, ({ actor, params }) => notes.deleteNote(ctx, actor, params.id)),
    handle(reviewRoutes.listResponseTemplates, ({ actor, query, request }) =>
      templates.listResponseTemplates(ctx, actor, query, request.url),
    ),
    handle(reviewRoutes.getResponseTemplate, ({ actor, params }) =>
      templates.getResponseTemplate(ctx, actor, params.id),
    ),
    handle(reviewRoutes.createResponseTemplate, ({ actor, body }) =>
      templates.createResponseTemplate(ctx, actor, body),
    ),
    handle(reviewRoutes.updateResponseTemplate, ({ actor, params, body }) =>
      templates.updateResponseTemplate(ctx, actor, params.id, body),
    ),
    handle(reviewRoutes.replaceResponseTemplate, ({ actor, params, body }) =>
      templates.updateResponseTemplate(ctx, actor, params.id, body),
    ),
    handle(reviewRoutes.deleteResponseTemplate, ({ actor, params }) =>
      templates.deleteResponseTemplate(ctx, actor, params.id),
    ),
    handle(reviewRoutes.renderResponseTemplate, ({ actor, params, body }) =>
      templates.renderResponseTemplate(ctx, actor, params.id, body.review_id),
    ),
  ];
}
