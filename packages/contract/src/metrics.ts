/** GET /api/metrics/{account_id}/overview: the dashboard's numbers for the current filters. */
export interface TMetricsOverview {
  total_reviews: number;
  avg_rating: number | null;
  ratings: Record<"1" | "2" | "3" | "4" | "5", number>;
  /** Percent of respondable reviews with a published response; null when none is respondable. */
  response_rate: number | null;
  /** Hours from publication to the first published response; null when nothing was answered. */
  avg_response_time: number | null;
  sentiment: { positive: number; negative: number; neutral: number };
  /** The top 4 sources plus Other (source_id null). */
  sources: { source_id: string | null; name: string; count: number }[];
  granularity: "day" | "week" | "month";
  timeseries: { date: string; total_reviews: number; avg_rating: number | null }[];
  previous_period: {
    total_reviews: number;
    avg_rating: number | null;
    published_after: string;
    published_before: string;
  };
  published_after: string;
  published_before: string;
}
