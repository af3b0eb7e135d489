import { definePolicy } from "../../platform/access.ts";

/** Reading a microsurvey: the `request` read permission (the ask tool), on a record of a reachable account. */
export const microsurveyReadPolicy = definePolicy<{ account_id: string }>("request");

/**
 * Writing one: the `template` permissions (Managers and Admins), since a microsurvey is content a campaign's
 * template asks, like the template itself (docs/api.md "Microsurveys").
 */
export const microsurveyWritePolicy = definePolicy<{ account_id: string }>("template");
