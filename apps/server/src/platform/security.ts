import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config.ts";

type Middleware = ReturnType<typeof helmet>;
type ContentSecurityPolicy = Exclude<HelmetOptions["contentSecurityPolicy"], boolean | undefined>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route's Content-Security-Policy instead of the app's (`API_REFERENCE_CSP`); its other headers are the app's. */
    contentSecurityPolicy?: ContentSecurityPolicy;
  }
}

/**
 * Security headers on every answer (docs/api.md, "Security headers"): a Content-Security-Policy with no
 * inline or third-party scripts, `frame-ancestors 'none'` (the app is never framed; embeddable widgets
 * will get their own policy on their own routes), `X-Content-Type-Options: nosniff`, a strict
 * `Referrer-Policy`, and HSTS only when the public URL is https (HSTS on plain http would lock a
 * self-hosted instance out of its own address).
 * Styles allow 'unsafe-inline': the UI kit writes its CSS variables in a style element at run time.
 * Images may come from any https origin: review photos and reviewer avatars live on the review sites.
 *
 * Helmet's middleware is made once per policy and only sets the headers it has written already, on every
 * request (an `onRequest` hook on the root, so static files and 404s get them too). A route's own policy
 * (`config.contentSecurityPolicy`) replaces the app's for its answers. @fastify/helmet made the middleware again on every
 * request, parsing the policy each time (decision 005, stop 38).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith("https://");
  const appOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  } satisfies HelmetOptions;
  const appHeaders = helmet(appOptions);
  const routeHeaders = new Map<ContentSecurityPolicy, Middleware>();
  const headersOf = (policy: ContentSecurityPolicy) => {
    let middleware = routeHeaders.get(policy);
    if (!middleware) {
      middleware = helmet({ ...appOptions, contentSecurityPolicy: policy });
      routeHeaders.set(policy, middleware);
    }
    return middleware;
  };
  app.addHook("onRequest", (request, reply, done) => {
    const policy = request.routeOptions.config.contentSecurityPolicy;
    (policy ? headersOf(policy) : appHeaders)(request.raw, reply.raw, (err?: unknown) =>
      done(err as Error | undefined),
    );
  });
}

/** The API reference page (Scalar) runs its own inline bootstrap script: its routes get this policy instead. */
export const API_REFERENCE_CSP: ContentSecurityPolicy = {
  useDefaults: false,
  directives: {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
  },
};
