import type { AppContext } from "../../platform/context.ts";
import { processImage, RTX_IMAGE_JOB } from "./images.ts";

/** Header image processing (POST /webhooks/rtx-images queues it). */
export function defineTemplateJobs(ctx: AppContext) {
  ctx.jobs.define<{ imageId: string }>({
    name: RTX_IMAGE_JOB,
    handler: async ({ imageId }) => processImage(ctx, imageId),
    options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
    concurrency: 2,
  });
}
