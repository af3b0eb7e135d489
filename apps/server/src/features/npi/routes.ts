import { npiRoutes } from "@starboard/contract/routes/location-details";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as npi from "./service.ts";

/** NPI lookups (NPPES NPI Registry). */
export function npiHandlers(ctx: AppContext) {
  return [
    handle(npiRoutes.getNpi, ({ actor, params, query }) => npi.getNpi(ctx, actor, params.number, query.account_id)),
    handle(npiRoutes.searchNpi, ({ actor, query }) => npi.searchNpi(ctx, actor, query)),
  ];
}
