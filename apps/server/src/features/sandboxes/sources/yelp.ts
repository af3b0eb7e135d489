import {
  type FakeReply,
  type FakeServer,
  type FakeSource,
  type FakeState,
  intParam,
  newFakeState,
  startFakeServer,
} from "./http.ts";

/**
 * A fake Yelp Fusion v3 `GET /v3/businesses/{id}/reviews` serving the shape of the published sample
 * (yelp_fusion_v3_business_reviews_eleven-madison-park.json): { reviews[], total, possible_languages },
 * with limit/offset paging, sort_by, and Yelp's error shape { error { code, description } }.
 */

export interface YelpApiReview {
  id: string;
  url: string;
  text: string;
  rating: number;
  /** "YYYY-MM-DD HH:MM:SS", Pacific time. */
  time_created: string;
  user: { id: string; profile_url: string; image_url: string | null; name: string };
}

export interface FakeYelpState extends FakeState {
  apiKey: string;
  /** The business id and alias this fake answers for. */
  businessIds: string[];
  reviews: YelpApiReview[];
  /** Serve at most this many reviews whatever the offset, as plans capped at a few reviews do. */
  planCap?: number;
}

export interface FakeYelpOptions {
  reviews?: YelpApiReview[];
  apiKey?: string;
  businessIds?: string[];
  planCap?: number;
}

const MAX_LIMIT = 50;

export function startFakeYelp(options: FakeYelpOptions = {}): Promise<FakeServer<FakeYelpState>> {
  const state: FakeYelpState = {
    ...newFakeState(),
    apiKey: options.apiKey ?? "yelp-key",
    businessIds: options.businessIds ?? ["WavvLdfdP6g8aZTtbBQHTw", "eleven-madison-park-new-york"],
    reviews: options.reviews ?? [],
    ...(options.planCap === undefined ? {} : { planCap: options.planCap }),
  };
  return startFakeServer(state, yelpSource);
}

/** The Yelp Fusion reviews endpoint one state answers (its key, its businesses and their reviews). */
export const yelpSource: FakeSource<FakeYelpState> = {
  failureBody: (status) =>
    status === 429
      ? yelpError(
          "TOO_MANY_REQUESTS_PER_SECOND",
          "You have exceeded the queries-per-second limit for this endpoint. Try reducing the rate at which you make queries.",
        )
      : yelpError("INTERNAL_ERROR", "Something went wrong internally, please try your request again"),
  handle(request, s) {
    if (request.headers.authorization !== `Bearer ${s.apiKey}`) {
      return { status: 401, body: yelpError("TOKEN_INVALID", "Invalid access token or authorization header.") };
    }
    const m = /^\/v3\/businesses\/([^/]+)\/reviews$/.exec(request.path);
    if (!m || request.method !== "GET")
      return { status: 404, body: yelpError("NOT_FOUND", "Resource could not be found.") };
    if (!s.businessIds.includes(m[1]!)) {
      return { status: 404, body: yelpError("BUSINESS_NOT_FOUND", "The requested business could not be found.") };
    }
    return list(s, request.query);
  },
};

function list(state: FakeYelpState, query: Record<string, string>): FakeReply {
  const limit = intParam(query.limit, 20);
  const offset = intParam(query.offset, 0);
  if (limit < 0 || limit > MAX_LIMIT || offset < 0) {
    return { status: 400, body: yelpError("VALIDATION_ERROR", "limit or offset out of range") };
  }
  const sorted = [...state.reviews];
  if ((query.sort_by ?? "yelp_sort") === "newest") sorted.sort((a, b) => b.time_created.localeCompare(a.time_created));
  const available = state.planCap === undefined ? sorted : sorted.slice(0, state.planCap);
  return {
    status: 200,
    body: { reviews: available.slice(offset, offset + limit), total: sorted.length, possible_languages: ["en"] },
  };
}

export function yelpError(code: string, description: string): unknown {
  return { error: { code, description } };
}
