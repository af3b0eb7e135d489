import {
  decodeToken,
  encodeToken,
  type FakeReply,
  type FakeServer,
  type FakeState,
  intParam,
  newFakeState,
  startFakeServer,
} from "./fake-http.ts";

/**
 * A fake My Business API v4 (reviews.list, updateReply, deleteReply) serving the discovery-document
 * shapes: ListReviewsResponse { reviews[], averageRating, totalReviewCount, nextPageToken }, Review, ReviewReply,
 * and google.rpc.Status errors { error { code, message, status } }.
 */

export type GoogleStarRating = "STAR_RATING_UNSPECIFIED" | "ONE" | "TWO" | "THREE" | "FOUR" | "FIVE";

export interface GoogleApiReview {
  reviewId: string;
  reviewer?: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating?: GoogleStarRating;
  comment?: string;
  createTime: string;
  updateTime?: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface FakeGoogleState extends FakeState {
  accessToken: string;
  /** `accounts/{a}/locations/{l}` */
  locationName: string;
  reviews: GoogleApiReview[];
  now: () => Date;
}

export interface FakeGoogleOptions {
  reviews?: GoogleApiReview[];
  accessToken?: string;
  locationName?: string;
  now?: () => Date;
}

const MAX_PAGE_SIZE = 50;
const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

export function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeServer<FakeGoogleState>> {
  const state: FakeGoogleState = {
    ...newFakeState(),
    accessToken: options.accessToken ?? "google-token",
    locationName: options.locationName ?? "accounts/1001/locations/2002",
    reviews: options.reviews ?? [],
    now: options.now ?? (() => new Date()),
  };
  return startFakeServer(state, {
    failureBody: (status) => googleError(status, status === 429 ? "Quota exceeded." : "The service is unavailable."),
    handle(request, s) {
      if (request.headers.authorization !== `Bearer ${s.accessToken}`) {
        return reply(401, "Request had invalid authentication credentials. Expected OAuth 2 access token.");
      }
      const m = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews(?:\/([^/]+)\/reply)?$/.exec(request.path);
      if (!m) return reply(404, "Method not found.");
      if (m[1] !== s.locationName) return reply(404, "Requested entity was not found.");
      const reviewId = m[2];
      if (reviewId === undefined) {
        return request.method === "GET" ? list(s, request.query) : reply(404, "Method not found.");
      }
      const review = s.reviews.find((r) => r.reviewId === reviewId);
      if (!review) return reply(404, "Requested entity was not found.");
      if (request.method === "PUT") {
        const comment = (request.body as { comment?: unknown } | null)?.comment;
        if (typeof comment !== "string" || comment === "") return reply(400, "comment is required.");
        review.reviewReply = { comment, updateTime: s.now().toISOString() };
        return { status: 200, body: review.reviewReply };
      }
      if (request.method === "DELETE") {
        delete review.reviewReply;
        return { status: 200, body: {} };
      }
      return reply(404, "Method not found.");
    },
  });
}

function list(state: FakeGoogleState, query: Record<string, string>): FakeReply {
  const pageSize = Math.min(intParam(query.pageSize, MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  if (pageSize < 1) return reply(400, "pageSize must be positive.");
  const offset = query.pageToken ? decodeToken(query.pageToken) : 0;
  if (offset === undefined) return reply(400, "Invalid page token.");
  const orderBy = query.orderBy ?? "update_time desc";
  const sorted = [...state.reviews];
  if (orderBy === "update_time desc") {
    sorted.sort((a, b) => (b.updateTime ?? b.createTime).localeCompare(a.updateTime ?? a.createTime));
  } else if (orderBy === "rating" || orderBy === "rating desc") {
    const sign = orderBy === "rating" ? 1 : -1;
    sorted.sort((a, b) => sign * ((STARS[a.starRating ?? ""] ?? 0) - (STARS[b.starRating ?? ""] ?? 0)));
  } else {
    return reply(400, `Invalid orderBy: ${orderBy}`);
  }
  const page = sorted.slice(offset, offset + pageSize);
  const rated = state.reviews.map((r) => STARS[r.starRating ?? ""]).filter((n): n is number => n !== undefined);
  const body: Record<string, unknown> = {
    totalReviewCount: state.reviews.length,
    averageRating: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : 0,
  };
  // proto3 JSON leaves out empty repeated fields.
  if (page.length) body.reviews = page.map((r) => ({ ...r, name: `${state.locationName}/reviews/${r.reviewId}` }));
  if (offset + pageSize < sorted.length) body.nextPageToken = encodeToken(offset + pageSize);
  return { status: 200, body };
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function googleError(code: number, message: string): unknown {
  return { error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN" } };
}

function reply(code: number, message: string): FakeReply {
  return { status: code, body: googleError(code, message) };
}
