import { z } from "zod";
import {
  ConnectorError,
  type ConnectorErrorKind,
  type ConnectorSettings,
  type ListReviewsOptions,
  type ListReviewsPage,
  type OwnerResponse,
  type PublishedResponse,
  parseDate,
  type Recommendation,
  type ReviewConnector,
  type SourceLocationRef,
  type SourceReview,
  stringOrNull,
  toStarRating,
} from "./connector.ts";
import { type ErrorReader, isRecord, SourceHttp, type SourceResponse, segment } from "./source-http.ts";

/**
 * Facebook Pages reviews through the Graph API. The published shapes this follows:
 * - Page ratings edge, `GET /{version}/{page-id}/ratings` (Graph API reference "Page Ratings"): a list of
 *   Recommendation nodes { created_time, recommendation_type ("positive" | "negative"), review_text, rating
 *   (1-5, only on reviews written before recommendations replaced stars in 2018), has_rating, reviewer (User
 *   { id, name }), open_graph_story (the story node the recommendation was published as) }.
 * - Cursor paging as in the Graph API "Paginated Results" guide: { data[], paging { cursors { before, after },
 *   next?, previous? } }; the last page has no `next`.
 * - Field expansion (`open_graph_story{id,comments{...}}`) to read the Page's own comment on each story.
 * - Comments edge, `POST /{version}/{object-id}/comments` with `message`, answering { id }; and
 *   `DELETE /{version}/{comment-id}`, answering { success: true }.
 * - Errors as in the Graph API "Handling Errors" guide: { error { message, type, code, error_subcode,
 *   is_transient, fbtrace_id } }, with throttling codes 4, 17, 32, 613 and 80001 (Pages business use case,
 *   estimated wait in the X-Business-Use-Case-Usage header).
 * Credentials: a Page access token (pages_read_user_content, pages_manage_engagement) sent as the
 * `access_token` parameter. Location ref: the page id.
 * The Recommendation reference says reading recommendations is deprecated from Graph v22.0 (error code 12),
 * so the default version stays at v21.0; the registry lets an operator change it.
 */

export const FACEBOOK_DEFAULT_BASE_URL = "https://graph.facebook.com";
export const FACEBOOK_DEFAULT_GRAPH_VERSION = "v21.0";
const MAX_PAGE_SIZE = 100;

export const FACEBOOK_RATING_FIELDS =
  "created_time,recommendation_type,review_text,rating,has_rating,reviewer,open_graph_story{id,comments{id,from,message,created_time}}";

const ZComment = z.object({
  id: z.string(),
  from: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
  message: z.string().nullish(),
  created_time: z.string().nullish(),
});

const ZCommentList = z.object({ data: z.array(ZComment), paging: z.unknown().optional() });

const ZRecommendation = z.object({
  created_time: z.string(),
  recommendation_type: z.enum(["positive", "negative"]).nullish(),
  review_text: z.string().nullish(),
  rating: z.number().nullish(),
  has_rating: z.boolean().nullish(),
  reviewer: z.object({ id: z.string().nullish(), name: z.string().nullish() }).nullish(),
  open_graph_story: z.object({ id: z.string(), comments: ZCommentList.nullish() }).nullish(),
});

const ZRatingsResponse = z.object({
  data: z.array(ZRecommendation),
  paging: z
    .object({
      cursors: z.object({ before: z.string().nullish(), after: z.string().nullish() }).nullish(),
      next: z.string().nullish(),
      previous: z.string().nullish(),
    })
    .nullish(),
});

export type FacebookRecommendation = z.infer<typeof ZRecommendation>;

export interface FacebookSettings extends ConnectorSettings {
  graphVersion?: string;
}

export class FacebookConnector implements ReviewConnector {
  readonly sourceCode = "facebook" as const;
  readonly supportsResponses = true;
  readonly carriesTitles = false;
  readonly #http: SourceHttp;
  readonly #pageSize: number;
  readonly #version: string;

  constructor(settings: FacebookSettings) {
    this.#http = new SourceHttp("facebook", settings, readGraphError);
    this.#pageSize = Math.min(settings.pageSize ?? 25, MAX_PAGE_SIZE);
    this.#version = settings.graphVersion ?? FACEBOOK_DEFAULT_GRAPH_VERSION;
  }

  async listReviews(ref: SourceLocationRef, opts: ListReviewsOptions = {}): Promise<ListReviewsPage> {
    const body = await this.#http.json(
      {
        method: "GET",
        url: this.#url(`/${segment(ref.externalId)}/ratings`, ref, {
          fields: FACEBOOK_RATING_FIELDS,
          limit: this.#pageSize,
          after: opts.pageToken,
        }),
      },
      ZRatingsResponse,
    );
    const page: ListReviewsPage = { reviews: body.data.map((r) => toSourceReview(r, ref.externalId)) };
    const after = body.paging?.cursors?.after;
    if (body.paging?.next && after) page.nextPageToken = after;
    return page;
  }

  /** Posts the reply as the Page's comment on the recommendation's story. */
  async publishResponse(ref: SourceLocationRef, sourceReviewId: string, content: string): Promise<PublishedResponse> {
    const created = await this.#http.json(
      { method: "POST", url: this.#url(`/${segment(sourceReviewId)}/comments`, ref), form: { message: content } },
      z.object({ id: z.string() }),
    );
    return { publishedAt: new Date(), sourceResponseId: created.id };
  }

  async deleteResponse(ref: SourceLocationRef, sourceReviewId: string, sourceResponseId?: string): Promise<void> {
    const commentIds = sourceResponseId ? [sourceResponseId] : await this.#pageCommentIds(ref, sourceReviewId);
    for (const commentId of commentIds) {
      try {
        await this.#http.send({ method: "DELETE", url: this.#url(`/${segment(commentId)}`, ref) });
      } catch (error) {
        // Already deleted: what was asked for.
        if (!(error instanceof ConnectorError && error.kind === "not_found")) throw error;
      }
    }
  }

  /** The Page's own comments on a story: the response a delete removes. */
  async #pageCommentIds(ref: SourceLocationRef, storyId: string): Promise<string[]> {
    let comments: z.infer<typeof ZCommentList>;
    try {
      comments = await this.#http.json(
        { method: "GET", url: this.#url(`/${segment(storyId)}/comments`, ref, { fields: "id,from", limit: 100 }) },
        ZCommentList,
      );
    } catch (error) {
      if (error instanceof ConnectorError && error.kind === "not_found") return [];
      throw error;
    }
    return comments.data.filter((c) => c.from?.id === ref.externalId).map((c) => c.id);
  }

  #url(path: string, ref: SourceLocationRef, query: Record<string, string | number | undefined> = {}): URL {
    const token = ref.credentials.accessToken;
    if (!token) throw new ConnectorError("facebook", "auth", "no Page access token for this location");
    return this.#http.url(`/${segment(this.#version)}${path}`, { ...query, access_token: token });
  }
}

function toSourceReview(recommendation: FacebookRecommendation, pageId: string): SourceReview {
  const publishedAt = parseGraphDate(recommendation.created_time);
  if (publishedAt === null) throw new ConnectorError("facebook", "temporary", "a recommendation has no created_time");
  const story = recommendation.open_graph_story;
  const kind: Recommendation | null = recommendation.recommendation_type ?? null;
  return {
    // A Recommendation has no id of its own; its story does, and replies hang off the story.
    sourceReviewId: story?.id ?? `${recommendation.reviewer?.id ?? "anonymous"}@${recommendation.created_time}`,
    authorName: stringOrNull(recommendation.reviewer?.name),
    authorAvatarUrl: null,
    rating: toStarRating(recommendation.rating) ?? (kind === "positive" ? 5 : kind === "negative" ? 1 : null),
    recommendation: kind,
    title: null,
    content: stringOrNull(recommendation.review_text),
    publishedAt,
    updatedAt: null,
    url: story ? `https://www.facebook.com/${encodeURIComponent(story.id)}` : null,
    images: [],
    ownerResponse: ownerResponse(story?.comments?.data ?? [], pageId),
  };
}

function ownerResponse(comments: z.infer<typeof ZComment>[], pageId: string): OwnerResponse | null {
  const own = comments.filter((c) => c.from?.id === pageId && c.message);
  const latest = own.at(-1);
  if (!latest?.message) return null;
  return { content: latest.message, publishedAt: parseGraphDate(latest.created_time), sourceResponseId: latest.id };
}

/** Graph writes ISO 8601 with a colonless offset ("2024-03-01T12:00:00+0000"). */
export function parseGraphDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  return parseDate(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
}

const readGraphError: ErrorReader = (response) => {
  const error = isRecord(response.body) && isRecord(response.body.error) ? response.body.error : undefined;
  if (!error) return undefined;
  const code = typeof error.code === "number" ? error.code : -1;
  const subcode = typeof error.error_subcode === "number" ? error.error_subcode : -1;
  const text = typeof error.message === "string" ? error.message : "";
  const message = text.startsWith("(#") ? text : `(#${code}) ${text}`.trim();
  const kind = graphKind(code, subcode, error.is_transient === true);
  const retryAfterSeconds = kind === "rate_limited" ? businessUseCaseWait(response) : undefined;
  return {
    ...(kind ? { kind } : {}),
    message,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
};

function graphKind(code: number, subcode: number, transient: boolean): ConnectorErrorKind | undefined {
  if (code === 190 || code === 102 || code === 10 || (code >= 200 && code < 300)) return "auth";
  if ([4, 17, 32, 613].includes(code) || (code >= 80001 && code <= 80014)) return "rate_limited";
  if (code === 1 || code === 2 || transient) return "temporary";
  if ((code === 100 && subcode === 33) || code === 803) return "not_found";
  if (code === 12 || code === 100) return "rejected";
  return undefined;
}

/** `X-Business-Use-Case-Usage: {"<id>": [{ "type": "pages", "estimated_time_to_regain_access": <minutes> }]}`. */
function businessUseCaseWait(response: SourceResponse): number | undefined {
  const header = response.headers.get("x-business-use-case-usage");
  if (!header) return undefined;
  try {
    const usage: unknown = JSON.parse(header);
    if (!isRecord(usage)) return undefined;
    const minutes = Object.values(usage)
      .flatMap((entries) => (Array.isArray(entries) ? entries : []))
      .map((entry) => (isRecord(entry) ? entry.estimated_time_to_regain_access : undefined))
      .filter((m): m is number => typeof m === "number");
    return minutes.length > 0 ? Math.max(...minutes) * 60 : undefined;
  } catch {
    return undefined;
  }
}
