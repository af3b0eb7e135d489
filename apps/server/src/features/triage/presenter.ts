import type { TTriage } from "@starboard/contract/system";

/** Headers never echoed back: credentials and cookies. */
const HIDDEN = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** What the server saw of a request (read off it by the route handler). */
export interface SeenRequest {
  method: string;
  protocol: string;
  httpVersion: string;
  url: string;
  ip: string;
  ips: string[] | undefined;
  id: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The diagnostics: the request as seen, without credentials or cookies. */
export function presentTriage(seen: SeenRequest, now = new Date()): TTriage {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(seen.headers)) {
    if (HIDDEN.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const override = seen.headers["x-http-method-override"];
  const userAgent = seen.headers["user-agent"];
  return {
    method: seen.method,
    method_override: typeof override === "string" ? override : null,
    protocol: seen.protocol,
    http_version: seen.httpVersion,
    url: seen.url,
    user_agent: typeof userAgent === "string" ? userAgent : null,
    ip: seen.ip,
    ips: seen.ips ?? [seen.ip],
    request_id: seen.id,
    server_time: now.toISOString(),
    headers,
  };
}
