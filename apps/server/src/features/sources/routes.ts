import { sourceRoutes } from "@starboard/contract/routes/sources";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { sourceLogoSvg } from "./logos.ts";
import * as sources from "./service.ts";

/** Sources, listing URLs and connection issues: validate (the route's schemas) → authorize → service. */
export function sourceHandlers(ctx: AppContext) {
  return [
    handle(sourceRoutes.listSources, ({ actor, query, request }) =>
      sources.listSources(ctx, actor, query, request.url),
    ),
    handle(sourceRoutes.getSource, ({ params }) => sources.getSource(ctx, params.id)),
    handle(sourceRoutes.listUrls, ({ actor, query, request }) => sources.listUrls(ctx, actor, query, request.url)),
    handle(sourceRoutes.checkUrls, ({ actor, query }) => sources.checkUrls(ctx, actor, query)),
    handle(sourceRoutes.listIssues, ({ actor, query, request }) => sources.listIssues(ctx, actor, query, request.url)),
    handle(sourceRoutes.getIssue, ({ actor, params }) => sources.getIssue(ctx, actor, params.id)),
    handle(sourceRoutes.updateIssue, ({ actor, params, body }) => sources.updateIssue(ctx, actor, params.id, body)),
    handle(sourceRoutes.replaceIssue, ({ actor, params, body }) => sources.updateIssue(ctx, actor, params.id, body)),
  ];
}

/** The sources' logos (plain images outside /api): without a session; an unknown code gets a grey one. */
export function registerSourceLogos(app: FastifyInstance) {
  app.get(
    "/source-logos/:file",
    { config: { auth: false }, schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const match = /^([a-z0-9_]{1,60})\.svg$/.exec(file);
      if (!match) return reply.status(404).type("text/plain").send("Not Found");
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(sourceLogoSvg(match[1]!));
    },
  );
}
