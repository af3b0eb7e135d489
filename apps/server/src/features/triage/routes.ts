import { triageRoutes } from "@starboard/contract/routes/triage";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { presentTriage, type SeenRequest } from "./presenter.ts";

function seen(request: FastifyRequest): SeenRequest {
  return {
    method: request.method,
    protocol: request.protocol,
    httpVersion: request.raw.httpVersion,
    url: request.url,
    ip: request.ip,
    ips: request.ips,
    id: String(request.id),
    headers: request.headers,
  };
}

/**
 * Network diagnostics for the triage page, signed in or not, for every method the page tries
 * (a POST with X-HTTP-Method-Override arrives here as that method).
 */
export function triageHandlers(_ctx: AppContext) {
  return [
    triageRoutes.getTriage,
    triageRoutes.postTriage,
    triageRoutes.putTriage,
    triageRoutes.patchTriage,
    triageRoutes.deleteTriage,
  ].map((route) => handle(route, ({ request }) => presentTriage(seen(request))));
}
