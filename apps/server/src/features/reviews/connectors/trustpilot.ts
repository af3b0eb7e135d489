import { z } from "zod";
import {
  ConnectorError,
  type ConnectorSettings,
  type ListReviewsOptions,
  type ListReviewsPage,
  type PublishedResponse,
  parseDate,
  type ReviewConnector,
  type SourceLocationRef,
  type SourceReview,
  stringOrNull,
  toStarRating,
} from "./connector.ts";
import { type ErrorReader, isRecord, SourceHttp, segment } from "./source-http.ts";

/**
 * Trustpilot (developers.trustpilot.com):
 * - Business Units API (public), `GET /v1/business-units/{businessUnitId}/reviews` with the `apikey` header,
 *   `page` (from 1), `perPage` (1-100) and `orderBy` (createdat.desc): { reviews[] { id, stars, title, text,
 *   language, createdAt, updatedAt, consumer { id, displayName }, companyReply { text, createdAt, updatedAt } },
 *   links[] { href, method, rel } } where a "next-page" link means there is more.
 * - Service Reviews API (private), `POST /v1/private/reviews/{reviewId}/reply` { message, authorBusinessUserId }
 *   and `DELETE /v1/private/reviews/{reviewId}/reply`, with a business user OAuth token as Bearer.
 * Credentials: `apiKey` for reading, `accessToken` and `businessUserId` for replies.
 * Location ref: the business unit id.
 */

export const TRUSTPILOT_DEFAULT_BASE_URL = "https://api.trustpilot.com";
const MAX_PAGE_SIZE = 100;

const ZCompanyReply = z.object({
  text: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});

const ZTrustpilotReview = z.object({
  id: z.string(),
  stars: z.number().nullish(),
  title: z.string().nullish(),
  text: z.string().nullish(),
  language: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string().nullish(),
  consumer: z.object({ id: z.string().nullish(), displayName: z.string().nullish() }).nullish(),
  companyReply: ZCompanyReply.nullish(),
});

const ZLink = z.object({ href: z.string().nullish(), method: z.string().nullish(), rel: z.string().nullish() });

const ZReviewsResponse = z.object({ reviews: z.array(ZTrustpilotReview), links: z.array(ZLink).nullish() });

export type TrustpilotReview = z.infer<typeof ZTrustpilotReview>;

export class TrustpilotConnector implements ReviewConnector {
  readonly sourceCode = "trustpilot" as const;
  readonly supportsResponses = true;
  readonly carriesTitles = true;
  readonly #http: SourceHttp;
  readonly #pageSize: number;

  constructor(settings: ConnectorSettings) {
    this.#http = new SourceHttp("trustpilot", settings, readTrustpilotError);
    this.#pageSize = Math.min(settings.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  async listReviews(ref: SourceLocationRef, opts: ListReviewsOptions = {}): Promise<ListReviewsPage> {
    const apiKey = ref.credentials.apiKey;
    if (!apiKey) throw new ConnectorError("trustpilot", "auth", "no API key for this location");
    const page = opts.pageToken === undefined ? 1 : Number(opts.pageToken);
    if (!Number.isInteger(page) || page < 1)
      throw new ConnectorError("trustpilot", "rejected", "page token is not ours");
    const body = await this.#http.json(
      {
        method: "GET",
        url: this.#http.url(`/v1/business-units/${segment(ref.externalId)}/reviews`, {
          page,
          perPage: this.#pageSize,
          orderBy: "createdat.desc",
        }),
        headers: { apikey: apiKey },
      },
      ZReviewsResponse,
    );
    const result: ListReviewsPage = { reviews: body.reviews.map(toSourceReview) };
    const hasNext = body.links
      ? body.links.some((link) => link.rel === "next-page")
      : body.reviews.length >= this.#pageSize;
    if (hasNext && body.reviews.length > 0) result.nextPageToken = String(page + 1);
    return result;
  }

  async publishResponse(ref: SourceLocationRef, sourceReviewId: string, content: string): Promise<PublishedResponse> {
    const businessUserId = ref.credentials.businessUserId;
    await this.#http.send({
      method: "POST",
      url: this.#http.url(`/v1/private/reviews/${segment(sourceReviewId)}/reply`),
      headers: authorization(ref),
      json: { message: content, ...(businessUserId ? { authorBusinessUserId: businessUserId } : {}) },
    });
    // The reply call answers without a body; the reply's time is read back on the next sync.
    return { publishedAt: new Date() };
  }

  async deleteResponse(ref: SourceLocationRef, sourceReviewId: string): Promise<void> {
    await this.#http.send(
      {
        method: "DELETE",
        url: this.#http.url(`/v1/private/reviews/${segment(sourceReviewId)}/reply`),
        headers: authorization(ref),
      },
      [404],
    );
  }
}

function toSourceReview(review: TrustpilotReview): SourceReview {
  const publishedAt = parseDate(review.createdAt);
  if (publishedAt === null) throw new ConnectorError("trustpilot", "temporary", `review ${review.id} has no createdAt`);
  const reply = review.companyReply;
  return {
    sourceReviewId: review.id,
    authorName: stringOrNull(review.consumer?.displayName),
    authorAvatarUrl: null,
    rating: toStarRating(review.stars),
    recommendation: null,
    title: stringOrNull(review.title),
    content: stringOrNull(review.text),
    publishedAt,
    updatedAt: parseDate(review.updatedAt),
    url: `https://www.trustpilot.com/reviews/${encodeURIComponent(review.id)}`,
    images: [],
    ownerResponse: reply?.text
      ? { content: reply.text, publishedAt: parseDate(reply.updatedAt) ?? parseDate(reply.createdAt) }
      : null,
  };
}

function authorization(ref: SourceLocationRef): Record<string, string> {
  const token = ref.credentials.accessToken;
  if (!token) throw new ConnectorError("trustpilot", "auth", "no business user access token for this location");
  return { authorization: `Bearer ${token}` };
}

/** Trustpilot's gateway answers `{ fault: { faultstring, detail { errorcode } } }`, the API `{ message }`. */
const readTrustpilotError: ErrorReader = (response) => {
  const body = response.body;
  if (!isRecord(body)) return undefined;
  if (isRecord(body.fault) && typeof body.fault.faultstring === "string") return { message: body.fault.faultstring };
  if (typeof body.message === "string") return { message: body.message };
  return undefined;
};
