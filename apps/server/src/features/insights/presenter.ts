import type { TAnalysisRun, TKeywordReview, TMetricRow } from "@starboard/contract/insights";
import type { Selectable } from "kysely";
import type { AnalysisRunsTable } from "../../db/schema.ts";
import { highlightsOf } from "./highlight.ts";
import type { KeywordReviewRow } from "./queries.ts";

/** The rounded share of `part` in `whole` in percent; null when whole is 0. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

/** Monthly metric rows {x, y, y1, y2, dy} over `months` (every month, zeros included); dy is y's percent change. */
export function metricRows(
  months: string[],
  counts: Map<string, { positive: number; negative: number }>,
): TMetricRow[] {
  let previous: number | null = null;
  return months.map((x) => {
    const c = counts.get(x) ?? { positive: 0, negative: 0 };
    const y = c.positive + c.negative;
    const dy = previous !== null && previous > 0 ? Math.round(((y - previous) / previous) * 1000) / 10 : null;
    previous = y;
    return { x, y, y1: c.positive, y2: c.negative, dy };
  });
}

/** The first days of the months from `from` to `to` (YYYY-MM-DD, inclusive). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, "0")}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if (out.length > 1200) break;
  }
  return out;
}

export function presentKeywordReview(keyword: string, row: KeywordReviewRow, asked?: string): TKeywordReview {
  let sentiment: TKeywordReview["sentiment"] = "neutral";
  if (asked === "positive" || asked === "negative") sentiment = asked;
  else if (row.positive && (!row.negative || row.positive_mentions >= row.negative_mentions)) sentiment = "positive";
  else if (row.negative) sentiment = "negative";
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    rating: row.rating,
    author_name: row.author_name,
    published_at: new Date(row.published_at).toISOString(),
    location_id: row.location_id,
    location_name: row.location_name,
    source_name: row.source_name,
    sentiment,
    highlights: highlightsOf(keyword, row),
  };
}

export function presentRun(run: Selectable<AnalysisRunsTable>): TAnalysisRun {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const percent =
    run.total > 0 ? Math.min(100, Math.floor((run.done / run.total) * 100)) : run.status === "done" ? 100 : 0;
  return {
    id: run.id,
    account_id: run.account_id,
    reason: run.reason,
    model_version: run.model_version,
    status: run.status as TAnalysisRun["status"],
    total: run.total,
    done: run.done,
    percent,
    error: run.error,
    created_at: new Date(run.created_at).toISOString(),
    started_at: iso(run.started_at),
    finished_at: iso(run.finished_at),
  };
}
