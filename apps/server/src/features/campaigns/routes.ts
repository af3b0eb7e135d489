import { campaignRoutes as r } from "@starboard/contract/routes/campaigns";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as campaigns from "./service.ts";

/** Review request campaigns: validate (the route's schemas) → authorize → service. */
export function campaignHandlers(ctx: AppContext) {
  return [
    handle(r.listCampaigns, ({ actor, query, request }) => campaigns.listCampaigns(ctx, actor, query, request.url)),
    handle(r.campaignOverview, ({ actor, query }) => campaigns.campaignOverview(ctx, actor, query)),
    handle(r.getCampaign, ({ actor, params }) => campaigns.getCampaign(ctx, actor, params.id)),
    handle(r.createCampaign, ({ actor, body }) => campaigns.createCampaign(ctx, actor, body)),
    handle(r.updateCampaign, ({ actor, params, body }) => campaigns.updateCampaign(ctx, actor, params.id, body)),
    handle(r.deleteCampaign, ({ actor, params }) => campaigns.deleteCampaign(ctx, actor, params.id)),
    handle(r.sendCampaign, ({ actor, params, body }) =>
      campaigns.sendCampaign(ctx, actor, params.id, body?.account_id),
    ),
    handle(r.scheduleCampaign, ({ actor, params, body }) => campaigns.scheduleCampaign(ctx, actor, params.id, body)),
    handle(r.cancelCampaign, ({ actor, params, body }) =>
      campaigns.cancelCampaign(ctx, actor, params.id, body?.account_id),
    ),
    handle(r.listCampaignRequests, ({ actor, params, query, request }) =>
      campaigns.listCampaignRequests(ctx, actor, params.id, query, request.url),
    ),
    handle(r.campaignsCsv, ({ actor, query, reply }) => campaigns.campaignsCsv(ctx, actor, query, reply)),
  ];
}
