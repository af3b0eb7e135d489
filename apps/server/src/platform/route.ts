import type { Readable } from "node:stream";
import type { RouteDefinition, RouteParsed, RouteResult } from "@starboard/contract/route";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { z } from "zod";
import { authorize } from "./access.ts";
import { type Actor, actorOf } from "./auth.ts";
import type { Prewritten } from "./serializer.ts";

/** What a handler gets: the caller, the validated input, and the raw request and reply when it must set headers. */
export type HandlerInput<R extends RouteDefinition> = RouteParsed<R> & {
  actor: R["access"] extends "public" ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** One route of the table with the function that answers it. */
export interface RouteHandler {
  route: RouteDefinition;
  answer: (input: HandlerInput<RouteDefinition>) => Promise<unknown>;
}

/**
 * What a handler answers: the response schema's input, that input written already (`Prewritten`: JSON made of
 * parts each written once by its schema, platform/serializer.ts) or, for a route that `produces` a non-JSON media
 * type (CSV downloads), a stream that Fastify pipes out as it is read (no serialiser, no buffering).
 */
export type Answer<R extends RouteDefinition> =
  | RouteResult<R>
  | Prewritten<RouteResult<R>>
  | (R["produces"] extends string ? Readable : never);

/**
 * Pairs a route of the table with its handler. The handler is thin (see docs/architecture.md):
 * it calls the feature's service with the actor and the validated input and returns what the
 * presenter made; its return type is the route's response schema, which also serialises it.
 */
export function handle<R extends RouteDefinition>(
  route: R,
  answer: (input: HandlerInput<R>) => Promise<Answer<R>> | Answer<R>,
): RouteHandler {
  return { route, answer: answer as unknown as RouteHandler["answer"] };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route of the table this Fastify route serves. */
    route?: RouteDefinition;
    /** The resource whose id the `:id` path parameter names (for the tenancy walk test). */
    idResource?: string;
    /** Reference data shared by every account (countries, user types): no tenancy to check. */
    shared?: boolean;
  }
}

/** The Fastify schema of a route: validation of its input, and its success body for the serialiser and OpenAPI. */
export function fastifySchemaOf(route: RouteDefinition): FastifySchema {
  const schema: FastifySchema & { tags: string[]; summary: string } = {
    tags: [route.tag],
    summary: route.summary,
    response: {
      [route.status ?? 200]: route.status === 204 ? z.null() : route.response,
      ...Object.fromEntries((route.alternateStatuses ?? []).map((status) => [status, route.response])),
    },
  };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body && !route.multipart) schema.body = route.body;
  if (route.produces) schema.produces = [route.produces];
  return schema;
}

/**
 * Registers a route of the table: its schemas validate the input (400 with the field), the session is
 * read for every route that is not public (platform/auth.ts), the route's access is checked against the
 * caller's permission summary before the handler runs, and the handler's answer is serialised by the
 * response schema with the route's success status.
 */
export function registerRouteHandler(app: FastifyInstance, { route, answer }: RouteHandler) {
  app.route({
    method: route.method,
    url: route.path,
    schema: fastifySchemaOf(route),
    config: {
      route,
      auth: route.access !== "public",
      ...(route.idResource ? { idResource: route.idResource } : {}),
      ...(route.shared ? { shared: true } : {}),
      ...(route.allowInactive ? { allowInactive: true } : {}),
    },
    handler: async (request, reply) => {
      const actor = route.access === "public" ? request.actor : actorOf(request);
      if (actor && typeof route.access === "object") authorize(actor, route.access.action, route.access.resource);
      const result = await answer({
        actor: actor as Actor,
        params: (request.params ?? {}) as Record<string, never>,
        query: (request.query ?? {}) as Record<string, never>,
        body: request.body as undefined,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (route.status === 204) return reply.status(204).send();
      // The route's status, unless the handler chose one of its declared alternates.
      const chosen = reply.statusCode as 200 | 201 | 202;
      reply.status(route.alternateStatuses?.includes(chosen) ? chosen : (route.status ?? 200));
      if (route.produces) reply.type(route.produces);
      return result;
    },
  });
}
