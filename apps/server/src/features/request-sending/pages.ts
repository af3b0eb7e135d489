import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { oneClickUnsubscribe, recordOpen } from "./service.ts";

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Outside /api, signed out (the token is the credential):
 * - `GET /r/{token}/o.gif`: the open-tracking pixel of a request e-mail (sent or delivered → opened); always the
 *   pixel, whatever the token.
 * - `POST /r/{token}/unsubscribe`: RFC 8058 one-click unsubscribe (`List-Unsubscribe=One-Click`, form-encoded):
 *   the customer is opted out of e-mail requests.
 * Bounce notices arrive raw: `message/rfc822` bodies are read as text.
 */
export async function registerRequestSendingPages(app: FastifyInstance, ctx: AppContext) {
  if (!app.hasContentTypeParser("message/rfc822"))
    app.addContentTypeParser("message/rfc822", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.get<{ Params: { token: string } }>(
    "/r/:token/o.gif",
    { config: { auth: false }, schema: { hide: true } },
    async (request, reply) => {
      if (TOKEN.test(request.params.token)) {
        try {
          await recordOpen(ctx, request.params.token);
        } catch (err) {
          request.log.warn({ err }, "open not recorded");
        }
      }
      return reply.type("image/gif").header("cache-control", "no-store, private").send(PIXEL);
    },
  );
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { token: string } }>(
      "/r/:token/unsubscribe",
      { config: { auth: false }, schema: { hide: true } },
      async (request, reply) => {
        const ok = TOKEN.test(request.params.token) && (await oneClickUnsubscribe(ctx, request.params.token));
        return reply
          .status(ok ? 200 : 404)
          .type("text/plain; charset=utf-8")
          .send(ok ? "You are unsubscribed from review requests." : "This unsubscribe link is invalid.");
      },
    );
  });
}
