import {
  decodeToken,
  encodeToken,
  type FakeListenOptions,
  type FakeReply,
  type FakeServer,
  type FakeState,
  intParam,
  newFakeState,
  type SandboxBehaviour,
  startFakeServer,
} from "./http.ts";

/**
 * A fake My Business API v4 (reviews.list, updateReply, deleteReply) serving the discovery-document
 * shapes: ListReviewsResponse { reviews[], averageRating, totalReviewCount, nextPageToken }, Review, ReviewReply,
 * and google.rpc.Status errors { error { code, message, status } }.
 *
 * One fake serves several locations: `locationName` with `reviews` (the one most tests need), every location in
 * `locations`, and, for the accounts in `accounts`, any other location under them (with no reviews until some
 * are added). Any other location answers 404.
 *
 * Control calls (besides fake-http's requests and failures), for a test in another process:
 * - `GET /__fake/accounts/{a}/locations/{l}/reviews`: `{reviews}` the fake holds there, with their replies
 * - `POST` the same path with `{reviews: [...]}`: adds them (a review of the same reviewId is replaced)
 * - `PUT` the same path with `{reviews: [...]}`: replaces the location's reviews
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
  /** The reviews of `locationName`. */
  reviews: GoogleApiReview[];
  /** The reviews of other locations, by `accounts/{a}/locations/{l}`. */
  locations: Record<string, GoogleApiReview[]>;
  /** `accounts/{a}`: any location under these exists (without reviews until some are added). */
  accounts: string[];
  now: () => Date;
}

export interface FakeGoogleOptions extends FakeListenOptions {
  reviews?: GoogleApiReview[];
  accessToken?: string;
  locationName?: string;
  locations?: Record<string, GoogleApiReview[]>;
  accounts?: string[];
  now?: () => Date;
  /** Delay, failures, loading and persistence of a long-running sandbox. */
  behaviour?: SandboxBehaviour;
}

const MAX_PAGE_SIZE = 50;
const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const LOCATION = "accounts/[^/]+/locations/[^/]+";
const API_PATH = new RegExp(`^/v4/(${LOCATION})/reviews(?:/([^/]+)/reply)?$`);
const CONTROL_PATH = new RegExp(`^/__fake/(${LOCATION})/reviews$`);

/** The location (`accounts/{a}/locations/{l}`) a source or control request names, if any. */
export function googleLocationOf(path: string): string | undefined {
  return (API_PATH.exec(path) ?? CONTROL_PATH.exec(path))?.[1];
}

/** The reviews the fake holds at a location; undefined for a location it does not know. */
export function reviewsAt(state: FakeGoogleState, locationName: string): GoogleApiReview[] | undefined {
  if (locationName === state.locationName) return state.reviews;
  const held = state.locations[locationName];
  if (held) return held;
  const account = locationName.slice(0, locationName.indexOf("/locations/"));
  return state.accounts.includes(account) ? [] : undefined;
}

function setReviewsAt(state: FakeGoogleState, locationName: string, reviews: GoogleApiReview[]): void {
  if (locationName === state.locationName) state.reviews = reviews;
  else state.locations[locationName] = reviews;
}

export function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeServer<FakeGoogleState>> {
  const state: FakeGoogleState = {
    ...newFakeState(),
    accessToken: options.accessToken ?? "google-token",
    locationName: options.locationName ?? "accounts/1001/locations/2002",
    reviews: options.reviews ?? [],
    locations: options.locations ?? {},
    accounts: options.accounts ?? [],
    now: options.now ?? (() => new Date()),
  };
  const listen: FakeListenOptions = {
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.host === undefined ? {} : { host: options.host }),
  };
  return startFakeServer(
    state,
    {
      failureBody: (status) => googleError(status, status === 429 ? "Quota exceeded." : "The service is unavailable."),
      handle(request, s) {
        if (request.headers.authorization !== `Bearer ${s.accessToken}`) {
          return reply(401, "Request had invalid authentication credentials. Expected OAuth 2 access token.");
        }
        const m = API_PATH.exec(request.path);
        if (!m) return reply(404, "Method not found.");
        const locationName = m[1]!;
        const reviews = reviewsAt(s, locationName);
        if (!reviews) return reply(404, "Requested entity was not found.");
        const reviewId = m[2];
        if (reviewId === undefined) {
          return request.method === "GET"
            ? list(locationName, reviews, request.query)
            : reply(404, "Method not found.");
        }
        const review = reviews.find((r) => r.reviewId === reviewId);
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
      control(request, s) {
        const m = CONTROL_PATH.exec(request.path);
        if (!m) return undefined;
        const locationName = m[1]!;
        if (request.method === "GET") {
          return { status: 200, body: { reviews: withNames(locationName, reviewsAt(s, locationName) ?? []) } };
        }
        if (request.method !== "POST" && request.method !== "PUT") return undefined;
        const incoming = (request.body as { reviews?: unknown } | null)?.reviews;
        if (!Array.isArray(incoming) || !incoming.every(isApiReview)) {
          return { status: 400, body: { fakeError: "expected {reviews: [{reviewId, createTime, ...}]}" } };
        }
        const ids = new Set(incoming.map((r) => r.reviewId));
        const kept =
          request.method === "POST" ? (reviewsAt(s, locationName) ?? []).filter((r) => !ids.has(r.reviewId)) : [];
        setReviewsAt(s, locationName, [...kept, ...incoming]);
        return { status: 200, body: { reviews: withNames(locationName, reviewsAt(s, locationName) ?? []) } };
      },
    },
    listen,
    options.behaviour,
  );
}

function isApiReview(value: unknown): value is GoogleApiReview {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.reviewId === "string" && r.reviewId !== "" && typeof r.createTime === "string";
}

/** Reviews as the API lists them: with their resource name. */
function withNames(locationName: string, reviews: GoogleApiReview[]) {
  return reviews.map((r) => ({ ...r, name: `${locationName}/reviews/${r.reviewId}` }));
}

function list(locationName: string, reviews: GoogleApiReview[], query: Record<string, string>): FakeReply {
  const pageSize = Math.min(intParam(query.pageSize, MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  if (pageSize < 1) return reply(400, "pageSize must be positive.");
  const offset = query.pageToken ? decodeToken(query.pageToken) : 0;
  if (offset === undefined) return reply(400, "Invalid page token.");
  const orderBy = query.orderBy ?? "update_time desc";
  const sorted = [...reviews];
  if (orderBy === "update_time desc") {
    sorted.sort((a, b) => (b.updateTime ?? b.createTime).localeCompare(a.updateTime ?? a.createTime));
  } else if (orderBy === "rating" || orderBy === "rating desc") {
    const sign = orderBy === "rating" ? 1 : -1;
    sorted.sort((a, b) => sign * ((STARS[a.starRating ?? ""] ?? 0) - (STARS[b.starRating ?? ""] ?? 0)));
  } else {
    return reply(400, `Invalid orderBy: ${orderBy}`);
  }
  const page = sorted.slice(offset, offset + pageSize);
  const rated = reviews.map((r) => STARS[r.starRating ?? ""]).filter((n): n is number => n !== undefined);
  const body: Record<string, unknown> = {
    totalReviewCount: reviews.length,
    averageRating: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : 0,
  };
  // proto3 JSON leaves out empty repeated fields.
  if (page.length) body.reviews = withNames(locationName, page);
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
