import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

// Table types of the metrics roll-ups (migrations 0005_ingestion_metrics and 0008_category_rollups). They
// live with the feature until db/schema.ts lists them; `metricsDb` adds them to the shared Kysely instance.

interface StatsColumns {
  account_id: string;
  source_id: string;
  /** Calendar day of published_at in the account's time zone, YYYY-MM-DD. */
  day: string;
  /** 0 for reviews without stars. */
  rating: number;
  sentiment: number;
  review_count: number;
  respondable_count: number;
  /** Respondable reviews with a published response. */
  responded_count: number;
  /** Reviews (respondable or not) with a published response; the divisor of the response time. */
  response_count: number;
  /** Hours from published_at to the first published response, summed over response_count reviews. */
  response_hours_sum: number;
}

export interface ReviewDailyStatsTable extends StatsColumns {
  location_id: string;
}
export type ReviewDailyAccountStatsTable = StatsColumns;

/** By experience category: a review counts once in each of its categories. */
export interface ReviewDailyCategoryStatsTable extends StatsColumns {
  location_id: string;
  category: string;
}
export interface ReviewDailyAccountCategoryStatsTable extends StatsColumns {
  category: string;
}

export type MetricsTables = {
  review_daily_stats: ReviewDailyStatsTable;
  review_daily_account_stats: ReviewDailyAccountStatsTable;
  review_daily_category_stats: ReviewDailyCategoryStatsTable;
  review_daily_account_category_stats: ReviewDailyAccountCategoryStatsTable;
};

export function metricsDb(database: Database): Kysely<DB & MetricsTables> {
  return database.db.withTables<MetricsTables>();
}
