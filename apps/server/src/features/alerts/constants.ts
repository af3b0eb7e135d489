import { ALERT_FREQUENCY_IDS, ALERT_TYPE_IDS } from "@starboard/contract/alerts";

export const ALERT_TYPE = ALERT_TYPE_IDS;
export const ALERT_FREQUENCY = ALERT_FREQUENCY_IDS;

/** What an alert narrows its reviews to (the `filters` column of `alerts`). */
export interface AlertFilters {
  location_ids?: string[];
  source_ids?: string[];
  ratings?: number[];
}
