import { customerRoutes as r } from "@starboard/contract/routes/customers";
import type { AppContext } from "../../platform/context.ts";
import { handle, type RouteHandler } from "../../platform/route.ts";
import * as downloads from "./downloads.ts";
import * as customers from "./service.ts";
import { receiveUpload } from "./upload.ts";

/** Customers, the do-not-contact list, uploads and their downloads: validate → authorize → service. */
export function customerHandlers(ctx: AppContext): RouteHandler[] {
  return [
    handle(r.listContacts, ({ actor, query, request }) => customers.listContacts(ctx, actor, query, request.url)),
    handle(r.getContact, ({ actor, params }) => customers.getContact(ctx, actor, params.id)),
    handle(r.createContact, ({ actor, body }) => customers.createContact(ctx, actor, body)),
    handle(r.updateContact, ({ actor, params, body }) => customers.updateContact(ctx, actor, params.id, body)),
    handle(r.deleteContact, ({ actor, params }) => customers.deleteContact(ctx, actor, params.id)),
    handle(r.listDoNotContact, ({ actor, query, request }) =>
      customers.listDoNotContact(ctx, actor, query, request.url),
    ),
    handle(r.addDoNotContact, ({ actor, body }) => customers.addDoNotContact(ctx, actor, body)),
    handle(r.removeDoNotContact, ({ actor, params }) => customers.removeDoNotContact(ctx, actor, params.id)),
    // Multipart (`multipart: true`): the service reads the file and the fields.
    handle(r.upload, ({ actor, request }) => receiveUpload(ctx, actor, request)),
    handle(r.getUpload, ({ actor, params }) => customers.getUpload(ctx, actor, params.id)),
    handle(r.recipientTemplateCsv, ({ actor, query, reply }) =>
      downloads.recipientTemplateCsv(ctx, actor, query, reply),
    ),
    handle(r.failedUploadRecipientsCsv, ({ actor, query, reply }) =>
      downloads.failedUploadRecipientsCsv(ctx, actor, query, reply),
    ),
    handle(r.doNotContactCsv, ({ actor, query, reply }) => downloads.doNotContactCsv(ctx, actor, query, reply)),
    handle(r.microsurveyCustomAttributesCsv, ({ actor, query, reply }) =>
      downloads.customAttributesCsv(ctx, actor, query, reply),
    ),
  ];
}
