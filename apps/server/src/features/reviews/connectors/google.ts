import { z } from "zod";
import {
  ConnectorError,
  type ConnectorErrorKind,
  type ConnectorSettings,
  type ListReviewsOptions,
  type ListReviewsPage,
  type PublishedResponse,
  parseDate,
  type ReviewConnector,
  type SourceLocationRef,
  type SourceReview,
  type StarRating,
  stringOrNull,
} from "./connector.ts";
import { type ErrorReader, isRecord, SourceHttp, segment } from "./source-http.ts";

/**
 * Google Business Profile, My Business API v4 (discovery documents mybusiness_google_rest_v4p8.json and
 * v4p4.json): accounts.locations.reviews.list, updateReply and deleteReply. Credentials: an OAuth access
 * token with the business.manage scope, sent as a Bearer token. Location ref: `accounts/{a}/locations/{l}`.
 */

export const GOOGLE_DEFAULT_BASE_URL = "https://mybusiness.googleapis.com";
/** v4.8 documents "The maximum page_size is 50" (v4.4 allowed 200). */
const MAX_PAGE_SIZE = 50;

const ZReviewReply = z.object({ comment: z.string().nullish(), updateTime: z.string().nullish() });

const ZReview = z.object({
  name: z.string().nullish(),
  reviewId: z.string(),
  reviewer: z
    .object({
      profilePhotoUrl: z.string().nullish(),
      displayName: z.string().nullish(),
      isAnonymous: z.boolean().nullish(),
    })
    .nullish(),
  starRating: z.string().nullish(),
  comment: z.string().nullish(),
  createTime: z.string(),
  updateTime: z.string().nullish(),
  reviewReply: ZReviewReply.nullish(),
});

const ZListReviewsResponse = z.object({
  reviews: z.array(ZReview).nullish(),
  averageRating: z.number().nullish(),
  totalReviewCount: z.number().nullish(),
  nextPageToken: z.string().nullish(),
});

export type GoogleReview = z.infer<typeof ZReview>;

const STAR_RATINGS: Record<string, StarRating> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

const LOCATION_NAME = /^accounts\/([^/]+)\/locations\/([^/]+)$/;

export class GoogleConnector implements ReviewConnector {
  readonly sourceCode = "google" as const;
  readonly supportsResponses = true;
  readonly carriesTitles = false;
  readonly #http: SourceHttp;
  readonly #pageSize: number;

  constructor(settings: ConnectorSettings) {
    this.#http = new SourceHttp("google", settings, readGoogleError);
    this.#pageSize = Math.min(settings.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  async listReviews(ref: SourceLocationRef, opts: ListReviewsOptions = {}): Promise<ListReviewsPage> {
    const body = await this.#http.json(
      {
        method: "GET",
        url: this.#http.url(`/v4/${locationPath(ref)}/reviews`, {
          pageSize: this.#pageSize,
          pageToken: opts.pageToken,
          orderBy: "update_time desc",
        }),
        headers: authorization(ref),
      },
      ZListReviewsResponse,
    );
    const page: ListReviewsPage = { reviews: (body.reviews ?? []).map(toSourceReview) };
    if (body.nextPageToken) page.nextPageToken = body.nextPageToken;
    return page;
  }

  async publishResponse(ref: SourceLocationRef, sourceReviewId: string, content: string): Promise<PublishedResponse> {
    const reply = await this.#http.json(
      {
        method: "PUT",
        url: this.#http.url(`/v4/${reviewPath(ref, sourceReviewId)}/reply`),
        headers: authorization(ref),
        json: { comment: content },
      },
      ZReviewReply,
    );
    return { publishedAt: parseDate(reply.updateTime) ?? new Date() };
  }

  async deleteResponse(ref: SourceLocationRef, sourceReviewId: string): Promise<void> {
    // 404: the reply (or the review) is already gone, which is what was asked for.
    await this.#http.send(
      {
        method: "DELETE",
        url: this.#http.url(`/v4/${reviewPath(ref, sourceReviewId)}/reply`),
        headers: authorization(ref),
      },
      [404],
    );
  }
}

function toSourceReview(review: GoogleReview): SourceReview {
  const reviewer = review.reviewer;
  const reply = review.reviewReply;
  const publishedAt = parseDate(review.createTime);
  if (publishedAt === null)
    throw new ConnectorError("google", "temporary", `review ${review.reviewId} has no createTime`);
  return {
    sourceReviewId: review.reviewId,
    authorName: stringOrNull(reviewer?.displayName),
    // Google fills the photo only for reviewers who are not anonymous.
    authorAvatarUrl: reviewer?.isAnonymous ? null : stringOrNull(reviewer?.profilePhotoUrl),
    rating: STAR_RATINGS[review.starRating ?? ""] ?? null,
    recommendation: null,
    title: null,
    content: stringOrNull(review.comment),
    publishedAt,
    updatedAt: parseDate(review.updateTime),
    // The v4 Review resource carries no public link.
    url: null,
    images: [],
    ownerResponse: reply?.comment ? { content: reply.comment, publishedAt: parseDate(reply.updateTime) } : null,
  };
}

function locationPath(ref: SourceLocationRef): string {
  const match = LOCATION_NAME.exec(ref.externalId);
  if (!match) {
    throw new ConnectorError("google", "rejected", "location ref must read accounts/{account}/locations/{location}");
  }
  return `accounts/${segment(match[1]!)}/locations/${segment(match[2]!)}`;
}

function reviewPath(ref: SourceLocationRef, sourceReviewId: string): string {
  return `${locationPath(ref)}/reviews/${segment(sourceReviewId)}`;
}

function authorization(ref: SourceLocationRef): Record<string, string> {
  const token = ref.credentials.accessToken;
  if (!token) throw new ConnectorError("google", "auth", "no OAuth access token for this location");
  return { authorization: `Bearer ${token}` };
}

/** Google APIs answer errors as `{ error: { code, message, status, details[] } }` (google.rpc.Status). */
const readGoogleError: ErrorReader = (response) => {
  const error = isRecord(response.body) && isRecord(response.body.error) ? response.body.error : undefined;
  if (!error) return undefined;
  const status = typeof error.status === "string" ? error.status : "";
  const reading: { kind?: ConnectorErrorKind; message?: string; retryAfterSeconds?: number } = {};
  const kind = GOOGLE_STATUS_KINDS[status];
  if (kind) reading.kind = kind;
  if (typeof error.message === "string") reading.message = status ? `${status}: ${error.message}` : error.message;
  const retryDelay = Array.isArray(error.details)
    ? error.details.find((d) => isRecord(d) && typeof d.retryDelay === "string")
    : undefined;
  if (isRecord(retryDelay) && typeof retryDelay.retryDelay === "string") {
    const seconds = Number.parseFloat(retryDelay.retryDelay);
    if (Number.isFinite(seconds)) reading.retryAfterSeconds = Math.ceil(seconds);
  }
  return reading;
};

const GOOGLE_STATUS_KINDS: Record<string, ConnectorErrorKind> = {
  UNAUTHENTICATED: "auth",
  PERMISSION_DENIED: "auth",
  NOT_FOUND: "not_found",
  RESOURCE_EXHAUSTED: "rate_limited",
  UNAVAILABLE: "temporary",
  INTERNAL: "temporary",
  DEADLINE_EXCEEDED: "temporary",
  ABORTED: "temporary",
  INVALID_ARGUMENT: "rejected",
  FAILED_PRECONDITION: "rejected",
};
