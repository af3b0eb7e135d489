import { defineRoute } from "../route.ts";
import { ZUnsubscribedSchema, ZUnsubscribeParamsSchema } from "../system.ts";

/** Unsubscribe links from e-mails. */
export const unsubscribeRoutes = {
  unsubscribe: defineRoute({
    method: "POST",
    path: "/api/unsubscribe/:kind/:token",
    summary:
      "Signed out (the link in the e-mail is the credential): unsubscribes the address; repeating it is harmless",
    tag: "unsubscribe",
    params: ZUnsubscribeParamsSchema,
    response: ZUnsubscribedSchema,
    access: "public",
  }),
};
