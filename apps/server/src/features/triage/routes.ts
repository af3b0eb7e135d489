import type { TTriage } from "@starboard/contract/system";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";

/** Headers never echoed back: credentials and cookies. */
const HIDDEN = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

export function triageOf(request: FastifyRequest): TTriage {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (HIDDEN.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const override = request.headers["x-http-method-override"];
  return {
    method: request.method,
    method_override: typeof override === "string" ? override : null,
    protocol: request.protocol,
    http_version: request.raw.httpVersion,
    url: request.url,
    user_agent: request.headers["user-agent"] ?? null,
    ip: request.ip,
    ips: request.ips ?? [request.ip],
    request_id: String(request.id),
    server_time: new Date().toISOString(),
    headers,
  };
}

/**
 * Network diagnostics for the triage page, signed in or not, for every method the
 * page tries (a POST with X-HTTP-Method-Override arrives here as that method).
 */
export function registerTriageRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/api/triage",
    config: { auth: false },
    schema: { tags: ["triage"] },
    handler: async (request) => triageOf(request),
  });
}
