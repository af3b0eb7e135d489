import type { Feature } from "../../platform/feature.ts";
import { reviewHandlers } from "./routes.ts";

/** Reviews: the list, detail, status label and history; status labels, notes and response templates. */
export const reviewsFeature: Feature = {
  name: "reviews",
  routes: reviewHandlers,
};

// "Answered" and "respondable" (contract review-answered.ts), in SQL.
export { answered, respondable } from "./answered.ts";
// What other features use (they reach reviews only through here; reviews imports none of them).
export type { SourceCode, SourceCredentials, SourceLocationRef } from "./connectors/connector.ts";
export { ConnectorError, listAllReviews, type SourceReview, toStarRating } from "./connectors/connector.ts";
export {
  CONNECTOR_SOURCE_CODES,
  type ConnectorOptions,
  connectorFor,
  isSandboxUrl,
  registerSandboxBaseUrl,
} from "./connectors/registry.ts";
// The review filter: one parser (query → ReviewFilter, 400 with the field) and one WHERE over `reviews r`.
export * from "./filter.ts";
export { type HistoryEvent, recordHistory } from "./history.ts";
export { reviewPolicy } from "./policy.ts";
export {
  matchesReviewFilter,
  publishedWithin,
  reviewWhere,
  VISIBLE_RESPONSE_STATUSES,
} from "./queries.ts";
export { findReachableReview, getReview } from "./service.ts";
