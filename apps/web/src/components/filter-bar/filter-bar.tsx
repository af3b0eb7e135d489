import { Anchor, Badge, Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TDateDescriptor } from "@starboard/contract/date-ranges";
import { can, type TPermissions } from "@starboard/contract/permissions";
import { reviewCategoriesFor } from "@starboard/contract/reviews";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "react-router";
import type { Query } from "../../lib/api.ts";
import { dateKindForPath, isReviewsPath, type TListFilterKey, useFilters } from "../../lib/filters.ts";
import { useSession } from "../../lib/session.tsx";
import { DateRangeSelect } from "../date-range/date-range-select.tsx";
import { DropdownErrorBoundary } from "../shell/error-boundary.tsx";
import {
  categoryOptions,
  DEFAULT_MULTIPLE,
  NULL_LABELS,
  PHONE_SCREEN_QUERY,
  RATING_OPTIONS,
  SMALL_SCREEN_QUERY,
  selectedCountLabel,
  sentimentOptions,
  type TFilterOption,
} from "./filter-options.ts";
import { GroupFilter } from "./group-filter.tsx";
import { LocationFilter } from "./location-filter.tsx";
import { SavedFiltersEntry } from "./saved-filters-entry.tsx";
import { SourceFilter } from "./source-filter.tsx";
import { StaticFilter } from "./static-filter.tsx";

export type TFilterDropdown =
  | "date"
  | "group"
  | "location"
  | "source"
  | "rating"
  | "sentiment"
  | "category"
  | "status"
  | "type";

/** The review page's extra dropdowns (docs/product/reviews.md §2): the page supplies their options. */
export type TExtraDropdown = {
  nullLabel: string;
  options: TFilterOption[];
  label?: string;
  countLabel?: (n: number) => string;
};

export type FilterBarProps = {
  /** Which dropdowns this page shows, in order. Defaults to date, group, location, source, rating. */
  dropdowns?: TFilterDropdown[];
  /** Dropdowns that take several values (URL keys repeat); rating does unless set false (DEFAULT_MULTIPLE). */
  multiple?: Partial<Record<"group" | "location" | "source" | "rating" | "category", boolean>>;
  /** Date options: descriptors to hide, the single-input custom mode, the account's time zone. */
  date?: { hidden?: TDateDescriptor[]; singleInput?: boolean; timeZone?: string };
  /** Extra query for the source list (user_id, account_id, supports_reviews). */
  sourceQuery?: Query;
  /** Categories offered (defaults to the recognised names). */
  categories?: readonly string[];
  /** Options of the review status and type dropdowns (shown only on /reviews). */
  status?: TExtraDropdown;
  type?: TExtraDropdown;
  /** The permission summary; defaults to the session's. */
  permissions?: TPermissions;
  /** Save as / Save links and the saved-filter dropdown (built by the saved-filters feature). */
  savedFilters?: ReactNode;
  /** How many dropdowns stay visible on small screens before Show More. */
  visibleOnSmallScreens?: number;
};

const DEFAULT_DROPDOWNS: TFilterDropdown[] = ["date", "group", "location", "source", "rating"];

/**
 * The shared filter bar (docs/product/platform.md §2): title FILTERS with the count of applied filters, Clear All,
 * the saved-filter slot, the chosen dropdowns, Show More / Show Less below 1100 px and a collapsible
 * FILTERS toggle on phones. Every change goes through `useFilters().setFilters` (docs/product/platform.md §4).
 */
export function FilterBar(props: FilterBarProps) {
  const { dropdowns = DEFAULT_DROPDOWNS, visibleOnSmallScreens = 3 } = props;
  const multiple = { ...DEFAULT_MULTIPLE, ...props.multiple };
  const { pathname } = useLocation();
  const session = useSession();
  const permissions = props.permissions ?? session.permissions;
  const { filters, setFilters, clearAll, appliedCount } = useFilters();
  const small = useMediaQuery(SMALL_SCREEN_QUERY) ?? false;
  const phone = useMediaQuery(PHONE_SCREEN_QUERY) ?? false;
  const [showMore, setShowMore] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const reviews = isReviewsPath(pathname);

  const list = (key: TListFilterKey, values: string[]) => setFilters({ [key]: values });

  const render: Record<TFilterDropdown, () => ReactNode> = {
    date: () => (
      <DateRangeSelect
        value={filters}
        kind={dateKindForPath(pathname)}
        hidden={props.date?.hidden}
        singleInput={props.date?.singleInput}
        timeZone={props.date?.timeZone}
        onChange={(change) => setFilters(change)}
      />
    ),
    group: () =>
      can(permissions, "read", "group") ? (
        <GroupFilter value={filters.groupId} multiple={multiple.group} onChange={(v) => list("groupId", v)} />
      ) : null,
    location: () => (
      <LocationFilter
        value={filters.locationId}
        groupIds={filters.groupId}
        multiple={multiple.location}
        canCreateLocation={can(permissions, "create", "location")}
        onChange={(v) => list("locationId", v)}
      />
    ),
    source: () => (
      <SourceFilter
        value={filters.sourceId}
        multiple={multiple.source}
        query={props.sourceQuery}
        onChange={(v) => list("sourceId", v)}
      />
    ),
    rating: () => (
      <StaticFilter
        label="Rating"
        nullLabel={NULL_LABELS.rating}
        options={RATING_OPTIONS}
        countLabel={selectedCountLabel.rating}
        multiple={multiple.rating}
        value={filters.rating}
        onChange={(v) => list("rating", v)}
      />
    ),
    sentiment: () => (
      <StaticFilter
        label="Sentiment"
        nullLabel={NULL_LABELS.sentiment}
        options={sentimentOptions(/\/dashboard\/keywords(\/|$)/.test(pathname) ? "keywords" : "reviews")}
        value={filters.sentiment ? [filters.sentiment] : []}
        onChange={(v) => setFilters({ sentiment: v[0] ?? null })}
      />
    ),
    category: () => (
      <StaticFilter
        label="Category"
        nullLabel={NULL_LABELS.category}
        options={categoryOptions(props.categories ?? reviewCategoriesFor(session.session?.account.vertical))}
        multiple={multiple.category}
        value={filters.category}
        onChange={(v) => list("category", v)}
      />
    ),
    status: () =>
      reviews && props.status ? (
        <StaticFilter label="Status" {...props.status} value={filters.status} onChange={(v) => list("status", v)} />
      ) : null,
    type: () =>
      reviews && props.type ? (
        <StaticFilter label="Type" {...props.type} value={filters.type} onChange={(v) => list("type", v)} />
      ) : null,
  };

  const shown = dropdowns.filter((d) => !((d === "status" || d === "type") && !reviews));
  const visible = small && !showMore ? shown.slice(0, visibleOnSmallScreens) : shown;
  const hasMore = small && shown.length > visibleOnSmallScreens;

  const title = (
    <Group gap={6} wrap="nowrap">
      <Text fw={700} size="sm" tt="uppercase">
        FILTERS
      </Text>
      {appliedCount > 0 && (
        <Badge size="sm" circle data-testid="filter-count" aria-label={`${appliedCount} filters applied`}>
          {appliedCount}
        </Badge>
      )}
    </Group>
  );

  const body = (
    <Stack gap="xs">
      <Group gap="xs" align="flex-start" data-testid="filter-dropdowns">
        {visible.map((dropdown) => (
          <DropdownErrorBoundary key={dropdown}>{render[dropdown]()}</DropdownErrorBoundary>
        ))}
      </Group>
      {hasMore && (
        <Anchor component="button" type="button" size="sm" onClick={() => setShowMore((v) => !v)}>
          {showMore ? "Show Less" : "Show More"}
        </Anchor>
      )}
    </Stack>
  );

  return (
    <Paper p="sm" withBorder component="section" aria-label="Filters" data-testid="filter-bar">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          {phone ? (
            <UnstyledButton onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} data-testid="filter-toggle">
              <Group gap={4} wrap="nowrap">
                {title}
                {expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </Group>
            </UnstyledButton>
          ) : (
            title
          )}
          <Group gap="sm" wrap="nowrap">
            {props.savedFilters ?? <SavedFiltersEntry />}
            <Button variant="subtle" size="compact-sm" onClick={clearAll} data-testid="filter-clear-all">
              Clear All
            </Button>
          </Group>
        </Group>
        {phone ? <Collapse expanded={expanded}>{body}</Collapse> : body}
      </Stack>
    </Paper>
  );
}
