import {
  ZPushEventsSchema,
  ZPushQuerySchema,
  ZRequestTemplateListQuerySchema,
  ZRequestTemplateListSchema,
  ZRequestTemplatePreviewSchema,
  ZRequestTemplateSchema,
  ZRequestTemplateWriteSchema,
  ZRtxImageEventSchema,
  ZRtxImageWebhookSchema,
} from "../request-templates.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "request-templates";
const read = { action: "read", resource: "template" } as const;

/** Review request templates (e-mail and SMS), their preview, and header image processing. */
export const requestTemplateRoutes = {
  listRequestTemplates: defineRoute({
    method: "GET",
    path: "/api/templates",
    summary: "The account's review request templates, newest first (`request_type` narrows)",
    tag,
    query: ZRequestTemplateListQuerySchema,
    response: ZRequestTemplateListSchema,
    access: read,
  }),
  getRequestTemplate: defineRoute({
    method: "GET",
    path: "/api/templates/:id",
    summary: "One review request template",
    tag,
    params: ZIdParams,
    response: ZRequestTemplateSchema,
    access: read,
    idResource: "request_templates",
  }),
  createRequestTemplate: defineRoute({
    method: "POST",
    path: "/api/templates",
    summary:
      "Creates a template (name, request type and content required; unknown placeholders and over-long fields answer 400)",
    tag,
    body: ZRequestTemplateWriteSchema,
    status: 201,
    response: ZRequestTemplateSchema,
    access: { action: "create", resource: "template" },
  }),
  updateRequestTemplate: defineRoute({
    method: "PATCH",
    path: "/api/templates/:id",
    summary: "Changes a template's fields",
    tag,
    params: ZIdParams,
    body: ZRequestTemplateWriteSchema,
    response: ZRequestTemplateSchema,
    access: { action: "update", resource: "template" },
    idResource: "request_templates",
  }),
  deleteRequestTemplate: defineRoute({
    method: "DELETE",
    path: "/api/templates/:id",
    summary: "Deletes a template (campaigns that used it keep their copy)",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "template" },
    idResource: "request_templates",
  }),
  previewRequestTemplate: defineRoute({
    method: "POST",
    path: "/api/templates/preview",
    summary: "Renders a template as sent, with a sample customer (the same renderer as sending)",
    tag,
    body: ZRequestTemplateWriteSchema,
    response: ZRequestTemplatePreviewSchema,
    access: read,
  }),
  rtxImagesWebhook: defineRoute({
    method: "POST",
    path: "/api/webhooks/rtx-images",
    summary:
      "Queues the processing of an uploaded header image (event process); progress on the push channel rtx_images-{resource_id}",
    tag,
    body: ZRtxImageWebhookSchema,
    status: 202,
    response: ZRtxImageEventSchema,
    access: { action: "create", resource: "template" },
  }),
  pushEvents: defineRoute({
    method: "GET",
    path: "/api/push",
    summary: "The push channel `rtx_images-{resource}` (long-poll with `wait`): image processing events, newest first",
    tag,
    query: ZPushQuerySchema,
    response: ZPushEventsSchema,
    access: read,
  }),
};
