import type { z } from "zod";
import type { TAction, TResource } from "./permissions.ts";

/**
 * One API route, defined once here and used three times: the server registers its handler from it
 * (validation, the permission it needs, response serialisation), the OpenAPI document is generated
 * from it, and the web client's `call(route, input)` takes its input and output types from it.
 * See docs/architecture.md, "Adding an endpoint".
 */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Who may call the route, checked before the handler runs:
 * - `{ action, resource }`: a signed-in user whose permission summary allows it (record rules
 *   are checked later, by the feature's policy, once the record is loaded);
 * - `"session"`: any signed-in user (the route is about the caller's own session or profile);
 * - `"public"`: no session needed (sign-in, password reset, unsubscribe, health).
 */
export type RouteAccess = { action: TAction; resource: TResource } | "session" | "public";

export interface RouteDefinition {
  method: HttpMethod;
  /** Path with `:name` parameters, under /api (`/api/reviews/:id`). */
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** The feature it belongs to (the API reference groups by it). */
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** Other success statuses the handler may choose (`reply.status(...)`), answered with the same body schema. */
  alternateStatuses?: readonly (200 | 201 | 202)[];
  /** The success body. `z.null()` for 204; `z.string()` with `produces` for CSV, HTML, images. */
  response: z.ZodType;
  /** Media type of a non-JSON success body. */
  produces?: string;
  access: RouteAccess;
  /** The resource whose id `:id` names, so the tenancy walk can fill it with another account's id. */
  idResource?: string;
  /** Reference data shared by every account (countries, user types): no tenancy to check. */
  shared?: boolean;
  /** An inactive account may still call it (sign-out, billing). */
  allowInactive?: boolean;
  /** Request bodies arrive as multipart/form-data (file uploads); `body` is then not validated by schema. */
  multipart?: boolean;
}

/** Declares a route; the `const` type parameter keeps its literal path, method and schemas. */
export function defineRoute<const T extends RouteDefinition>(route: T): T {
  return route;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Present<K extends string, S> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: undefined };

/** What a caller passes: `params`, `query` and `body`, each only when the route declares it. */
export type RouteInput<R extends RouteDefinition> = Present<"params", R["params"]> &
  Present<"query", R["query"]> &
  Present<"body", R["body"]>;

/** What a caller gets back on success. */
export type RouteOutput<R extends RouteDefinition> = z.output<R["response"]>;

/** The parsed input a handler gets (after validation: defaults applied, values coerced). */
export type RouteParsed<R extends RouteDefinition> = {
  params: R["params"] extends z.ZodType ? z.output<R["params"]> : Record<string, never>;
  query: R["query"] extends z.ZodType ? z.output<R["query"]> : Record<string, never>;
  body: R["body"] extends z.ZodType ? z.output<R["body"]> : undefined;
};

/** The value a handler returns: the response schema's input (the serialiser checks and shapes it). */
export type RouteResult<R extends RouteDefinition> = InputOf<R["response"]>;

/** `METHOD /path`, the key routes are compared and listed by. */
export function routeKey(route: Pick<RouteDefinition, "method" | "path">): string {
  return `${route.method} ${route.path}`;
}
