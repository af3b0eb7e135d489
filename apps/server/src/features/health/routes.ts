import { healthRoutes } from "@starboard/contract/routes/health";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import { databaseProbe, health } from "./service.ts";

/** GET /api/health, signed out. */
export function healthHandlers(ctx: AppContext) {
  const probe = databaseProbe(ctx);
  return [handle(healthRoutes.health, () => health(ctx, probe))];
}
