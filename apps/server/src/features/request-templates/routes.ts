import { requestTemplateRoutes as r } from "@starboard/contract/routes/request-templates";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as images from "./images.ts";
import * as templates from "./service.ts";

/** Review request templates, their preview, header images and their push channel. */
export function requestTemplateHandlers(ctx: AppContext) {
  return [
    handle(r.listRequestTemplates, ({ actor, query, request }) =>
      templates.listTemplates(ctx, actor, query, request.url),
    ),
    handle(r.getRequestTemplate, ({ actor, params }) => templates.getTemplate(ctx, actor, params.id)),
    handle(r.createRequestTemplate, ({ actor, body }) => templates.createTemplate(ctx, actor, body)),
    handle(r.updateRequestTemplate, ({ actor, params, body }) =>
      templates.updateTemplateFields(ctx, actor, params.id, body),
    ),
    handle(r.deleteRequestTemplate, ({ actor, params }) => templates.deleteTemplate(ctx, actor, params.id)),
    handle(r.previewRequestTemplate, ({ actor, body }) => templates.previewTemplate(ctx, actor, body)),
    handle(r.rtxImagesWebhook, ({ actor, body }) => images.queueImage(ctx, actor, body)),
    handle(r.pushEvents, ({ actor, query }) => images.pushEvents(ctx, actor, query)),
  ];
}

/** `/header-images/{file}`: processed header images, public (e-mails show them). */
export function registerHeaderImages(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { file: string } }>(
    "/header-images/:file",
    { config: { auth: false }, schema: { hide: true } },
    async (request, reply) => {
      const image = await images.readHeaderImage(ctx, request.params.file);
      if (!image) return reply.status(404).type("text/plain").send("Not found");
      return reply.header("cache-control", "public, max-age=31536000, immutable").type(image.type).send(image.data);
    },
  );
}
