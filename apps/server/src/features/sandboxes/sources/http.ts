import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The plumbing every fake source shares: a loopback server, a request log and failures on demand.
 *
 * Besides the source's own API, every fake answers a control API under `/__fake/` (a prefix no source
 * uses), for tests that drive a fake in another process (the e2e server):
 * - `GET /__fake/health`: 200 `{status: "ok"}`
 * - `GET /__fake/requests`: `{requests}`, every request to the source's API, oldest first; `DELETE` clears it
 * - `GET /__fake/failures`: `{failures}` still queued; `POST` queues one `InjectedFailure` (or an array);
 *   `DELETE` clears them
 * - anything else under `/__fake/` goes to the source's `control` (e.g. the Google fake's reviews).
 * Control calls are neither recorded nor answered with an injected failure.
 */

export const CONTROL_PREFIX = "/__fake/";

export interface RecordedRequest {
  method: string;
  /** Decoded path, without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON or form body; null when empty. */
  body: unknown;
}

/**
 * Answered instead of the next request (before the auth check), in the source's own error shape.
 * With `method` and/or `path`, it waits for the next request that matches them and leaves others alone.
 */
export interface InjectedFailure {
  status: number;
  /** Only a request with this method (e.g. "PUT"). */
  method?: string;
  /** Only a request to exactly this decoded path (e.g. "/v4/accounts/1/locations/2/reviews/r1/reply"). */
  path?: string;
  /** Sent as Retry-After. */
  retryAfter?: number | string;
  headers?: Record<string, string>;
  /** Replaces the source's default error body for this status. */
  body?: unknown;
}

export interface FakeState {
  /** Every request the fake received, oldest first. */
  requests: RecordedRequest[];
  /** Queued failures, used up one per request. */
  failures: InjectedFailure[];
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeServer<S extends FakeState> {
  /** Base URL, e.g. http://127.0.0.1:49152, to hand to the connector. */
  url: string;
  /** Live state: change it between calls to edit, delete or add reviews at the "source". */
  state: S;
  close(): Promise<void>;
}

export interface FakeSource<S extends FakeState> {
  handle(request: RecordedRequest, state: S, baseUrl: string): FakeReply;
  /** The source's error body for an injected failure without its own body. */
  failureBody(status: number): unknown;
  /** The source's own control calls under `/__fake/`; undefined answers 404. */
  control?(request: RecordedRequest, state: S): FakeReply | undefined;
}

export interface FakeListenOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Default 127.0.0.1: a fake never listens beyond the loopback. */
  host?: string;
}

/** How a long-running sandbox behaves beyond the bare fake (features/sandboxes/service.ts). */
export interface SandboxBehaviour {
  /** Runs before a source or control request is answered (e.g. loads the location it names). */
  prepare?(request: RecordedRequest): Promise<void>;
  /** Milliseconds a source request takes, as a real service's round trip does. */
  delayMs?: number;
  /** Share (0-1) of source requests answered with a temporary failure (503 in the source's shape). */
  failureRate?: number;
  random?: () => number;
  /** After every request that may have changed the state (to persist it). */
  changed?(): void;
  /** Requests kept in the log (the oldest dropped first); unbounded when absent. */
  maxRequests?: number;
}

export async function startFakeServer<S extends FakeState>(
  state: S,
  source: FakeSource<S>,
  listen: FakeListenOptions = {},
  behaviour: SandboxBehaviour = {},
): Promise<FakeServer<S>> {
  let baseUrl = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer());
    // A client that goes away mid-request (a killed process) ends only that request, never the server.
    req.on("error", () => {});
    const answer = async () => {
      const url = new URL(req.url ?? "/", baseUrl);
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        send(res, { status: 400, body: { fakeError: "malformed path" } });
        return;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString("utf8"), req.headers["content-type"]),
      };
      try {
        await behaviour.prepare?.(recorded);
      } catch (error) {
        send(res, { status: 500, body: { fakeError: String(error) } });
        return;
      }
      if (recorded.path.startsWith(CONTROL_PREFIX)) {
        let reply: FakeReply;
        try {
          reply = control(recorded, state, source);
        } catch (error) {
          reply = { status: 500, body: { fakeError: String(error) } };
        }
        if (recorded.method !== "GET") behaviour.changed?.();
        send(res, reply);
        return;
      }
      state.requests.push(recorded);
      if (behaviour.maxRequests !== undefined && state.requests.length > behaviour.maxRequests) {
        state.requests.splice(0, state.requests.length - behaviour.maxRequests);
      }
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      let reply: FakeReply;
      const failure =
        takeFailure(state, recorded) ??
        (behaviour.failureRate && (behaviour.random ?? Math.random)() < behaviour.failureRate
          ? { status: 503 }
          : undefined);
      if (failure) {
        reply = {
          status: failure.status,
          body: failure.body ?? source.failureBody(failure.status),
          headers: {
            ...(failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) }),
            ...failure.headers,
          },
        };
      } else {
        try {
          reply = source.handle(recorded, state, baseUrl);
        } catch (error) {
          reply = { status: 500, body: { fakeError: String(error) } };
        }
      }
      if (recorded.method !== "GET") behaviour.changed?.();
      send(res, reply);
    };
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port ?? 0, listen.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The first queued failure that applies to the request, taken off the queue. */
function takeFailure(state: FakeState, request: RecordedRequest): InjectedFailure | undefined {
  const index = state.failures.findIndex(
    (f) =>
      (f.method === undefined || f.method.toUpperCase() === request.method.toUpperCase()) &&
      (f.path === undefined || f.path === request.path),
  );
  return index < 0 ? undefined : state.failures.splice(index, 1)[0];
}

function control<S extends FakeState>(request: RecordedRequest, state: S, source: FakeSource<S>): FakeReply {
  const route = `${request.method} ${request.path.slice(CONTROL_PREFIX.length - 1)}`;
  switch (route) {
    case "GET /health":
      return { status: 200, body: { status: "ok" } };
    case "GET /requests":
      return { status: 200, body: { requests: state.requests } };
    case "DELETE /requests":
      state.requests.length = 0;
      return { status: 200, body: { requests: [] } };
    case "GET /failures":
      return { status: 200, body: { failures: state.failures } };
    case "DELETE /failures":
      state.failures.length = 0;
      return { status: 200, body: { failures: [] } };
    case "POST /failures": {
      const body = request.body;
      const failures = Array.isArray(body) ? body : [body];
      if (!failures.every(isInjectedFailure)) {
        return { status: 400, body: { fakeError: "expected {status, method?, path?, retryAfter?, headers?, body?}" } };
      }
      state.failures.push(...failures);
      return { status: 201, body: { failures: state.failures } };
    }
  }
  return source.control?.(request, state) ?? { status: 404, body: { fakeError: `no control route ${route}` } };
}

function isInjectedFailure(value: unknown): value is InjectedFailure {
  if (typeof value !== "object" || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f.status === "number" &&
    Number.isInteger(f.status) &&
    f.status >= 100 &&
    f.status <= 599 &&
    (f.method === undefined || typeof f.method === "string") &&
    (f.path === undefined || typeof f.path === "string") &&
    (f.retryAfter === undefined || typeof f.retryAfter === "number" || typeof f.retryAfter === "string") &&
    (f.headers === undefined || (typeof f.headers === "object" && f.headers !== null))
  );
}

function send(res: http.ServerResponse, reply: FakeReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = "";
  if (reply.body !== undefined) {
    headers["content-type"] = "application/json; charset=UTF-8";
    payload = JSON.stringify(reply.body);
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === "") return null;
  if (contentType?.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function newFakeState(): FakeState {
  return { requests: [], failures: [] };
}

/** Opaque page token of the kind real sources hand out. */
export function encodeToken(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), "utf8").toString("base64url");
}

export function decodeToken(token: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && "offset" in value && typeof value.offset === "number") {
      return value.offset;
    }
  } catch {
    // not one of ours
  }
  return undefined;
}

export function intParam(value: string | undefined, fallback: number): number {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : fallback;
}
