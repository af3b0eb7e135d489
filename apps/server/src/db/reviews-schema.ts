import type { ColumnType, Generated } from "kysely";

// Table types of the reviews feature (migration 0003_reviews).
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface SourcesTable {
  id: Generated<string>;
  code: string;
  name: string;
  ordinal: Generated<number>;
  logo_url: string | null;
  color: string | null;
  supports_reviews: Generated<boolean>;
  supports_responses: Generated<boolean>;
  supports_images: Generated<boolean>;
  response_char_limit: number | null;
  connection_issue_title: string | null;
  connection_issue_message: string | null;
}
export interface UrlsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  link: string;
  reference_id: string | null;
  status: Generated<string>;
  request_reviews: Generated<boolean>;
  last_scanned_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface SourceCredentialsTable {
  id: Generated<string>;
  account_id: string;
  source_id: string;
  access_token: string | null;
  api_key: string | null;
  business_user_id: string | null;
  expires_at: NullableTimestamp;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
}
export interface IssuesTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  status: string;
  muted: Generated<boolean>;
  created_at: Generated<Date>;
  resolved_at: NullableTimestamp;
}
export interface ReviewStatusLabelsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  color: string | null;
  ordinal: Generated<number>;
  created_at: Generated<Date>;
}
export interface ReviewsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  source_review_id: string;
  author_name: string | null;
  author_avatar_url: string | null;
  rating: number | null;
  recommendation: string | null;
  title: string | null;
  content: string | null;
  url: string | null;
  published_at: Timestamp;
  first_seen_at: Generated<Date>;
  updated_at_source: NullableTimestamp;
  deleted_at_source: NullableTimestamp;
  sentiment: Generated<number>;
  categories: ColumnType<string[], string[] | undefined, string[]>;
  status_label_id: string | null;
  respondable: Generated<boolean>;
  response_status: string | null;
  responded_at: NullableTimestamp;
  images_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ReviewImagesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  name: string | null;
  url: string;
  cdn_url: string | null;
  low_resolution_url: string | null;
  cdn_low_resolution_url: string | null;
  position: Generated<number>;
}
export interface ReviewMentionsTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  location_id: string;
  source_id: string;
  published_at: Timestamp;
  keyword: string;
  category: string | null;
  sentiment: string;
}
export interface ResponsesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  source_id: string;
  user_id: string | null;
  content: string;
  status: Generated<string>;
  status_description: string | null;
  read_only: Generated<boolean>;
  from_source: Generated<boolean>;
  source_response_id: string | null;
  published_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export interface TagsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  created_at: Generated<Date>;
}
export interface ReviewTagsTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  tag_id: string;
  name: string;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
}
export interface NotesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  user_id: string | null;
  content: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ReviewHistoryTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  user_id: string | null;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}
export interface ResponseTemplatesTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  content: string;
  rating_min: number | null;
  rating_max: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface AlertTypesTable {
  id: number;
  code: string;
  name: string;
}
export interface AlertFrequenciesTable {
  id: number;
  code: string;
  name: string;
}
export interface AlertsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  alert_type_id: number;
  alert_frequency_id: number;
  filters: Json<Record<string, unknown>>;
  enabled: Generated<boolean>;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface ReviewsDB {
  sources: SourcesTable;
  urls: UrlsTable;
  source_credentials: SourceCredentialsTable;
  issues: IssuesTable;
  review_status_labels: ReviewStatusLabelsTable;
  reviews: ReviewsTable;
  review_images: ReviewImagesTable;
  review_mentions: ReviewMentionsTable;
  responses: ResponsesTable;
  tags: TagsTable;
  review_tags: ReviewTagsTable;
  notes: NotesTable;
  review_history: ReviewHistoryTable;
  response_templates: ResponseTemplatesTable;
  alert_types: AlertTypesTable;
  alert_frequencies: AlertFrequenciesTable;
  alerts: AlertsTable;
}
