import { z } from "zod";
import {
  ConnectorError,
  type ConnectorErrorKind,
  type ConnectorSettings,
  type ListReviewsOptions,
  type ListReviewsPage,
  parseDate,
  type ReviewConnector,
  type SourceLocationRef,
  type SourceReview,
  stringOrNull,
  toStarRating,
} from "./connector.ts";
import { type ErrorReader, isRecord, SourceHttp, segment } from "./source-http.ts";

/**
 * Yelp Fusion API v3, `GET /v3/businesses/{id}/reviews` (limit, offset, sort_by), shape as in the published
 * sample yelp_fusion_v3_business_reviews_eleven-madison-park.json: reviews[] of { id, url, text, rating,
 * time_created, user { id, profile_url, image_url, name } }, total, possible_languages.
 * Credentials: the Fusion API key, sent as a Bearer token. Location ref: business id or alias.
 * Yelp publishes no API for owner replies, so this connector only reads. The text is Yelp's excerpt of the
 * review (cut with "..."), not the whole review, and depending on the API plan Yelp returns only the first
 * few reviews of a business.
 */

export const YELP_DEFAULT_BASE_URL = "https://api.yelp.com";
const MAX_PAGE_SIZE = 50;

const ZYelpReview = z.object({
  id: z.string(),
  url: z.string().nullish(),
  text: z.string().nullish(),
  rating: z.number().nullish(),
  time_created: z.string(),
  user: z
    .object({
      id: z.string().nullish(),
      profile_url: z.string().nullish(),
      image_url: z.string().nullish(),
      name: z.string().nullish(),
    })
    .nullish(),
});

const ZYelpReviewsResponse = z.object({
  reviews: z.array(ZYelpReview),
  total: z.number().nullish(),
  possible_languages: z.array(z.string()).nullish(),
});

export type YelpReview = z.infer<typeof ZYelpReview>;

export class YelpConnector implements ReviewConnector {
  readonly sourceCode = "yelp" as const;
  readonly supportsResponses = false;
  readonly carriesTitles = false;
  readonly #http: SourceHttp;
  readonly #pageSize: number;

  constructor(settings: ConnectorSettings) {
    this.#http = new SourceHttp("yelp", settings, readYelpError);
    this.#pageSize = Math.min(settings.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  async listReviews(ref: SourceLocationRef, opts: ListReviewsOptions = {}): Promise<ListReviewsPage> {
    const apiKey = ref.credentials.apiKey;
    if (!apiKey) throw new ConnectorError("yelp", "auth", "no API key for this location");
    const offset = opts.pageToken === undefined ? 0 : Number(opts.pageToken);
    if (!Number.isInteger(offset) || offset < 0) throw new ConnectorError("yelp", "rejected", "page token is not ours");
    const body = await this.#http.json(
      {
        method: "GET",
        url: this.#http.url(`/v3/businesses/${segment(ref.externalId)}/reviews`, {
          limit: this.#pageSize,
          offset,
          sort_by: "newest",
        }),
        headers: { authorization: `Bearer ${apiKey}` },
      },
      ZYelpReviewsResponse,
    );
    const page: ListReviewsPage = { reviews: body.reviews.map(toSourceReview) };
    const next = offset + body.reviews.length;
    // A short page is the last one, whatever `total` says (plans capped at three reviews report the full total).
    if (body.reviews.length >= this.#pageSize && next < (body.total ?? 0)) page.nextPageToken = String(next);
    return page;
  }
}

function toSourceReview(review: YelpReview): SourceReview {
  const publishedAt = pacificTimeToDate(review.time_created);
  if (publishedAt === null)
    throw new ConnectorError("yelp", "temporary", `review ${review.id} has no readable time_created`);
  return {
    sourceReviewId: review.id,
    authorName: stringOrNull(review.user?.name),
    authorAvatarUrl: stringOrNull(review.user?.image_url),
    rating: toStarRating(review.rating),
    recommendation: null,
    title: null,
    content: stringOrNull(review.text),
    publishedAt,
    updatedAt: null,
    url: stringOrNull(review.url),
    images: [],
    ownerResponse: null,
  };
}

/**
 * Yelp documents time_created as "YYYY-MM-DD HH:MM:SS" in Pacific time, without an offset;
 * America/Los_Angeles rules give the offset (PST or PDT) for that wall-clock time.
 */
export function pacificTimeToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return parseDate(value);
  const wallClock = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  let instant = wallClock - pacificOffsetMinutes(wallClock) * 60_000;
  // Near a DST switch the first guess used the other side's offset; one correction settles it.
  instant = wallClock - pacificOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

const pacificOffsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  timeZoneName: "longOffset",
});

function pacificOffsetMinutes(instant: number): number {
  const name = pacificOffsetFormat.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** Yelp answers errors as `{ error: { code, description } }`. */
const readYelpError: ErrorReader = (response) => {
  const error = isRecord(response.body) && isRecord(response.body.error) ? response.body.error : undefined;
  if (!error) return undefined;
  const code = typeof error.code === "string" ? error.code : "";
  const description = typeof error.description === "string" ? error.description : "";
  const kind: ConnectorErrorKind | undefined = YELP_CODE_KINDS[code];
  return { ...(kind ? { kind } : {}), message: [code, description].filter(Boolean).join(": ") };
};

const YELP_CODE_KINDS: Record<string, ConnectorErrorKind> = {
  TOKEN_MISSING: "auth",
  TOKEN_INVALID: "auth",
  UNAUTHORIZED_ACCESS_TOKEN: "auth",
  AUTHORIZATION_ERROR: "auth",
  BUSINESS_NOT_FOUND: "not_found",
  BUSINESS_UNAVAILABLE: "not_found",
  TOO_MANY_REQUESTS_PER_SECOND: "rate_limited",
  ACCESS_LIMIT_REACHED: "rate_limited",
  INTERNAL_ERROR: "temporary",
  SERVICE_UNAVAILABLE: "temporary",
  VALIDATION_ERROR: "rejected",
};
