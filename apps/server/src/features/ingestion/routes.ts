import { ingestionRoutes } from "@starboard/contract/routes/ingestion";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { readUpload } from "../../platform/upload.ts";
import * as ingestion from "./service.ts";

const { importReviews, getImport, syncLocation } = ingestionRoutes;

/** Review import and location sync: validate (the route's schemas) → authorize → service. */
export function ingestionHandlers(ctx: AppContext) {
  return [
    // Multipart (`multipart: true`): the body is not validated by the route; the service checks the
    // upload's fields or the JSON body with the contract's schemas.
    handle(importReviews, async ({ actor, query, request, reply }) => {
      const upload = request.isMultipart() ? await readUpload(request) : undefined;
      const { queued, report } = await ingestion.importReviews(ctx, actor, { upload, body: request.body, query });
      // Queued for the job: 202 (a declared alternate of the route's 201).
      if (queued) reply.status(202);
      return report;
    }),
    handle(getImport, ({ actor, params }) => ingestion.getImport(ctx, actor, params.id)),
    handle(syncLocation, ({ actor, params, body, query }) =>
      ingestion.syncLocation(ctx, actor, params.id, body, query),
    ),
  ];
}
