/**
 * Response templates' placeholders (issue 11, "Reply help"): one list and one filling function, used by
 * the server (rendering for a review, the suggested reply) and by the settings screen's preview.
 */

export const RESPONSE_TEMPLATE_PLACEHOLDERS = [
  { key: "reviewer_first_name", label: "Reviewer's first name", sample: "Jordan" },
  { key: "reviewer_name", label: "Reviewer's name", sample: "Jordan Smith" },
  { key: "location_name", label: "Location name", sample: "Dallas Uptown" },
  { key: "rating", label: "Rating", sample: "4" },
  { key: "source_name", label: "Source", sample: "Google" },
] as const;
export type TPlaceholder = (typeof RESPONSE_TEMPLATE_PLACEHOLDERS)[number]["key"];
export type TPlaceholderValues = Record<TPlaceholder, string>;

/** The sample values the settings preview fills in. */
export const PLACEHOLDER_SAMPLES = Object.fromEntries(
  RESPONSE_TEMPLATE_PLACEHOLDERS.map((p) => [p.key, p.sample]),
) as TPlaceholderValues;

const PATTERN = new RegExp(`\\{(${RESPONSE_TEMPLATE_PLACEHOLDERS.map((p) => p.key).join("|")})\\}`, "g");

/** Expands `{reviewer_first_name}` and the other placeholders; other braces stay as written. */
export function fillTemplate(content: string, values: TPlaceholderValues): string {
  return content.replace(PATTERN, (_, key: TPlaceholder) => values[key]);
}

/** A reviewer's first name from the name a source shows ("Jordan S." → "Jordan"); "there" without one. */
export function firstNameOf(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return first.replace(/[.,]+$/, "") || "there";
}

/** Whether a template is offered for a review of this rating (0: no stars) and source. */
export function templateFits(
  template: { rating_min: number | null; rating_max: number | null; source_ids: string[] },
  review: { rating: number | null; source_id: string },
): boolean {
  const rating = review.rating ?? 0;
  if (template.rating_min !== null && rating < template.rating_min) return false;
  if (template.rating_max !== null && rating > template.rating_max) return false;
  return template.source_ids.length === 0 || template.source_ids.includes(review.source_id);
}
