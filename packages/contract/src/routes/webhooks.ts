import { defineRoute } from "../route.ts";
import { ZNotifyResultSchema, ZNotifySchema } from "../system.ts";

/** Incoming webhooks. */
export const webhookRoutes = {
  notify: defineRoute({
    method: "POST",
    path: "/api/webhooks/notify",
    summary: "Records an internal event the client reports (feature use, notifications seen)",
    tag: "webhooks",
    body: ZNotifySchema,
    status: 202,
    response: ZNotifyResultSchema,
    access: "session",
  }),
};
