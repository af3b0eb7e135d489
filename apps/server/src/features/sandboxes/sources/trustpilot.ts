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
 * A fake Trustpilot: the public Business Units API `GET /v1/business-units/{id}/reviews` (apikey header or
 * query; page, perPage, orderBy; { reviews[], links[] } with a "next-page" link while there is more) and the
 * private Service Reviews API `POST|DELETE /v1/private/reviews/{reviewId}/reply` with a Bearer token.
 * Auth failures come in the API gateway's shape { fault { faultstring, detail { errorcode } } }.
 */

export interface TrustpilotApiReview {
  id: string;
  stars: number;
  title: string;
  text: string;
  language: string;
  createdAt: string;
  updatedAt: string | null;
  consumer: { id: string; displayName: string; displayLocation?: string; numberOfReviews?: number };
  companyReply: { text: string; authorBusinessUserId?: string; createdAt: string; updatedAt: string | null } | null;
}

export interface FakeTrustpilotState extends FakeState {
  businessUnitId: string;
  apiKey: string;
  accessToken: string;
  reviews: TrustpilotApiReview[];
  now: () => Date;
}

export interface FakeTrustpilotOptions {
  reviews?: TrustpilotApiReview[];
  businessUnitId?: string;
  apiKey?: string;
  accessToken?: string;
  now?: () => Date;
}

export function startFakeTrustpilot(options: FakeTrustpilotOptions = {}): Promise<FakeServer<FakeTrustpilotState>> {
  const state: FakeTrustpilotState = {
    ...newFakeState(),
    businessUnitId: options.businessUnitId ?? "507f191e810c19729de860ea",
    apiKey: options.apiKey ?? "trustpilot-key",
    accessToken: options.accessToken ?? "trustpilot-token",
    reviews: options.reviews ?? [],
    now: options.now ?? (() => new Date()),
  };
  return startFakeServer(state, trustpilotSource);
}

/** The Trustpilot APIs one business unit answers (its keys, its reviews and their replies). */
export const trustpilotSource: FakeSource<FakeTrustpilotState> = {
  failureBody: (status) =>
    status === 429
      ? fault("Rate limit quota violation. Quota limit exceeded.", "policies.ratelimit.QuotaViolation")
      : { message: "Internal server error" },
  handle(request, s, baseUrl) {
    const list = /^\/v1\/business-units\/([^/]+)\/reviews$/.exec(request.path);
    if (list && request.method === "GET") {
      const key = request.headers.apikey ?? request.query.apikey;
      if (key !== s.apiKey) return { status: 401, body: fault("Invalid ApiKey", "oauth.v2.InvalidApiKey") };
      if (list[1] !== s.businessUnitId) return { status: 404, body: { message: "Business unit not found" } };
      return listReviews(s, request.query, baseUrl, request.path);
    }
    const reply = /^\/v1\/private\/reviews\/([^/]+)\/reply$/.exec(request.path);
    if (reply) {
      if (request.headers.authorization !== `Bearer ${s.accessToken}`) {
        return { status: 401, body: fault("Invalid access token", "oauth.v2.InvalidAccessToken") };
      }
      const review = s.reviews.find((r) => r.id === reply[1]);
      if (!review) return { status: 404, body: { message: "Review not found" } };
      if (request.method === "POST") {
        const body = request.body as { message?: unknown; authorBusinessUserId?: unknown } | null;
        if (typeof body?.message !== "string" || body.message === "") {
          return { status: 400, body: { message: "message is required" } };
        }
        const at = s.now().toISOString();
        review.companyReply = {
          text: body.message,
          ...(typeof body.authorBusinessUserId === "string" ? { authorBusinessUserId: body.authorBusinessUserId } : {}),
          createdAt: review.companyReply?.createdAt ?? at,
          updatedAt: at,
        };
        return { status: 201 };
      }
      if (request.method === "DELETE") {
        review.companyReply = null;
        return { status: 204 };
      }
    }
    return { status: 404, body: { message: "Resource not found" } };
  },
};

function listReviews(
  state: FakeTrustpilotState,
  query: Record<string, string>,
  baseUrl: string,
  path: string,
): FakeReply {
  const page = intParam(query.page, 1);
  const perPage = intParam(query.perPage, 20);
  if (page < 1 || perPage < 1 || perPage > 100)
    return { status: 400, body: { message: "page or perPage out of range" } };
  const orderBy = query.orderBy ?? "createdat.desc";
  const sorted = [...state.reviews];
  if (orderBy === "createdat.desc") sorted.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  else if (orderBy === "createdat.asc") sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  else if (orderBy === "stars.desc") sorted.sort((a, b) => b.stars - a.stars);
  else if (orderBy === "stars.asc") sorted.sort((a, b) => a.stars - b.stars);
  else return { status: 400, body: { message: `Invalid orderBy: ${orderBy}` } };
  const start = (page - 1) * perPage;
  const link = (p: number, rel: string) => {
    const href = new URL(path, baseUrl);
    href.searchParams.set("page", String(p));
    href.searchParams.set("perPage", String(perPage));
    href.searchParams.set("orderBy", orderBy);
    return { href: href.toString(), method: "GET", rel };
  };
  const links = [];
  if (page > 1) links.push(link(page - 1, "prev-page"));
  if (start + perPage < sorted.length) links.push(link(page + 1, "next-page"));
  return { status: 200, body: { links, reviews: sorted.slice(start, start + perPage) } };
}

function fault(faultstring: string, errorcode: string): unknown {
  return { fault: { faultstring, detail: { errorcode } } };
}
