import "@mantine/core/styles/Skeleton.css";
import { Group, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import { INSIGHTS_MESSAGES, KEYWORD_SORT_LABELS, KEYWORD_SORTS, type TKeywordSort } from "@starboard/contract/insights";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import type { TSortDirection } from "../../../components/common/sort-cycle";
import { ExportMenu } from "../../../components/export/export-menu";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { Pager, useUrlPage } from "../../../components/shell/table-states";
import { useFilters } from "../../../lib/filters";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { useCategories, useMentioned } from "../api/insights";
import { ExperienceCategories } from "../components/experience-categories";
import { insightsQuery } from "../components/insights-query";
import { COLUMN_SORTS, KeywordList, type TKeywordColumn } from "../components/keyword-list";

const PER_PAGE = 25;
const isSort = (value: string | null): value is TKeywordSort =>
  value !== null && (KEYWORD_SORTS as readonly string[]).includes(value);

/**
 * /dashboard/keywords (docs/product/reviews.md §2, §6): the filter bar (above, from the layout), the
 * Experience Categories block, Sort By (highest_volume by default) and the keyword list, thirty days by
 * default. The sort is kept in the query (`sort`, and `order` when a column header set one).
 */
export default function KeywordsRoute() {
  const session = useSignedInSession();
  const { filters, carryFilters } = useFilters();
  const [params, setParams] = useSearchParams();
  const sort: TKeywordSort = isSort(params.get("sort")) ? (params.get("sort") as TKeywordSort) : "highest_volume";
  const orderParam = params.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : null;
  const [page, setPage] = useUrlPage();
  const timeZone = session.account.time_zone;
  const query = insightsQuery(filters, { kind: "keywords", timeZone, withSentiment: true });
  const mentioned = useMentioned(session.account_id, {
    ...query,
    "sort[by]": sort,
    "sort[order]": order ?? undefined,
    page,
    per_page: PER_PAGE,
  });
  const showCategories = session.settings.experience_analysis === true;
  const categoriesQuery = insightsQuery(filters, { kind: "keywords", timeZone });
  const categories = useCategories(session.account_id, categoriesQuery, showCategories);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  };
  const sortDirection = (column: TKeywordColumn): TSortDirection => (COLUMN_SORTS[column] === sort ? order : null);
  const onSort = (column: TKeywordColumn, direction: TSortDirection) =>
    update({ sort: COLUMN_SORTS[column] === "highest_volume" ? null : COLUMN_SORTS[column], order: direction });
  const keywordLink = (keyword: string, sentiment?: "positive" | "negative") => {
    const link = carryFilters(`/dashboard/keywords/${encodeURIComponent(keyword)}`);
    if (!sentiment) return link;
    const [path = "", search = ""] = link.split("?");
    const next = new URLSearchParams(search);
    next.set("sentiment", sentiment);
    return `${path}?${next.toString()}`;
  };
  const data = mentioned.data;

  return (
    <>
      <PageHeader title="Keywords" actions={<ExportMenu resource="keywords" />} />
      <Stack gap="md">
        {showCategories && (
          <ExperienceCategories
            categories={categories.data?.categories}
            pending={categories.isPending && categories.fetchStatus !== "idle"}
            failed={categories.isError}
            linkTo={(category) => carryFilters(`/dashboard/keywords/categories?category=${category.toLowerCase()}`)}
          />
        )}
        <Paper withBorder p="md" component="section" aria-label="Mentioned keywords">
          <Group justify="space-between" mb="sm">
            <Select
              label="Sort By"
              data={KEYWORD_SORTS.map((value) => ({ value, label: KEYWORD_SORT_LABELS[value] }))}
              value={sort}
              allowDeselect={false}
              onChange={(value) => value && update({ sort: value === "highest_volume" ? null : value, order: null })}
              w={220}
              data-testid="keyword-sort"
            />
            {data && data._total > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {`${data._total} ${data._total === 1 ? "keyword" : "keywords"}`}
              </Text>
            )}
          </Group>
          {mentioned.isPending ? (
            <Stack role="status" aria-label="Loading keywords" gap="xs">
              {[1, 2, 3, 4, 5].map((n) => (
                <Skeleton key={n} height={28} />
              ))}
            </Stack>
          ) : mentioned.isError && !data ? (
            <QueryError
              error={mentioned.error}
              title="Could not load the keywords"
              onRetry={() => void mentioned.refetch()}
            />
          ) : data && data.keywords.length === 0 ? (
            <EmptyStatePanel primary={INSIGHTS_MESSAGES.noKeywords} />
          ) : data ? (
            <div
              style={{ opacity: mentioned.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={mentioned.isFetching}
              data-testid="keyword-results"
            >
              <KeywordList
                keywords={data.keywords}
                linkTo={keywordLink}
                sortDirection={sortDirection}
                onSort={onSort}
              />
              <Pager page={page} total={data._total_pages} onChange={setPage} />
            </div>
          ) : null}
        </Paper>
      </Stack>
    </>
  );
}
