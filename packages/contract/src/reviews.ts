/**
 * The reviews API (docs/product/reviews.md §3, §4, §7; docs/product/decisions.md "Paths the spec leaves open"): reviews, responses,
 * tags, review tags, notes, status labels, history, response templates, sources, URLs and issues.
 * The server validates with these schemas; the web client types its calls with them.
 */

import { ZHalPageSchema, ZListQuerySchema } from "./hal.ts";
import { ZReviewFilterQuerySchema } from "./review-filter.ts";
import { z } from "./zod.ts";

// --- Messages and constants ---------------------------------------------------------------------

/** docs/product/reviews.md §4: shown on a response whose publish failed (the job retries). */
export const RESPONSE_PUBLISH_ERROR =
  "An error occurred while publishing the response. We’ll try again. No action necessary.";
/** docs/product/reviews.md §4: shown on a response whose delete failed (the job retries). */
export const RESPONSE_DELETE_ERROR =
  "An error occurred while deleting the response. We’ll try again. No action necessary.";
export const TAG_NAME_TAKEN = "A tag with that name already exists";
export const STATUS_LABEL_NAME_TAKEN = "A status label with that name already exists";
export const TAG_NAME_MAX = 50;
export const NOTE_CONTENT_MAX = 5000;

/** The review filter's values (sentiment, rating, type, status, category) live with the filter. */
export {
  REVIEW_CATEGORIES,
  REVIEW_CATEGORIES_BY_VERTICAL,
  REVIEW_CATEGORY_LABELS,
  REVIEW_RATING_VALUES,
  REVIEW_RESPONSE_STATUS_FILTERS,
  REVIEW_SENTIMENT_VALUES,
  REVIEW_SENTIMENTS,
  REVIEW_TYPES,
  reviewCategoriesFor,
  reviewCategoryLabel,
  type TReviewCategory,
  type TReviewType,
} from "./review-filter.ts";
/** `created_at` and `updated_at`: when Starboard stored and last changed the review (ReviewTrackers' sorts). */
export const REVIEW_SORTS = ["published_at", "rating", "first_seen_at", "created_at", "updated_at"] as const;
export const REVIEWS_PER_PAGE_DEFAULT = 25;
export const REVIEWS_PER_PAGE_MAX = 500;

/** Response states (docs/product/reviews.md §4). */
export const RESPONSE_STATUSES = [
  "pending",
  "published",
  "error_published",
  "pending_delete",
  "error_unpublished",
  "deleted",
] as const;
export type TResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** Placeholders a response template may hold, expanded by POST /api/response_templates/{id}/render. */
export const RESPONSE_TEMPLATE_PLACEHOLDERS = ["{reviewer_name}", "{location_name}", "{rating}"] as const;

/** Connection issue statuses (docs/product/reviews.md §3). */
export const ISSUE_STATUSES = ["missing_place_id", "conflicting_place_id"] as const;

export const REVIEW_HISTORY_ACTIONS = [
  "status_changed",
  "tag_added",
  "tag_removed",
  "note_added",
  "note_deleted",
  "response_submitted",
  "response_published",
  "response_publish_failed",
  "response_delete_requested",
  "response_deleted",
  "response_delete_failed",
  "assigned",
] as const;
export type TReviewHistoryAction = (typeof REVIEW_HISTORY_ACTIONS)[number];

// --- Shared pieces ------------------------------------------------------------------------------

const ZId = z.string().max(100);
const ZLinks = z.object({ self: z.object({ href: z.string() }) });

// --- Sources, URLs, issues ----------------------------------------------------------------------

export const ZSourceSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  ordinal: z.number(),
  logo_url: z.string().nullable(),
  color: z.string().nullable(),
  supports_reviews: z.boolean(),
  supports_responses: z.boolean(),
  supports_images: z.boolean(),
  response_char_limit: z.number().nullable(),
  _links: ZLinks,
});
export type TSource = z.infer<typeof ZSourceSchema>;
export const ZSourceListSchema = ZHalPageSchema("sources", ZSourceSchema);
export type TSourceList = z.infer<typeof ZSourceListSchema>;

const ZBoolParam = z.enum(["true", "false", "1", "0"]).optional();

export const ZSourceListQuerySchema = ZListQuerySchema.extend({
  /** `ordinal,name` (the default), `name`, `code`; a leading `-` sorts descending. */
  sort: z.string().max(100).optional(),
  supports_reviews: ZBoolParam,
  supports_responses: ZBoolParam,
  supports_images: ZBoolParam,
  imagesOnly: ZBoolParam,
  /** Non-parent users load their sources by user_id; the user's account scopes the list. */
  user_id: z.string().max(100).optional(),
  /** true: the whole catalogue instead of the sources the account has listings or reviews on. */
  all: ZBoolParam,
});
export type TSourceListQuery = z.infer<typeof ZSourceListQuerySchema>;

export const ZUrlSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string(),
  source_id: z.string(),
  source_code: z.string(),
  source_name: z.string(),
  link: z.string(),
  reference_id: z.string().nullable(),
  status: z.string(),
  request_reviews: z.boolean(),
  feedback_forbidden: z.boolean(),
  last_scanned_at: z.string().nullable(),
  _links: ZLinks,
});
export type TUrl = z.infer<typeof ZUrlSchema>;
export const ZUrlListSchema = ZHalPageSchema("urls", ZUrlSchema);
export type TUrlList = z.infer<typeof ZUrlListSchema>;

/** The review filter's location and source keys (`key`, repeated, `key[]`, comma-separated). */
const ZLocationSourceFilterSchema = ZReviewFilterQuerySchema.pick({
  location_id: true,
  "location_id[]": true,
  source_id: true,
  "source_id[]": true,
});

export const ZUrlListQuerySchema = ZListQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(250),
  ...ZLocationSourceFilterSchema.shape,
  /** true: leave out URLs excluded from review requests (request_reviews false). */
  exclude_request_reviews: ZBoolParam,
  /** true: leave out sources whose terms forbid asking for reviews (Yelp). */
  source_feedback_forbidden: ZBoolParam,
  /** `link` or `source_name` (default), with `sort[order]`; `sort=link` is accepted too. */
  sort: z.string().max(100).optional(),
});
export type TUrlListQuery = z.infer<typeof ZUrlListQuerySchema>;

export const ZUrlsCheckQuerySchema = z.object({
  account_id: z.string().optional(),
  location_id: ZId,
  nonce: z.string().optional(),
});
export const ZUrlsCheckSchema = z.object({
  location_id: z.string(),
  total: z.number(),
  present: z.number(),
  sources: z.array(
    z.object({
      source_id: z.string(),
      source_code: z.string(),
      source_name: z.string(),
      has_url: z.boolean(),
      url_id: z.string().nullable(),
      link: z.string().nullable(),
    }),
  ),
});
export type TUrlsCheck = z.infer<typeof ZUrlsCheckSchema>;

export const ZIssueSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string(),
  resource_type: z.literal("location"),
  resource_id: z.string(),
  source_id: z.string(),
  source_code: z.string(),
  source_name: z.string(),
  status: z.enum(ISSUE_STATUSES).or(z.string()),
  title: z.string().nullable(),
  message: z.string().nullable(),
  color: z.string().nullable(),
  muted: z.boolean(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  _links: ZLinks,
});
export type TIssue = z.infer<typeof ZIssueSchema>;
export const ZIssueListSchema = ZHalPageSchema("issues", ZIssueSchema);
export const ZIssueListQuerySchema = ZListQuerySchema.extend({
  ...ZLocationSourceFilterSchema.shape,
  resource_type: z.literal("location").optional(),
  resource_id: ZId.optional(),
  muted: ZBoolParam,
  /** true: include resolved issues as well. */
  include_resolved: ZBoolParam,
});
export type TIssueListQuery = z.infer<typeof ZIssueListQuerySchema>;
export const ZIssueUpdateSchema = z.object({ muted: z.boolean() });

// --- Status labels, tags, notes, templates ------------------------------------------------------

export const ZStatusLabelSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  ordinal: z.number(),
  created_at: z.string(),
  /** Reviews carrying the label (the settings screen shows it before a delete or merge). */
  review_count: z.number().optional(),
  _links: ZLinks,
});
export type TStatusLabel = z.infer<typeof ZStatusLabelSchema>;
export const ZStatusLabelWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(50),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1A2B3C")
    .nullable()
    .optional(),
  ordinal: z.number().int().min(0).max(10_000).optional(),
});
export type TStatusLabelWrite = z.infer<typeof ZStatusLabelWriteSchema>;
/** POST /api/review_status_labels: in the signed-in account, or in `account_id` (a child account). */
export const ZStatusLabelCreateSchema = ZStatusLabelWriteSchema.extend({ account_id: ZId.optional() });
export type TStatusLabelCreate = z.infer<typeof ZStatusLabelCreateSchema>;
/** PATCH: any of the fields (PUT sends them all). */
export const ZStatusLabelPatchSchema = ZStatusLabelWriteSchema.partial();
export const ZStatusLabelListSchema = ZHalPageSchema("review_status_labels", ZStatusLabelSchema);
export type TStatusLabelList = z.infer<typeof ZStatusLabelListSchema>;

export const ZTagSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** Reviews carrying the tag (the settings screen shows it before a delete or merge). */
  review_count: z.number().optional(),
  _links: ZLinks,
});
export type TTag = z.infer<typeof ZTagSchema>;
export const ZTagListSchema = ZHalPageSchema("tags", ZTagSchema);
export type TTagList = z.infer<typeof ZTagListSchema>;
const ZTagName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(TAG_NAME_MAX, `Name must be ${TAG_NAME_MAX} characters or fewer`);
export const ZTagWriteSchema = z.object({ name: ZTagName });
export type TTagWrite = z.infer<typeof ZTagWriteSchema>;
/** POST /api/tags: in the signed-in account, or in `account_id` (a child account). */
export const ZTagCreateSchema = ZTagWriteSchema.extend({ account_id: ZId.optional() });
export type TTagCreate = z.infer<typeof ZTagCreateSchema>;
export const ZTagPatchSchema = ZTagWriteSchema.partial();

export const ZReviewTagSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  review_id: z.string(),
  tag_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  _links: ZLinks,
});
export type TReviewTag = z.infer<typeof ZReviewTagSchema>;
export const ZReviewTagListSchema = ZHalPageSchema("review_tags", ZReviewTagSchema);
export type TReviewTagList = z.infer<typeof ZReviewTagListSchema>;
export const ZReviewTagListQuerySchema = ZListQuerySchema.extend({ review_id: ZId.optional(), tag_id: ZId.optional() });
export type TReviewTagListQuery = z.infer<typeof ZReviewTagListQuerySchema>;
/** Tags the review with the account's tag of that name (created when there is none yet). */
export const ZReviewTagCreateSchema = z.object({ review_id: ZId, name: ZTagName, account_id: ZId.optional() });
export type TReviewTagCreate = z.infer<typeof ZReviewTagCreateSchema>;
export const ZReviewTagDeleteQuerySchema = z.object({
  account_id: z.string().optional(),
  review_id: ZId,
  name: z.string().trim().min(1, "Name is required").max(TAG_NAME_MAX),
  nonce: z.string().optional(),
});

export const ZNoteSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  review_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TNote = z.infer<typeof ZNoteSchema>;
const ZNoteContent = z
  .string()
  .trim()
  .min(1, "Note can't be blank")
  .max(NOTE_CONTENT_MAX, `Note must be ${NOTE_CONTENT_MAX} characters or fewer`);
export const ZNoteListSchema = ZHalPageSchema("notes", ZNoteSchema);
export type TNoteList = z.infer<typeof ZNoteListSchema>;
export const ZNoteListQuerySchema = ZListQuerySchema.extend({ review_id: ZId.optional() });
export type TNoteListQuery = z.infer<typeof ZNoteListQuerySchema>;
export const ZNoteCreateSchema = z.object({ review_id: ZId, content: ZNoteContent, account_id: ZId.optional() });
export type TNoteCreate = z.infer<typeof ZNoteCreateSchema>;
export const ZNoteUpdateSchema = z.object({ content: ZNoteContent });
export type TNoteUpdate = z.infer<typeof ZNoteUpdateSchema>;
export const ZNotePatchSchema = ZNoteUpdateSchema.partial();

export const ZResponseTemplateSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  content: z.string(),
  rating_min: z.number().nullable(),
  rating_max: z.number().nullable(),
  /** The sources the template is offered for; empty: every source. */
  source_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  _links: ZLinks,
});
export type TResponseTemplate = z.infer<typeof ZResponseTemplateSchema>;
export const ZResponseTemplateWriteSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  content: z.string().trim().min(1, "Content is required").max(10_000),
  rating_min: z.number().int().min(0).max(5).nullable().optional(),
  rating_max: z.number().int().min(0).max(5).nullable().optional(),
  source_ids: z.array(ZId).max(50).optional(),
});
export type TResponseTemplateWrite = z.infer<typeof ZResponseTemplateWriteSchema>;
/** POST /api/response_templates: in the signed-in account, or in `account_id` (a child account). */
export const ZResponseTemplateCreateSchema = ZResponseTemplateWriteSchema.extend({ account_id: ZId.optional() });
export type TResponseTemplateCreate = z.infer<typeof ZResponseTemplateCreateSchema>;
export const ZResponseTemplatePatchSchema = ZResponseTemplateWriteSchema.partial();
export const ZResponseTemplateListSchema = ZHalPageSchema("response_templates", ZResponseTemplateSchema);
export type TResponseTemplateList = z.infer<typeof ZResponseTemplateListSchema>;
export const ZResponseTemplateRenderSchema = z.object({ review_id: ZId });
/** GET /api/response_templates: `rating` and `source_id` narrow to the templates offered for such a review (the picker). */
export const ZResponseTemplateListQuerySchema = ZListQuerySchema.extend({
  rating: z.string().max(1).optional().describe("0 to 5: templates whose rating range holds it"),
  source_id: z.string().max(100).optional().describe("Templates offered for this source (or for every source)"),
});
export type TResponseTemplateListQuery = z.infer<typeof ZResponseTemplateListQuerySchema>;
/** GET /api/reviews/{id}/suggested_reply: a draft written from the review's own mentions, never sent by itself. */
export const ZSuggestedReplySchema = z.object({
  review_id: z.string(),
  content: z.string(),
  /** The template it starts from (the first offered for the review's rating and source), if any. */
  template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  /** What it is built from: the review's mentions (keyword, category, polarity). */
  mentions: z.array(z.object({ keyword: z.string(), category: z.string().nullable(), sentiment: z.string() })),
});
export type TSuggestedReply = z.infer<typeof ZSuggestedReplySchema>;
export const ZRenderedTemplateSchema = z.object({
  template_id: z.string(),
  review_id: z.string(),
  content: z.string(),
});
export type TRenderedTemplate = z.infer<typeof ZRenderedTemplateSchema>;

// --- Responses ----------------------------------------------------------------------------------

export const ZResponseSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  review_id: z.string(),
  source_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  content: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  status_description: z.string().nullable(),
  read_only: z.boolean(),
  from_source: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // ReviewTrackers' names beside ours (docs/api.md "Coming from ReviewTrackers").
  /** = user_id */
  created_by_user_id: z.string().nullable(),
  /** The review's location */
  location_id: z.string(),
  /** Null: a response that is gone is not listed */
  deleted_at: z.string().nullable(),
  /** Starboard does not record which template a response came from: null */
  response_template_id: z.string().nullable(),
  _links: ZLinks,
});
export type TResponse = z.infer<typeof ZResponseSchema>;
export const ZResponseListSchema = ZHalPageSchema("responses", ZResponseSchema);
export type TResponseList = z.infer<typeof ZResponseListSchema>;
/** Without `review_id`: the account's responses (ReviewTrackers' GET /responses), by `created_at` or `updated_at`. */
export const ZResponseListQuerySchema = ZListQuerySchema.extend({ review_id: ZId.optional() });
export type TResponseListQuery = z.infer<typeof ZResponseListQuerySchema>;
export const ZResponseCreateSchema = z.object({
  review_id: ZId,
  // The source's limit is checked by the server (400 on `content`); this bounds the request.
  content: z.string().trim().min(1, "Response can't be blank").max(20_000, "Response is too long"),
});
export type TResponseCreate = z.infer<typeof ZResponseCreateSchema>;

// --- Reviews ------------------------------------------------------------------------------------

export const ZReviewImageSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  cdn_url: z.string().nullable(),
  url: z.string(),
  cdn_low_resolution_url: z.string().nullable(),
  low_resolution_url: z.string().nullable(),
});
export type TReviewImage = z.infer<typeof ZReviewImageSchema>;

export const ZReviewResponseSummarySchema = z.object({
  id: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  status_description: z.string().nullable(),
  published_at: z.string().nullable(),
  content: z.string(),
  read_only: z.boolean(),
  from_source: z.boolean(),
});

export const ZReviewSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  location_id: z.string(),
  location: z.object({
    id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  source_id: z.string(),
  source_code: z.string(),
  source_name: z.string(),
  source: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    logo_url: z.string().nullable(),
    /** A demo connection: the account's source is Starboard's built-in sandbox, not the real service. */
    sandbox: z.boolean(),
  }),
  author_name: z.string().nullable(),
  author_avatar_url: z.string().nullable(),
  rating: z.number().nullable(),
  recommendation: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  published_at: z.string(),
  first_seen_at: z.string(),
  url: z.string().nullable(),
  /** The source takes responses through Starboard and no open connection issue blocks it. */
  respondable: z.boolean(),
  response_char_limit: z.number().nullable(),
  sentiment: z.number(),
  categories: z.array(z.string()),
  status_label_id: z.string().nullable(),
  status_label: z.object({ id: z.string(), name: z.string(), color: z.string().nullable() }).nullable(),
  /** The user the review is assigned to (migration 0016). */
  assigned_user: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  images: z.array(ZReviewImageSchema),
  response: ZReviewResponseSummarySchema.nullable(),
  response_status: z.string().nullable(),
  deleted_at_source: z.string().nullable(),
  // ReviewTrackers' names beside ours (docs/api.md "Coming from ReviewTrackers").
  /** = author_name */
  author: z.string().nullable(),
  /** = url: the review at its source */
  permalink: z.string().nullable(),
  /** The location's name */
  name: z.string(),
  /** = title */
  extra_text: z.string().nullable(),
  /** Where the business answers the review at its source (= url) */
  business_response_url: z.string().nullable(),
  /** = published_at */
  origin_published_at: z.string(),
  /** When Starboard stored the review, and last changed it */
  created_at: z.string(),
  updated_at: z.string(),
  /** Always objects; `{}` when empty */
  metadata: z.record(z.string(), z.unknown()),
  url_metadata: z.record(z.string(), z.unknown()),
  /** Opaque position of this review in the list's order (for `before` / `after`). */
  cursor: z.string().optional(),
  _links: z.object({
    self: z.object({ href: z.string() }),
    history: z.object({ href: z.string() }),
    responses: z.object({ href: z.string() }),
  }),
});
export type TReview = z.infer<typeof ZReviewSchema>;

/**
 * GET /api/reviews: the review filter (review-filter.ts, docs/api.md "Review filters"), the sort and the page
 * (a cursor, `before` / `after`, or a `page` number).
 */
export const ZReviewListQuerySchema = ZReviewFilterQuerySchema.extend({
  "sort[by]": z.enum(REVIEW_SORTS).optional(),
  "sort[order]": z.enum(["asc", "desc", "ASC", "DESC"]).optional(),
  before: z.string().max(300).optional(),
  after: z.string().max(300).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(REVIEWS_PER_PAGE_MAX).default(REVIEWS_PER_PAGE_DEFAULT),
  nonce: z.string().optional(),
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuerySchema>;

const ZOptionalLink = z.object({ href: z.string() }).optional();
export const ZReviewListSchema = z.object({
  _embedded: z.object({ reviews: z.array(ZReviewSchema) }),
  _links: z.object({
    self: z.object({ href: z.string() }),
    first: z.object({ href: z.string() }),
    prev: ZOptionalLink,
    next: ZOptionalLink,
    last: ZOptionalLink,
  }),
  _page: z.number(),
  _total_pages: z.number(),
  _total: z.number(),
  per_page: z.number(),
  page_count: z.number(),
  /** Cursors of the first and last review on this page (null when the page is empty). */
  cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
});
export type TReviewList = z.infer<typeof ZReviewListSchema>;

/** GET /api/v2/reviews takes up to this many reviews a page (ReviewTrackers' clients ask for 500). */
export const REVIEWS_V2_PER_PAGE_MAX = 500;
/**
 * GET /api/v2/reviews (ReviewTrackers' cursor API): the review list's filter and sort, `after` / `before`
 * cursors only, `per_page` up to 500, `sort[order]` in either case.
 */
export const ZReviewCursorQuerySchema = ZReviewListQuerySchema.omit({ page: true }).extend({
  per_page: z.coerce.number().int().min(1).max(REVIEWS_V2_PER_PAGE_MAX).default(REVIEWS_PER_PAGE_DEFAULT),
});
export type TReviewCursorQuery = z.infer<typeof ZReviewCursorQuerySchema>;
/** `{data, paging: {cursors: {before, after}}}`; `after` is null on the last page, `before` on the first. */
export const ZReviewCursorListSchema = z.object({
  data: z.array(ZReviewSchema),
  paging: z.object({ cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }) }),
});
export type TReviewCursorList = z.infer<typeof ZReviewCursorListSchema>;

export const ZReviewUpdateSchema = z.object({ status_label_id: ZId.nullable() });
export type TReviewUpdate = z.infer<typeof ZReviewUpdateSchema>;

export const ZReviewHistoryEntrySchema = z.object({
  id: z.string(),
  review_id: z.string(),
  action: z.enum(REVIEW_HISTORY_ACTIONS).or(z.string()),
  /** A sentence a person can read: "Tag added: vip". */
  description: z.string(),
  details: z.record(z.string(), z.unknown()),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type TReviewHistoryEntry = z.infer<typeof ZReviewHistoryEntrySchema>;
export const ZReviewHistoryListSchema = ZHalPageSchema("history", ZReviewHistoryEntrySchema);
export type TReviewHistoryList = z.infer<typeof ZReviewHistoryListSchema>;
export const ZReviewHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(REVIEWS_PER_PAGE_MAX).default(REVIEWS_PER_PAGE_DEFAULT),
  nonce: z.string().optional(),
});
