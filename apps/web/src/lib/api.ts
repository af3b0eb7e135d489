import { MEDIA_TYPE } from "@starboard/contract/hal";
import type { RouteDefinition, RouteInput, RouteOutput } from "@starboard/contract/route";

/** An API failure with the server's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface Credentials {
  email: string;
  token: string;
}

type Listener = (status: number) => void;
let credentials: Credentials | null = null;
const statusListeners = new Set<Listener>();

/** The session module sets the credentials every call carries. */
export function setCredentials(next: Credentials | null) {
  credentials = next;
}
export function getCredentials() {
  return credentials;
}
/** 401 and 402 answers are reported here (the session logs out or marks the account inactive). */
export function onAuthStatus(listener: Listener) {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export function toSearch(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Skip the Authorization header (sign-in, sign-up). */
  anonymous?: boolean;
  /** Basic credentials to send instead of the session's. */
  basic?: { user: string; password: string };
  signal?: AbortSignal;
}

/**
 * Calls the API under /api with the versioned media type and the session's
 * Basic credentials. GETs carry a nonce; PATCH goes as POST with the method
 * override header, as the spec's client does.
 */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: MEDIA_TYPE };
  let httpMethod = method.toUpperCase();
  const query: Query = { ...(opts.query ?? {}) };
  if (httpMethod === "GET") query.nonce = Date.now();
  if (httpMethod === "PATCH") {
    httpMethod = "POST";
    headers["X-HTTP-Method-Override"] = "PATCH";
  }
  const basic =
    opts.basic ?? (credentials && !opts.anonymous ? { user: credentials.email, password: credentials.token } : null);
  if (basic) headers.Authorization = `Basic ${btoa(unescape(encodeURIComponent(`${basic.user}:${basic.password}`)))}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = MEDIA_TYPE;
    body = JSON.stringify(opts.body);
  }
  // credentials "omit": the API authenticates by the Authorization header only, and with browser
  // credentials on, a 401 carrying `WWW-Authenticate: Basic` makes Chromium hold the request for
  // its own sign-in prompt (headless browsers never answer), so the app never sees the 401.
  const res = await fetch(`/api${path}${toSearch(query)}`, {
    method: httpMethod,
    headers,
    body,
    signal: opts.signal,
    credentials: "omit",
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if ((res.status === 401 && !opts.anonymous && !opts.basic) || res.status === 402) {
      for (const l of statusListeners) l(res.status);
    }
    const err = (data ?? {}) as { error?: string; message?: string; errors?: Record<string, string> };
    throw new ApiError(res.status, err.error ?? err.message ?? res.statusText, err.errors ?? {});
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>("POST", path, { body, query }),
  patch: <T>(path: string, body?: unknown, query?: Query) => request<T>("PATCH", path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>("PUT", path, { body, query }),
  delete: <T>(path: string, query?: Query) => request<T>("DELETE", path, { query }),
};

/** The path of a route with its `:name` parameters filled, under /api (the client's `request` adds /api). */
export function routePath(route: Pick<RouteDefinition, "path">, params: Record<string, unknown> | undefined): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new Error(`${route.path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
  return path.replace(/^\/api/, "");
}

/**
 * Calls a route of the table (`@starboard/contract/routes/<feature>`): its input (`params`, `query`,
 * `body`) and its answer are typed by the route's schemas, so the client and the server cannot drift.
 */
export function call<R extends RouteDefinition>(
  route: R,
  input: RouteInput<R>,
  opts: Pick<RequestOptions, "signal" | "anonymous" | "basic"> = {},
): Promise<RouteOutput<R>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  return request<RouteOutput<R>>(route.method, routePath(route, params), {
    ...opts,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}
