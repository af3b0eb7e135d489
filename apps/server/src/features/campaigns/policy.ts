import { definePolicy } from "../../platform/access.ts";

/** Campaigns: any user whose summary allows the action (campaign create sends), on a campaign of a reachable account. */
export const campaignPolicy = definePolicy<{ account_id: string }>("campaign");
