/**
 * The contract every review source connector implements. Connectors speak HTTP to one third-party
 * source and hand back normalised reviews; they hold no database code and keep no state between calls,
 * so the ingestion jobs decide what to store, when to retry and when to give up.
 */

export type SourceCode = "google" | "yelp" | "facebook" | "trustpilot";

export type StarRating = 1 | 2 | 3 | 4 | 5;

/** Facebook's recommendation vote (Pages replaced 1-5 ratings with it in 2018). */
export type Recommendation = "positive" | "negative";

/** Credentials for one location at one source. Which field a source reads is written on each connector. */
export interface SourceCredentials {
  /** OAuth access token (Google, Facebook Page token, Trustpilot business user token). */
  accessToken?: string;
  /** API key (Yelp Fusion key, Trustpilot API key). */
  apiKey?: string;
  /** Trustpilot: the business user a reply is written as (`authorBusinessUserId`). */
  businessUserId?: string;
}

/** Where a location lives at a source, and how to sign in there. */
export interface SourceLocationRef {
  /**
   * The location's id at the source:
   * - google: `accounts/{accountId}/locations/{locationId}`
   * - yelp: business id or alias
   * - facebook: page id
   * - trustpilot: business unit id
   */
  externalId: string;
  credentials: SourceCredentials;
}

export interface OwnerResponse {
  content: string;
  /** When the source says the response was last written; null when it does not say. */
  publishedAt: Date | null;
  /** The response's own id where the source has one (Facebook comment id). */
  sourceResponseId?: string;
}

export interface SourceReviewImage {
  url: string;
}

export interface SourceReview {
  sourceReviewId: string;
  authorName: string | null;
  authorAvatarUrl: string | null;
  /** 1-5 stars; for Facebook a recommendation without stars counts as 5 (positive) or 1 (negative). */
  rating: StarRating | null;
  recommendation: Recommendation | null;
  title: string | null;
  content: string | null;
  publishedAt: Date;
  updatedAt: Date | null;
  url: string | null;
  images: SourceReviewImage[];
  ownerResponse: OwnerResponse | null;
}

export interface ListReviewsOptions {
  pageToken?: string;
  /**
   * The start of the previous sync. Advisory only: connectors never drop a review because it was
   * created before `since`, because sources publish reviews late (after moderation) with their original
   * creation time, and a full listing is the only way the job layer can see reviews deleted at the source.
   */
  since?: Date;
}

export interface ListReviewsPage {
  reviews: SourceReview[];
  /** Absent on the last page. Opaque: pass it back unchanged. */
  nextPageToken?: string;
}

export interface PublishedResponse {
  publishedAt: Date;
  sourceResponseId?: string;
}

export interface ReviewConnector {
  readonly sourceCode: SourceCode;
  readonly supportsResponses: boolean;
  /**
   * Whether the source's reviews have a title (Trustpilot's do). Where they have none (Google, Facebook, Yelp),
   * every review is read untitled, and a title the app holds from elsewhere (an import) is kept, not recorded as
   * removed at the source.
   */
  readonly carriesTitles: boolean;
  /**
   * One page of the location's reviews. Walking every page lists every review the source shows now, so a
   * review missing from a walk was deleted at the source. Yelp (offset) and Trustpilot (page number) page by
   * position: a review deleted during a walk shifts the rest up by one and one review can be skipped, so
   * confirm a deletion on a second walk before recording it. A review can also appear twice; keep the last.
   */
  listReviews(ref: SourceLocationRef, opts?: ListReviewsOptions): Promise<ListReviewsPage>;
  /** Creates or replaces the owner's response to a review. */
  publishResponse?(ref: SourceLocationRef, sourceReviewId: string, content: string): Promise<PublishedResponse>;
  /**
   * Removes the owner's response. Succeeds when there is nothing left to remove, so a retried delete
   * whose first attempt went through does not fail. `sourceResponseId` saves a look-up where the source
   * addresses responses by their own id (Facebook).
   */
  deleteResponse?(ref: SourceLocationRef, sourceReviewId: string, sourceResponseId?: string): Promise<void>;
}

/**
 * - auth: credentials missing, expired, revoked or without access to the location (refresh or reconnect)
 * - not_found: the location or review does not exist at the source (a connection issue)
 * - rate_limited: back off for `retryAfterSeconds` when given
 * - temporary: network failure, timeout or 5xx; retry with backoff
 * - rejected: the source refused the request as invalid; retrying the same request will not help
 */
export type ConnectorErrorKind = "auth" | "not_found" | "rate_limited" | "temporary" | "rejected";

export class ConnectorError extends Error {
  override readonly name = "ConnectorError";
  readonly kind: ConnectorErrorKind;
  readonly sourceCode: SourceCode;
  /** The HTTP status, when the source answered. */
  readonly status: number | undefined;
  /** From Retry-After (or the source's own equivalent); only for rate_limited. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    sourceCode: SourceCode,
    kind: ConnectorErrorKind,
    message: string,
    details: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(`${sourceCode}: ${message}`, details.cause === undefined ? undefined : { cause: details.cause });
    this.sourceCode = sourceCode;
    this.kind = kind;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** Whether the same call may succeed later without anyone changing anything. */
  get retryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "temporary";
  }
}

/** Settings every connector takes; the registry fills them in. */
export interface ConnectorSettings {
  baseUrl: string;
  /** Reviews asked for per page; each source caps it (Google 50, Yelp 50, Trustpilot 100). */
  pageSize?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Walks every page. For tests and small locations; jobs that checkpoint should page themselves. */
export async function listAllReviews(
  connector: ReviewConnector,
  ref: SourceLocationRef,
  opts: { since?: Date; maxPages?: number } = {},
): Promise<SourceReview[]> {
  const maxPages = opts.maxPages ?? 1000;
  const reviews: SourceReview[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await connector.listReviews(ref, {
      ...(pageToken === undefined ? {} : { pageToken }),
      ...(opts.since === undefined ? {} : { since: opts.since }),
    });
    reviews.push(...result.reviews);
    if (result.nextPageToken === undefined) return reviews;
    pageToken = result.nextPageToken;
  }
  throw new ConnectorError(connector.sourceCode, "rejected", `more than ${maxPages} pages of reviews`);
}

export function toStarRating(value: unknown): StarRating | null {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5 ? value : null;
}

/** Parses a source timestamp; null when absent or unreadable. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== "string" || value === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
