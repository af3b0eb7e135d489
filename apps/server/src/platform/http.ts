import http from "node:http";
import { MESSAGES } from "@starboard/contract/errors";
import { MEDIA_TYPE, RTX_MEDIA_TYPE_PATTERN } from "@starboard/contract/hal";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors.ts";

const OVERRIDABLE = new Set(["PATCH", "PUT", "DELETE"]);

/**
 * The HTTP server: a POST with `X-HTTP-Method-Override: PATCH` (or PUT, DELETE)
 * is routed as that method, before Fastify's router sees it.
 */
export function serverFactory(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  return http.createServer((req, res) => {
    const override = req.headers["x-http-method-override"];
    if (req.method === "POST" && typeof override === "string" && OVERRIDABLE.has(override.toUpperCase())) {
      req.method = override.toUpperCase();
    }
    handler(req, res);
  });
}

/** Field name of a validation issue: `/sort/by` in querystring → `sort.by`. */
function fieldOf(path: string, context: string | undefined) {
  const field = path.replace(/^\//, "").replaceAll("/", ".");
  return field || context || "request";
}

/** Media types, error bodies and 404s: one mechanism for every route. */
export function registerHttpConventions(
  app: FastifyInstance,
  opts: { spaHtml?: string | undefined; publicUrl?: string | undefined } = {},
) {
  // The versioned media type carries JSON.
  app.addContentTypeParser(MEDIA_TYPE, { parseAs: "string" }, (_req, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError("bad_request", "The request body is not valid JSON.", { body: "Invalid JSON" }), undefined);
    }
  });

  // JSON, also as ReviewTrackers' media types; an empty body is no body (their clients sign in with HTTP
  // Basic, `Content-Type: application/json` and nothing to send).
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  const jsonOrNothing: typeof parseJson = (request, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === "")) return done(null, undefined);
    return parseJson(request, body, done);
  };
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, jsonOrNothing);
  app.addContentTypeParser(RTX_MEDIA_TYPE_PATTERN, { parseAs: "string" }, jsonOrNothing);

  // A parameter repeated with the same value (a client appending `account_id` or `per_page` to a next link
  // that has them) is that value once; different values stay a list (`rating=4&rating=5`).
  app.addHook("preValidation", async (request) => {
    const query = request.query;
    if (!query || typeof query !== "object") return;
    const params = query as Record<string, unknown>;
    for (const [key, value] of Object.entries(params)) {
      if (Array.isArray(value) && value.length > 1 && value.every((v) => typeof v === "string" && v === value[0])) {
        params[key] = value[0];
      }
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("application/json")) {
      const rtx = rtxMediaType(request);
      if (rtx) reply.header("content-type", `${rtx}; charset=utf-8`);
      else if (acceptsHal(request)) reply.header("content-type", `${MEDIA_TYPE}; charset=utf-8`);
      // ReviewTrackers' clients follow `_links` as they are: absolute URLs, from PUBLIC_URL.
      // A body written already (platform/serializer.ts `Prewritten`) comes as its UTF-8 bytes.
      if (rtx && opts.publicUrl && (typeof payload === "string" || Buffer.isBuffer(payload))) {
        return absoluteLinks(payload.toString(), opts.publicUrl);
      }
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      const context = (error as { validationContext?: string }).validationContext;
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath, context);
        errors[field] ??= issue.message ?? "Invalid value";
      }
      const [first] = Object.entries(errors);
      return send(reply, 400, first ? `${first[0]}: ${first[1]}` : "Invalid request", errors);
    }
    // Database errors caused by the input (bad value, duplicate) are the client's, not ours.
    const pgCode = (error as { code?: unknown }).code;
    if (typeof pgCode === "string" && /^22/.test(pgCode))
      return send(reply, 400, "Invalid value.", { request: "Invalid value." });
    if (pgCode === "23505") return send(reply, 409, "This record already exists.");
    if (pgCode === "23503") return send(reply, 404, MESSAGES.notFound);
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      const message = status === 413 ? "The request is too large." : cleanFastifyMessage(error.message);
      return send(reply, status, message, { request: message });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, MESSAGES.unexpected);
  });

  // An unknown API path answers 404; every other GET serves the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api")) return send(reply, 404, MESSAGES.endpointNotFound);
    if (opts.spaHtml && (request.method === "GET" || request.method === "HEAD")) {
      return reply.type("text/html").header("cache-control", "no-cache").send(opts.spaHtml);
    }
    return send(reply, 404, MESSAGES.notFound);
  });
}

function cleanFastifyMessage(message: string) {
  return message.replace(/^FST_[A-Z_]+: /, "");
}

/** The JSON answer with every `_links.*.href` that is a path made an absolute URL under `origin`. */
function absoluteLinks(payload: string, origin: string): string {
  const base = origin.replace(/\/+$/, "");
  let changed = false;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "_links" && typeof child === "object" && child !== null) {
        for (const link of Object.values(child)) {
          const l = link as { href?: unknown };
          if (typeof l?.href === "string" && l.href.startsWith("/")) {
            l.href = `${base}${l.href}`;
            changed = true;
          }
        }
      } else walk(child);
    }
  };
  try {
    const body: unknown = JSON.parse(payload);
    walk(body);
    return changed ? JSON.stringify(body) : payload;
  } catch {
    return payload;
  }
}

function rtxMediaType(request: FastifyRequest): string | undefined {
  for (const header of [request.headers.accept, request.headers["content-type"]]) {
    for (const range of header?.split(",") ?? []) {
      const type = range.split(";")[0]?.trim() ?? "";
      if (RTX_MEDIA_TYPE_PATTERN.test(type)) return type.toLowerCase();
    }
  }
  return undefined;
}

function acceptsHal(request: FastifyRequest) {
  const accept = request.headers.accept;
  const type = request.headers["content-type"];
  return Boolean(accept?.includes(MEDIA_TYPE) || type?.includes(MEDIA_TYPE));
}

export function send(reply: FastifyReply, status: number, error: string, errors?: Record<string, string>) {
  const body: { status: number; error: string; errors?: Record<string, string> } = { status, error };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return reply.status(status).type("application/json").send(body);
}
