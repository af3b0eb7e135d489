import type { TAlertReference } from "@starboard/contract/alerts";
import { useAlertFrequencies } from "../api/get-alert-frequencies";
import { useAlertTypes } from "../api/get-alert-types";

const byId = (rows: TAlertReference[] | undefined) => new Map((rows ?? []).map((r) => [r.id, r.name]));

/** The names of alert types and frequencies by id (the id while the lists load). */
export function useAlertNames() {
  const types = byId(useAlertTypes().data?._embedded.alert_types);
  const frequencies = byId(useAlertFrequencies().data?._embedded.alert_frequencies);
  return {
    type: (id: number) => types.get(id) ?? `Alert type ${id}`,
    frequency: (id: number) => frequencies.get(id) ?? `Frequency ${id}`,
  };
}
