import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/**
 * Security headers on every answer (docs/api.md, "Security headers"): a Content-Security-Policy with no
 * inline or third-party scripts, `frame-ancestors 'none'` (the app is never framed; embeddable widgets
 * will get their own policy on their own routes), `X-Content-Type-Options: nosniff`, a strict
 * `Referrer-Policy`, and HSTS only when the public URL is https (HSTS on plain http would lock a
 * self-hosted instance out of its own address).
 * Styles allow 'unsafe-inline': the UI kit writes its CSS variables in a style element at run time.
 * Images may come from any https origin: review photos and reviewer avatars live on the review sites.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith("https://");
  await app.register(helmet, {
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
  });
}

/** The API reference page (Scalar) runs its own inline bootstrap script: its routes get this policy instead. */
export const API_REFERENCE_CSP = {
  contentSecurityPolicy: {
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
  },
};
