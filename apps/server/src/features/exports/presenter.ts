import type { TExportFile } from "@starboard/contract/exports";
import type { TCategoryRank, TKeywordReview, TMentioned } from "@starboard/contract/insights";
import type { ExportFileRow } from "./queries.ts";

/** The answer of GET /api/export_files/{id}: file_url only when done (the signed link). */
export function presentExportFile(row: ExportFileRow, fileUrl: string | null): TExportFile {
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: Number(row.id),
    account_id: row.account_id,
    resource: row.resource,
    file_type: row.file_type,
    status: row.status,
    status_reason: row.status_reason,
    row_count: row.row_count,
    file_url: row.status === "done" ? fileUrl : null,
    send_email: row.send_email,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    expires_at: row.status === "done" ? iso(row.expires_at) : null,
  };
}

/** One CSV column: its header and its cell of a row. */
export interface Column<R> {
  header: string;
  cell: (row: R) => string | number | null | undefined;
}

const yesNo = (v: boolean | null | undefined) => (v ? "Yes" : "No");
const average = (sum: number, count: number) => (count > 0 ? (sum / count).toFixed(2) : "");
const percent = (part: number, whole: number) => (whole > 0 ? ((100 * part) / whole).toFixed(1) : "");

// The columns of each resource (docs/api.md "Exports"): what a user of the page sees, in its order.

// Reviews: their columns are SQL (queries.ts `reviewCsvColumns`), so that each row arrives as its CSV line.

export interface LocationCsvRow {
  id: string;
  name: string;
  public_name: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  phone: string | null;
  website: string | null;
  external_id: string | null;
  category_name: string | null;
  is_headquarters: boolean;
  open_status: string;
  group_names: string | null;
}

export const LOCATION_COLUMNS: Column<LocationCsvRow>[] = [
  { header: "Location ID", cell: (r) => r.id },
  { header: "Name", cell: (r) => r.name },
  { header: "Public Name", cell: (r) => r.public_name },
  { header: "Address", cell: (r) => r.address },
  { header: "Address 2", cell: (r) => r.address_2 },
  { header: "City", cell: (r) => r.city },
  { header: "State", cell: (r) => r.state },
  { header: "Zip Code", cell: (r) => r.zipcode },
  { header: "Country", cell: (r) => r.country },
  { header: "Phone", cell: (r) => r.phone },
  { header: "Website", cell: (r) => r.website },
  { header: "External ID", cell: (r) => r.external_id },
  { header: "Category", cell: (r) => r.category_name },
  { header: "Headquarters", cell: (r) => yesNo(r.is_headquarters) },
  { header: "Status", cell: (r) => r.open_status },
  { header: "Groups", cell: (r) => r.group_names },
];

export interface GroupCsvRow {
  id: string;
  name: string;
  location_count: number;
  location_names: string | null;
}

export const GROUP_COLUMNS: Column<GroupCsvRow>[] = [
  { header: "Group ID", cell: (r) => r.id },
  { header: "Name", cell: (r) => r.name },
  { header: "Locations", cell: (r) => r.location_count },
  { header: "Location Names", cell: (r) => r.location_names },
];

interface MetricCells {
  review_count: number;
  rated_count: number;
  rating_sum: number;
  positive_count: number;
  negative_count: number;
  respondable_count: number;
  responded_count: number;
}

const METRIC_COLUMNS: Column<MetricCells>[] = [
  { header: "Reviews", cell: (r) => r.review_count },
  { header: "Average Rating", cell: (r) => average(r.rating_sum, r.rated_count) },
  { header: "Positive Reviews", cell: (r) => r.positive_count },
  { header: "Negative Reviews", cell: (r) => r.negative_count },
  { header: "Respondable Reviews", cell: (r) => r.respondable_count },
  { header: "Responded Reviews", cell: (r) => r.responded_count },
  { header: "Response Rate (%)", cell: (r) => percent(r.responded_count, r.respondable_count) },
];

export interface LocationMetricCsvRow extends MetricCells {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  external_id: string | null;
}

export const LOCATION_METRIC_COLUMNS: Column<LocationMetricCsvRow>[] = [
  { header: "Location", cell: (r) => r.name },
  { header: "Address", cell: (r) => r.address },
  { header: "City", cell: (r) => r.city },
  { header: "State", cell: (r) => r.state },
  { header: "Zip Code", cell: (r) => r.zipcode },
  { header: "External ID", cell: (r) => r.external_id },
  ...(METRIC_COLUMNS as Column<LocationMetricCsvRow>[]),
];

export interface GroupMetricCsvRow extends MetricCells {
  id: string;
  name: string;
  location_count: number;
}

export const GROUP_METRIC_COLUMNS: Column<GroupMetricCsvRow>[] = [
  { header: "Group", cell: (r) => r.name },
  { header: "Locations", cell: (r) => r.location_count },
  ...(METRIC_COLUMNS as Column<GroupMetricCsvRow>[]),
];

// Insights (the keyword pages): the rows of the insights API, as the pages show them.

/** keywords: the keyword list's columns (GET /api/insights/{accountId}/mentioned). */
export const KEYWORD_COLUMNS: Column<TMentioned["keywords"][number]>[] = [
  { header: "Keyword", cell: (r) => r.short },
  { header: "Category", cell: (r) => r.category },
  { header: "Mentions", cell: (r) => r.positive_mentions + r.negative_mentions },
  { header: "Positive", cell: (r) => r.positive_mentions },
  { header: "Negative", cell: (r) => r.negative_mentions },
];

/** keyword_details: the reviews mentioning the keyword (GET /api/insights/{accountId}/keyword_reviews). */
export const KEYWORD_REVIEW_COLUMNS: Column<TKeywordReview>[] = [
  { header: "Review ID", cell: (r) => r.id },
  { header: "Published At", cell: (r) => r.published_at },
  { header: "Location", cell: (r) => r.location_name },
  { header: "Source", cell: (r) => r.source_name },
  { header: "Author", cell: (r) => r.author_name },
  { header: "Rating", cell: (r) => r.rating },
  { header: "Sentiment", cell: (r) => r.sentiment },
  { header: "Title", cell: (r) => r.title },
  { header: "Review", cell: (r) => r.content },
];

/** experience_categories: the categories page's cards, in rank order (GET /api/insights/{accountId}/category_rank). */
export const CATEGORY_COLUMNS: Column<TCategoryRank["items"][number]>[] = [
  { header: "Rank", cell: (r) => r.rank },
  { header: "Category", cell: (r) => r.label },
  { header: "Positive %", cell: (r) => r.positive_percent },
  { header: "Reviews", cell: (r) => r.total_count },
  { header: "Positive", cell: (r) => r.positive_count },
  { header: "Negative", cell: (r) => r.negative_count },
];
