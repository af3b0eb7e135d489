import type { Feature } from "../../platform/feature.ts";
import { defineTemplateJobs } from "./jobs.ts";
import { registerHeaderImages, requestTemplateHandlers } from "./routes.ts";

/** Review request templates (e-mail and SMS), their preview, and header images (rtx-images). */
export const requestTemplatesFeature: Feature = {
  name: "request-templates",
  routes: requestTemplateHandlers,
  jobs: defineTemplateJobs,
  pages: registerHeaderImages,
};

export { assertAskEnabled, findTemplate, type MessageFields, renderPreview, validateMessage } from "./service.ts";
