import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** The plumbing every fake source shares: a loopback server, a request log and failures on demand. */

export interface RecordedRequest {
  method: string;
  /** Decoded path, without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON or form body; null when empty. */
  body: unknown;
}

/** Answered instead of the next request (before the auth check), in the source's own error shape. */
export interface InjectedFailure {
  status: number;
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
}

export async function startFakeServer<S extends FakeState>(state: S, source: FakeSource<S>): Promise<FakeServer<S>> {
  let baseUrl = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", baseUrl);
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString("utf8"), req.headers["content-type"]),
      };
      state.requests.push(recorded);
      let reply: FakeReply;
      const failure = state.failures.shift();
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
      send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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
