/** How the dashboard shows its numbers (docs/product/reviews.md §9: ratings to 2 decimals). */

export const formatRating = (value: number | null | undefined) => (value == null ? "–" : value.toFixed(2));

export const formatCount = (value: number | null | undefined) => (value == null ? "–" : value.toLocaleString("en-US"));

export const formatPercent = (value: number | null | undefined) =>
  value == null ? "–" : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** Hours as "5.2 hours" under two days, otherwise "3.4 days". */
export function formatDuration(hours: number | null | undefined): string {
  if (hours == null) return "–";
  if (hours < 48) return `${hours.toLocaleString("en-US", { maximumFractionDigits: 1 })} hours`;
  return `${(hours / 24).toLocaleString("en-US", { maximumFractionDigits: 1 })} days`;
}

/** Share of a total as a whole percent (0 when the total is 0). */
export const shareOf = (part: number, total: number) => (total > 0 ? Math.round((100 * part) / total) : 0);

/** The change from the previous period, e.g. "+12 vs previous period"; null when there is nothing to compare. */
export function deltaLabel(current: number | null, previous: number | null, digits = 0): string | null {
  if (current == null || previous == null) return null;
  const delta = current - previous;
  const shown = delta.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${delta > 0 ? "+" : ""}${shown} vs previous period`;
}
