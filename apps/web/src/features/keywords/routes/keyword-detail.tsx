import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Table.css";
import { Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { reviewCategoryLabel } from "@starboard/contract/review-filter";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { ExportMenu } from "../../../components/export/export-menu";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { Pager, useUrlPage } from "../../../components/shell/table-states";
import { useFilters } from "../../../lib/filters";
import { useSignedInSession } from "../../../lib/session";
import { useKeywordDetails, useKeywordReviews } from "../api/insights";
import { HighlightedText } from "../components/highlighted-text";
import { changeText, exportFiltersOf, insightsQuery, monthLabel } from "../components/insights-query";

const SeriesChart = lazy(() =>
  import("../../../components/charts/series-chart").then((m) => ({ default: m.SeriesChart })),
);

const PER_PAGE = 10;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * /dashboard/keywords/{keyword} (docs/product/reviews.md §2, §3): the keyword's mentions over time (the
 * monthly rows {x, y, y1, y2, dy} as a chart and a table with the percent change), its sentiment split,
 * and the reviews that mention it with the keyword highlighted. Sentiment and filters come in the query.
 */
export default function KeywordDetailRoute() {
  const session = useSignedInSession();
  const keyword = useParams().keyword ?? "";
  const { filters, dateDescriptor, carryFilters } = useFilters();
  const [page, setPage] = useUrlPage();
  const query = {
    ...insightsQuery(filters, { kind: "keywords", timeZone: session.account.time_zone, withSentiment: true }),
    keyword,
  };
  const details = useKeywordDetails(session.account_id, query);
  const reviews = useKeywordReviews(session.account_id, { ...query, page, per_page: PER_PAGE });
  const d = details.data;
  const total = d ? d.positive_mentions + d.negative_mentions : 0;
  const sentimentLabel =
    filters.sentiment === "positive" ? "positive" : filters.sentiment === "negative" ? "negative" : null;

  return (
    <>
      <PageHeader
        title={keyword}
        actions={
          <Group gap="md">
            <ExportMenu
              resource="keyword_details"
              filters={exportFiltersOf(filters, dateDescriptor, { keyword, resource_id: keyword })}
            />
            <Anchor component={Link} to={carryFilters("/dashboard/keywords")} size="sm">
              Back to Keywords
            </Anchor>
            <Anchor
              component={Link}
              to={carryFilters(`/reviews?search_terms=${encodeURIComponent(keyword)}`)}
              size="sm"
              data-testid="search-reviews-link"
            >
              {`Search all reviews for “${keyword}”`}
            </Anchor>
          </Group>
        }
      />
      <Stack gap="md">
        {details.isPending ? (
          <Stack role="status" aria-label="Loading the keyword">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {[1, 2, 3].map((n) => (
                <Skeleton key={n} height={88} />
              ))}
            </SimpleGrid>
            <Skeleton height={220} />
          </Stack>
        ) : details.isError && !d ? (
          <QueryError error={details.error} title="Could not load the keyword" onRetry={() => void details.refetch()} />
        ) : d ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Paper withBorder p="md">
                <Text size="sm" c="dimmed">
                  Category
                </Text>
                <Text size="xl" fw={700}>
                  {d.category ? reviewCategoryLabel(d.category) : "–"}
                </Text>
              </Paper>
              <Paper withBorder p="md" component="section" aria-labelledby="sentiment-split-title">
                <Text size="sm" c="dimmed" id="sentiment-split-title">
                  Sentiment
                </Text>
                <Progress.Root size="lg" my={6} aria-hidden>
                  <Progress.Section value={share(d.positive_mentions, total)} color="teal.7" />
                  <Progress.Section value={share(d.negative_mentions, total)} color="red.7" />
                </Progress.Root>
                <Group gap="md" data-testid="sentiment-split">
                  <Text size="sm">{`Positive: ${d.positive_mentions} (${share(d.positive_mentions, total)}%)`}</Text>
                  <Text size="sm">{`Negative: ${d.negative_mentions} (${share(d.negative_mentions, total)}%)`}</Text>
                </Group>
              </Paper>
              <Paper withBorder p="md">
                <Text size="sm" c="dimmed">
                  Mentions
                </Text>
                <Text size="xl" fw={700} data-testid="keyword-mentions">
                  {total}
                </Text>
                {sentimentLabel && (
                  <Text size="xs" c="dimmed">{`Only ${sentimentLabel} mentions (from the filters)`}</Text>
                )}
              </Paper>
            </SimpleGrid>
            <Paper withBorder p="md" component="section" aria-labelledby="mentions-over-time-title">
              <Title order={2} size="h4" mb="sm" id="mentions-over-time-title">
                Mentions over time
              </Title>
              <Suspense fallback={<Skeleton height={200} aria-hidden />}>
                <SeriesChart
                  kind="bar"
                  height={200}
                  color="indigo.6"
                  label={`Mentions of ${keyword} per month`}
                  data={d.metrics.map((m) => ({ label: monthLabel(m.x), value: m.y }))}
                />
              </Suspense>
              <Table.ScrollContainer minWidth={420}>
                <Table mt="sm" data-testid="keyword-metrics">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Month</Table.Th>
                      <Table.Th>Mentions</Table.Th>
                      <Table.Th>Positive</Table.Th>
                      <Table.Th>Negative</Table.Th>
                      <Table.Th>Change</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.metrics.map((m) => (
                      <Table.Tr key={m.x}>
                        <Table.Td>{monthLabel(m.x)}</Table.Td>
                        <Table.Td>{m.y}</Table.Td>
                        <Table.Td>{m.y1}</Table.Td>
                        <Table.Td>{m.y2}</Table.Td>
                        <Table.Td>{changeText(m.dy)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </>
        ) : null}
        <Paper withBorder p="md" component="section" aria-labelledby="keyword-reviews-title">
          <Title order={2} size="h4" mb="sm" id="keyword-reviews-title">
            {`Reviews that mention “${keyword}”`}
          </Title>
          {reviews.isPending ? (
            <Stack role="status" aria-label="Loading the reviews" gap="xs">
              {[1, 2, 3].map((n) => (
                <Skeleton key={n} height={64} />
              ))}
            </Stack>
          ) : reviews.isError && !reviews.data ? (
            <QueryError
              error={reviews.error}
              title="Could not load the reviews"
              onRetry={() => void reviews.refetch()}
            />
          ) : reviews.data && reviews.data._embedded.reviews.length === 0 ? (
            <EmptyStatePanel primary="No reviews mention this keyword during this period." />
          ) : reviews.data ? (
            <Stack gap="sm" aria-busy={reviews.isFetching} data-testid="keyword-reviews">
              <Text
                size="sm"
                c="dimmed"
              >{`${reviews.data._total} ${reviews.data._total === 1 ? "review" : "reviews"}`}</Text>
              {reviews.data._embedded.reviews.map((r) => (
                <Paper key={r.id} withBorder p="sm" data-testid="keyword-review">
                  <Group justify="space-between" mb={4} wrap="wrap">
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {r.author_name ?? "Anonymous"}
                      </Text>
                      {r.rating !== null && r.rating > 0 && <Text size="sm">{`${r.rating} Star`}</Text>}
                      <Text
                        size="xs"
                        fw={700}
                        tt="uppercase"
                        c={r.sentiment === "positive" ? "teal.9" : r.sentiment === "negative" ? "red.9" : "gray.8"}
                        data-testid="keyword-review-sentiment"
                      >
                        {r.sentiment}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {[r.location_name, r.source_name, new Date(r.published_at).toLocaleDateString("en-US")]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </Group>
                  {r.title && (
                    <HighlightedText
                      text={r.title}
                      highlights={r.highlights.filter((h) => h.field === "title")}
                      fw={600}
                    />
                  )}
                  {r.content && (
                    <HighlightedText text={r.content} highlights={r.highlights.filter((h) => h.field === "content")} />
                  )}
                  <Anchor component={Link} to={`/reviews/${r.id}`} size="sm" mt={4} display="inline-block">
                    Open review
                  </Anchor>
                </Paper>
              ))}
              <Pager page={page} total={reviews.data._total_pages} onChange={setPage} />
            </Stack>
          ) : null}
        </Paper>
      </Stack>
    </>
  );
}
