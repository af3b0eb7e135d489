import type { z } from "zod";
import { ConnectorError, type ConnectorErrorKind, type ConnectorSettings, type SourceCode } from "./connector.ts";

/** One HTTP call to a source, with its failures turned into ConnectorError. */

export interface SourceRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: URL;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface SourceResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

export interface ErrorReading {
  kind: ConnectorErrorKind;
  message: string;
  retryAfterSeconds?: number;
}

/** Reads a source's own error body; returns undefined to fall back to the status code. */
export type ErrorReader = (response: SourceResponse) => Partial<ErrorReading> | undefined;

const DEFAULT_TIMEOUT_MS = 30_000;

export class SourceHttp {
  readonly #sourceCode: SourceCode;
  readonly #settings: ConnectorSettings;
  readonly #readError: ErrorReader;

  constructor(sourceCode: SourceCode, settings: ConnectorSettings, readError: ErrorReader = () => undefined) {
    this.#sourceCode = sourceCode;
    this.#settings = settings;
    this.#readError = readError;
  }

  /** A URL under the base URL; `path` segments must already be encoded. */
  url(path: string, query: Record<string, string | number | undefined> = {}): URL {
    const url = new URL(this.#settings.baseUrl.replace(/\/+$/, "") + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** Sends the request; throws for network failures and non-2xx answers except the statuses in `accept`. */
  async send(request: SourceRequest, accept: number[] = []): Promise<SourceResponse> {
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    } else if (request.form !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(request.form).toString();
    }
    const doFetch = this.#settings.fetch ?? fetch;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.#settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (cause) {
      // The URL may carry an access token (Facebook), so it stays out of the message.
      const what = cause instanceof Error && cause.name === "TimeoutError" ? "timed out" : "network failure";
      throw new ConnectorError(this.#sourceCode, "temporary", `${request.method} ${what}`, { cause });
    }
    const result: SourceResponse = { status: response.status, headers: response.headers, body: parseBody(text) };
    if ((response.status >= 200 && response.status < 300) || accept.includes(response.status)) return result;
    throw this.#error(request, result);
  }

  /** Sends the request and checks the answer against the source's published shape. */
  async json<T>(request: SourceRequest, schema: z.ZodType<T>): Promise<T> {
    const response = await this.send(request);
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) {
      throw new ConnectorError(this.#sourceCode, "temporary", `${request.method} answered an unexpected shape`, {
        status: response.status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  #error(request: SourceRequest, response: SourceResponse): ConnectorError {
    const own = this.#readError(response) ?? {};
    const kind = own.kind ?? kindForStatus(response.status);
    const retryAfterSeconds = own.retryAfterSeconds ?? parseRetryAfter(response.headers.get("retry-after"));
    const message = `${request.method} ${response.status}${own.message ? `: ${own.message}` : ""}`;
    return new ConnectorError(this.#sourceCode, kind, message, {
      status: response.status,
      ...(kind === "rate_limited" && retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    });
  }
}

export function kindForStatus(status: number): ConnectorErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404 || status === 410) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 408 || status >= 500) return "temporary";
  return "rejected";
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Percent-encodes one path segment. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
