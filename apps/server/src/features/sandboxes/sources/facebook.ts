import {
  decodeToken,
  encodeToken,
  type FakeReply,
  type FakeServer,
  type FakeSource,
  type FakeState,
  intParam,
  newFakeState,
  type SandboxBehaviour,
  startFakeServer,
} from "./http.ts";

/**
 * A fake Graph API for Page recommendations: `GET /{version}/{page-id}/ratings` (fields, limit, after) with
 * cursor paging { data[], paging { cursors { before, after }, next? } }, `GET|POST /{version}/{story-id}/comments`,
 * `DELETE /{version}/{comment-id}`, and Graph errors { error { message, type, code, error_subcode, fbtrace_id } }.
 * Like Graph, it answers a bad token with 400 and code 190, and checks `access_token` on every call.
 */

export interface FacebookApiComment {
  id: string;
  from: { id: string; name: string };
  message: string;
  /** Graph format, "2024-03-01T12:00:00+0000". */
  created_time: string;
}

export interface FacebookApiRecommendation {
  created_time: string;
  recommendation_type: "positive" | "negative";
  review_text?: string;
  rating?: number;
  has_rating: boolean;
  reviewer?: { id: string; name: string };
  /** The story the recommendation was published as; its comments are where the Page replies. */
  open_graph_story: { id: string; comments: FacebookApiComment[] };
}

export interface FakeFacebookState extends FakeState {
  pageId: string;
  pageName: string;
  accessToken: string;
  version: string;
  ratings: FacebookApiRecommendation[];
  now: () => Date;
  commentSeq: number;
}

export interface FakeFacebookOptions {
  ratings?: FacebookApiRecommendation[];
  pageId?: string;
  pageName?: string;
  accessToken?: string;
  version?: string;
  now?: () => Date;
  behaviour?: SandboxBehaviour;
}

export function startFakeFacebook(options: FakeFacebookOptions = {}): Promise<FakeServer<FakeFacebookState>> {
  const state: FakeFacebookState = {
    ...newFakeState(),
    pageId: options.pageId ?? "104882365536925",
    pageName: options.pageName ?? "Corner Bistro",
    accessToken: options.accessToken ?? "facebook-page-token",
    version: options.version ?? "v21.0",
    ratings: options.ratings ?? [],
    now: options.now ?? (() => new Date()),
    commentSeq: 0,
  };
  return startFakeServer(state, facebookSource, {}, options.behaviour);
}

/** The Graph API one Page answers (its state: the Page, its token and its recommendations). */
export const facebookSource: FakeSource<FakeFacebookState> = {
  failureBody: (status) =>
    status === 429 || status === 403
      ? graphError(4, "Application request limit reached", { is_transient: true })
      : graphError(2, "An unexpected error has occurred. Please retry your request later.", { is_transient: true }),
  handle(request, s, baseUrl) {
    if (request.query.access_token !== s.accessToken) {
      return {
        status: 400,
        headers: { "www-authenticate": 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"' },
        body: graphError(190, "Invalid OAuth access token - Cannot parse access token"),
      };
    }
    const parts = request.path.split("/").filter(Boolean);
    if (parts[0] !== s.version) return unknownPath(request.path);
    const [, id, edge] = parts;
    if (id === undefined || parts.length > 3) return unknownPath(request.path);
    if (edge === "ratings" && request.method === "GET") {
      return id === s.pageId ? listRatings(s, request.query, baseUrl, request.path) : noSuchObject(id);
    }
    if (edge === "comments") {
      const story = s.ratings.find((r) => r.open_graph_story.id === id)?.open_graph_story;
      if (!story) return noSuchObject(id);
      if (request.method === "GET") return { status: 200, body: { data: story.comments } };
      if (request.method === "POST") {
        const message = (request.body as { message?: unknown } | null)?.message ?? request.query.message;
        if (typeof message !== "string" || message === "") {
          return { status: 400, body: graphError(100, "Invalid parameter", { error_subcode: 1349125 }) };
        }
        const comment: FacebookApiComment = {
          id: `${id}_${++s.commentSeq}`,
          from: { id: s.pageId, name: s.pageName },
          message,
          created_time: graphDate(s.now()),
        };
        story.comments.push(comment);
        return { status: 200, body: { id: comment.id } };
      }
    }
    if (edge === undefined && request.method === "DELETE") {
      for (const rating of s.ratings) {
        const index = rating.open_graph_story.comments.findIndex((c) => c.id === id);
        if (index >= 0) {
          rating.open_graph_story.comments.splice(index, 1);
          return { status: 200, body: { success: true } };
        }
      }
      return noSuchObject(id);
    }
    return unknownPath(request.path);
  },
};

function listRatings(
  state: FakeFacebookState,
  query: Record<string, string>,
  baseUrl: string,
  path: string,
): FakeReply {
  const limit = Math.min(intParam(query.limit, 25), 100);
  const offset = query.after ? decodeToken(query.after) : 0;
  if (offset === undefined) return { status: 400, body: graphError(100, "Invalid cursor") };
  // Graph lists the newest recommendations first.
  const sorted = [...state.ratings].sort((a, b) => b.created_time.localeCompare(a.created_time));
  const page = sorted.slice(offset, offset + limit);
  if (page.length === 0) return { status: 200, body: { data: [] } };
  const fields = topLevelFields(query.fields ?? "created_time,recommendation_type,review_text");
  const after = encodeToken(offset + page.length);
  const paging: Record<string, unknown> = { cursors: { before: encodeToken(offset), after } };
  if (offset + page.length < sorted.length) {
    const next = new URL(path, baseUrl);
    for (const [key, value] of Object.entries({ ...query, after })) next.searchParams.set(key, value);
    paging.next = next.toString();
  }
  return { status: 200, body: { data: page.map((r) => project(r, fields)), paging } };
}

/** Top-level names of a Graph `fields` list, with what each expands to ("open_graph_story{id,comments{...}}"). */
function topLevelFields(fields: string): Map<string, string> {
  const result = new Map<string, string>();
  let depth = 0;
  let current = "";
  for (const char of `${fields},`) {
    if (char === "," && depth === 0) {
      const brace = current.indexOf("{");
      const name = (brace < 0 ? current : current.slice(0, brace)).split(".")[0]!.trim();
      if (name) result.set(name, brace < 0 ? "" : current.slice(brace));
      current = "";
      continue;
    }
    if (char === "{") depth++;
    if (char === "}") depth--;
    current += char;
  }
  return result;
}

function project(rating: FacebookApiRecommendation, fields: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, expansion] of fields) {
    if (name === "open_graph_story") {
      const story = rating.open_graph_story;
      out.open_graph_story = expansion.includes("comments")
        ? { id: story.id, ...(story.comments.length ? { comments: { data: story.comments } } : {}) }
        : { id: story.id };
    } else if (name in rating) {
      out[name] = rating[name as keyof FacebookApiRecommendation];
    }
  }
  return out;
}

export function graphDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+0000");
}

export function graphError(code: number, message: string, extra: Record<string, unknown> = {}): unknown {
  return {
    error: { message: `(#${code}) ${message}`, type: "OAuthException", code, ...extra, fbtrace_id: "AbCdEfGhIjK" },
  };
}

function noSuchObject(id: string): FakeReply {
  return {
    status: 400,
    body: graphError(
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { type: "GraphMethodException", error_subcode: 33 },
    ),
  };
}

function unknownPath(path: string): FakeReply {
  return { status: 400, body: graphError(2500, `Unknown path components: ${path}`) };
}
