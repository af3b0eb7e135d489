import type { TAlert, TAlertWrite } from "@starboard/contract/alerts";
import { NULL_LABELS, ratingLabel } from "../../../components/filter-bar/filter-options";

/**
 * The alert form's values and the pure rules around them (validation, the API body, the list's labels),
 * kept apart from the components so they are tested without a DOM.
 */
export type TAlertFormValues = {
  alert_type_id: number | null;
  alert_frequency_id: number | null;
  location_ids: string[];
  source_ids: string[];
  /** As the rating dropdown holds them: "0" (no rating) to "5". */
  ratings: string[];
  enabled: boolean;
};

export const EMPTY_ALERT: TAlertFormValues = {
  alert_type_id: null,
  alert_frequency_id: null,
  location_ids: [],
  source_ids: [],
  ratings: [],
  enabled: true,
};

export function alertFormValues(alert: TAlert): TAlertFormValues {
  return {
    alert_type_id: alert.alert_type_id,
    alert_frequency_id: alert.alert_frequency_id,
    location_ids: [...alert.filters.location_ids],
    source_ids: [...alert.filters.source_ids],
    ratings: alert.filters.ratings.map(String),
    enabled: alert.enabled,
  };
}

/** The form's own checks, by field (the server checks the rest and answers with the field). */
export function validateAlert(values: TAlertFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.alert_type_id === null) errors.alert_type_id = "Alert type is required";
  if (values.alert_frequency_id === null) errors.alert_frequency_id = "Frequency is required";
  return errors;
}

/** The body of POST and PATCH /alerts (call after `validateAlert` found nothing). */
export function alertBody(values: TAlertFormValues): TAlertWrite & { enabled: boolean } {
  return {
    alert_type_id: values.alert_type_id ?? 0,
    alert_frequency_id: values.alert_frequency_id ?? 0,
    filters: {
      location_ids: values.location_ids,
      source_ids: values.source_ids,
      ratings: values.ratings.map(Number).sort((a, b) => a - b),
    },
    enabled: values.enabled,
  };
}

/** The server's field names (`filters.location_ids`) as the form's (`location_ids`). */
export function formErrors(server: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(server)) out[field.replace(/^filters\./, "")] = message;
  return out;
}

/** "All locations", the names (up to three), or "N locations". */
export function locationsLabel(ids: readonly string[], names: Record<string, string>): string {
  if (ids.length === 0) return NULL_LABELS.location;
  if (ids.length > 3) return `${ids.length} locations`;
  const known = ids.map((id) => names[id]);
  if (known.some((name) => !name)) return ids.length === 1 ? "1 location" : `${ids.length} locations`;
  return known.join(", ");
}

/** "All sources", "1 source" or "N sources". */
export function sourcesLabel(ids: readonly string[]): string {
  if (ids.length === 0) return NULL_LABELS.source;
  return ids.length === 1 ? "1 source" : `${ids.length} sources`;
}

/** "All ratings", or the ratings from five stars down ("5 Star, 4 Star", "No rating" last). */
export function ratingsLabel(ratings: readonly number[]): string {
  if (ratings.length === 0) return NULL_LABELS.rating;
  return [...ratings]
    .sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : b - a))
    .map((r) => ratingLabel(String(r)))
    .join(", ");
}
