import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Skeleton.css";
import { Anchor, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { INSIGHTS_MESSAGES, type TCategories } from "@starboard/contract/insights";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { ExportMenu } from "../../../components/export/export-menu";
import { PageHeader } from "../../../components/shell/page-header";
import type { Query } from "../../../lib/api";
import { useFilters } from "../../../lib/filters";
import { useSignedInSession } from "../../../lib/session";
import { useCategories, useCategoryRank, useMentioned } from "../api/insights";
import { insightsQuery, monthLabel, percentText } from "../components/insights-query";

const SeriesChart = lazy(() =>
  import("../../../components/charts/series-chart").then((m) => ({ default: m.SeriesChart })),
);

type TCategory = TCategories["categories"][number];
const TOP_KEYWORDS = 5;

/** One category's top keywords (by volume) in the period, each linking to its keyword page. */
function TopKeywords({
  accountId,
  query,
  category,
  linkTo,
}: {
  accountId: string;
  query: Query;
  category: string;
  linkTo: (path: string) => string;
}) {
  const top = useMentioned(accountId, { ...query, category, per_page: TOP_KEYWORDS });
  if (top.isPending) return <Skeleton height={60} aria-hidden />;
  if (top.isError)
    return (
      <Text size="sm" c="red.8">
        Could not load the keywords
      </Text>
    );
  if (top.data.keywords.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {INSIGHTS_MESSAGES.noKeywords}
      </Text>
    );
  return (
    <List size="sm" spacing={2} data-testid="top-keywords">
      {top.data.keywords.map((k) => (
        <List.Item key={k.short}>
          <Anchor component={Link} to={linkTo(`/dashboard/keywords/${encodeURIComponent(k.short)}`)} size="sm">
            {k.short}
          </Anchor>
          <Text span size="sm" c="dimmed">{` ${k.positive_mentions} positive, ${k.negative_mentions} negative`}</Text>
        </List.Item>
      ))}
    </List>
  );
}

function CategoryCard({
  category,
  rank,
  accountId,
  query,
  linkTo,
}: {
  category: TCategory;
  rank: number | undefined;
  accountId: string;
  query: Query;
  linkTo: (path: string) => string;
}) {
  const titleId = `category-${category.category}-title`;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`category-card-${category.category}`}
    >
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {rank ? `${rank}. ${category.label}` : category.label}
        </Title>
        <Text fw={700} size="lg">{`${percentText(category.positive_percent)} positive`}</Text>
      </Group>
      <Group gap="md" mb="sm">
        <Anchor component={Link} to={linkTo(`/reviews?category=${category.category}`)} size="sm">
          {`${category.total_count} ${category.total_count === 1 ? "review" : "reviews"}`}
        </Anchor>
        <Anchor component={Link} to={linkTo(`/reviews?category=${category.category}&sentiment=1`)} size="sm">
          {`${category.positive_count} positive`}
        </Anchor>
        <Anchor component={Link} to={linkTo(`/reviews?category=${category.category}&sentiment=-1`)} size="sm">
          {`${category.negative_count} negative`}
        </Anchor>
      </Group>
      <Suspense fallback={<Skeleton height={140} aria-hidden />}>
        <SeriesChart
          kind="line"
          height={140}
          color="indigo.6"
          label={`${category.label}: reviews per month`}
          data={category.trend.map((m) => ({ label: monthLabel(m.x), value: m.y }))}
        />
      </Suspense>
      <Text fw={600} size="sm" mt="sm" mb={4}>
        Top keywords
      </Text>
      <TopKeywords accountId={accountId} query={query} category={category.category} linkTo={linkTo} />
    </Paper>
  );
}

/**
 * /dashboard/keywords/categories (docs/product/reviews.md §2, §3, §5): six months by default (the
 * fourteen-day option is hidden in the bar), each category (or the one in `?category=`) with its positive
 * percent, its monthly trend and its top keywords, in the order of the category rank.
 */
export default function KeywordCategoriesRoute() {
  const session = useSignedInSession();
  const { filters, dateDescriptor, carryFilters } = useFilters();
  const query = insightsQuery(filters, { kind: "page", timeZone: session.account.time_zone });
  // Links to the reviews and to a keyword keep this page's period (their own default is thirty days).
  const linkTo = (path: string) => {
    const link = carryFilters(path);
    const [pathPart = "", search = ""] = link.split("?");
    const params = new URLSearchParams(search);
    if (!params.has("dateDescriptor")) params.set("dateDescriptor", dateDescriptor);
    return `${pathPart}?${params.toString()}`;
  };
  const categories = useCategories(session.account_id, query);
  const rank = useCategoryRank(session.account_id, query);
  const ranks = new Map((rank.data?.items ?? []).map((i) => [i.category, i.rank]));
  const list = [...(categories.data?.categories ?? [])].sort(
    (a, b) => (ranks.get(a.category) ?? 99) - (ranks.get(b.category) ?? 99),
  );

  return (
    <>
      <PageHeader
        title="Experience Categories"
        actions={
          <Group gap="md">
            <ExportMenu resource="experience_categories" />
            <Anchor component={Link} to={carryFilters("/dashboard/keywords")} size="sm">
              Back to Keywords
            </Anchor>
          </Group>
        }
      />
      <Stack gap="md">
        {rank.isError && (
          <Text c="red.8" size="sm" role="alert">
            {INSIGHTS_MESSAGES.categoryRankError}
          </Text>
        )}
        {categories.isPending && categories.fetchStatus !== "idle" ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading Experience Categories">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height={280} />
            ))}
          </SimpleGrid>
        ) : categories.isError ? (
          <Text c="red.8" size="sm" role="alert">
            {INSIGHTS_MESSAGES.categoriesError}
          </Text>
        ) : list.length === 0 || list.every((c) => c.total_count === 0) ? (
          <EmptyStatePanel primary="No experience categories mentioned during this period." />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={categories.isFetching}>
            {list.map((c) => (
              <CategoryCard
                key={c.category}
                category={c}
                rank={ranks.get(c.category)}
                accountId={session.account_id}
                query={query}
                linkTo={linkTo}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
