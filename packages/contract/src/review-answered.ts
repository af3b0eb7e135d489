/**
 * The one definition of "answered" and "respondable" (issue 11, item 4), used by the review filter
 * (Status "Responded" / "Not responded", Type "With response" / "Without response", `respondable`),
 * the metrics (response rate, reviews waiting for a response) and the dashboard's links to the list.
 *
 * - Answered: the review's response shows at its source: published, being deleted, or a delete that
 *   failed (the response is still there). A response still being published, or one that failed to
 *   publish, is not an answer yet. The database function `review_answered` (migration 0016) holds the
 *   same states; a test checks they agree.
 * - Respondable: the review can be answered in Starboard (its source takes responses through us, set
 *   when it is collected) and it is still at its source (not deleted there).
 * - The response rate is the answered share of the respondable reviews.
 */
export const ANSWERED_RESPONSE_STATUSES = ["published", "pending_delete", "error_unpublished"] as const;
export type TAnsweredResponseStatus = (typeof ANSWERED_RESPONSE_STATUSES)[number];

/** Whether a review with this response status counts as answered. */
export function isAnswered(responseStatus: string | null | undefined): boolean {
  return (ANSWERED_RESPONSE_STATUSES as readonly string[]).includes(responseStatus ?? "");
}

/** What the dashboard's response rate counts, in words a person reads beside the figure. */
export const RESPONSE_RATE_EXPLAINED =
  "Answered reviews out of the reviews that can be answered here (sources that take responses)";
