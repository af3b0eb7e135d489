import { healthRoutes } from "@starboard/contract/routes/health";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { health } from "./service.ts";

/** GET /api/health, signed out. */
export function healthHandlers(ctx: AppContext) {
  return [handle(healthRoutes.health, () => health(ctx))];
}
