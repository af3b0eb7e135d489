import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods, RouteOptions } from "fastify";

/** One registered route, as the route walkers (tenancy and fuzz tests) see it. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

const registries = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Records every route registered after this call (call it before features register). */
export function trackRoutes(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  registries.set(app, routes);
  // Keep the options object itself: hooks of inner contexts may still change its config.
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
}

/** Every route the app registered (HEAD twins of GET routes left out). */
export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  return (registries.get(app) ?? []).flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== "HEAD")
      .map((method) => ({
        method: method as HTTPMethods,
        url: route.url,
        config: (route.config ?? {}) as FastifyContextConfig,
        schema: route.schema,
      })),
  );
}
