import { tagRoutes } from "@starboard/contract/routes/tags";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as tags from "./service.ts";

/** Account tags and the tags on reviews: validate (the route's schemas) → authorize → service. */
export function tagHandlers(ctx: AppContext) {
  return [
    handle(tagRoutes.listTags, ({ actor, query, request }) => tags.listTags(ctx, actor, query, request.url)),
    handle(tagRoutes.getTag, ({ actor, params }) => tags.getTag(ctx, actor, params.id)),
    handle(tagRoutes.createTag, ({ actor, body }) => tags.createTag(ctx, actor, body)),
    handle(tagRoutes.updateTag, ({ actor, params, body }) => tags.updateTag(ctx, actor, params.id, body)),
    handle(tagRoutes.replaceTag, ({ actor, params, body }) => tags.updateTag(ctx, actor, params.id, body)),
    handle(tagRoutes.deleteTag, ({ actor, params }) => tags.deleteTag(ctx, actor, params.id)),
    handle(tagRoutes.mergeTag, ({ actor, params, body }) => tags.mergeTag(ctx, actor, params.id, body.into_id)),
    handle(tagRoutes.listReviewTags, ({ actor, query, request }) =>
      tags.listReviewTags(ctx, actor, query, request.url),
    ),
    handle(tagRoutes.getReviewTag, ({ actor, params }) => tags.getReviewTag(ctx, actor, params.id)),
    handle(tagRoutes.createReviewTag, ({ actor, body }) => tags.createReviewTag(ctx, actor, body)),
    handle(tagRoutes.deleteReviewTag, ({ actor, params }) => tags.deleteReviewTag(ctx, actor, params.id)),
    handle(tagRoutes.deleteReviewTagByName, ({ actor, query }) => tags.deleteReviewTagByName(ctx, actor, query)),
  ];
}
