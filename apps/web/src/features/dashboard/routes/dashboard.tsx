import "@mantine/core/styles/Skeleton.css";
import { Anchor, Group, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { RESPONSE_RATE_EXPLAINED } from "@starboard/contract/review-answered";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ExportMenu } from "../../../components/export/export-menu";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { useFilters } from "../../../lib/filters";
import { useSignedInSession } from "../../../lib/session";
import { useMetricsOverview } from "../api/get-metrics-overview";
import { KpiCard } from "../components/kpi-card";
import { deltaLabel, formatCount, formatDuration, formatPercent, formatRating } from "../components/metrics-format";
import { metricsQuery } from "../components/metrics-query";
import { RatingDistribution } from "../components/rating-distribution";
import { SentimentSplit } from "../components/sentiment-split";

/** The charts are a chunk of their own, loaded only here once the figures are in. */
const TrendCharts = lazy(() => import("../components/trend-charts").then((m) => ({ default: m.TrendCharts })));
const SourcePie = lazy(() => import("../components/source-pie").then((m) => ({ default: m.SourcePie })));

/**
 * /dashboard (docs/product/platform.md §2, §6 METRICS read): the current filters' average rating, volume, response
 * rate and time, rating distribution, trends, sources and sentiment. Every figure links to /reviews
 * with the same filters (the date range included, so the list shows the same period).
 */
export default function DashboardRoute() {
  const session = useSignedInSession();
  const { filters, dateDescriptor, carryFilters } = useFilters();
  const query = metricsQuery(filters, { timeZone: session.account.time_zone });
  const overview = useMetricsOverview(session.account_id, query);
  const linkTo = (extra: string) => carryFilters(`/reviews?dateDescriptor=${dateDescriptor}&${extra}`);
  const data = overview.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <Anchor component={Link} to={carryFilters(`/reviews?dateDescriptor=${dateDescriptor}`)} size="sm">
            See these reviews
          </Anchor>
        }
      />
      <Group justify="flex-end" mb="xs">
        <ExportMenu resource="metric_locations" />
      </Group>
      {overview.isPending ? (
        <Stack role="status" aria-label="Loading metrics" data-testid="dashboard-loading">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height={96} />
            ))}
          </SimpleGrid>
          <Skeleton height={220} />
        </Stack>
      ) : overview.isError && !data ? (
        <QueryError error={overview.error} title="Could not load the metrics" onRetry={() => void overview.refetch()} />
      ) : data ? (
        <Stack gap="md" style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }} aria-busy={overview.isFetching}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <KpiCard
              label="Average rating"
              value={formatRating(data.avg_rating)}
              hint={deltaLabel(data.avg_rating, data.previous_period.avg_rating, 2)}
              testId="kpi-avg-rating"
            />
            <KpiCard
              label="Total reviews"
              value={formatCount(data.total_reviews)}
              hint={deltaLabel(data.total_reviews, data.previous_period.total_reviews)}
              testId="kpi-total-reviews"
            />
            <KpiCard
              label="Response rate"
              value={formatPercent(data.response_rate)}
              hint={`${formatCount(data.answered_reviews)} answered of ${formatCount(data.respondable_reviews)} reviews that can be answered here`}
              title={RESPONSE_RATE_EXPLAINED}
              link={{
                to: linkTo("respondable=true&status=responded"),
                label: "See the answered reviews",
              }}
              testId="kpi-response-rate"
            />
            <KpiCard
              label="Average response time"
              value={formatDuration(data.avg_response_time)}
              testId="kpi-response-time"
            />
          </SimpleGrid>
          <Suspense fallback={<Skeleton height={280} aria-hidden />}>
            <TrendCharts overview={data} />
          </Suspense>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <RatingDistribution ratings={data.ratings} linkTo={linkTo} />
            <Suspense fallback={<Skeleton height={200} aria-hidden />}>
              <SourcePie sources={data.sources} linkTo={linkTo} />
            </Suspense>
            <SentimentSplit sentiment={data.sentiment} linkTo={linkTo} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Anchor
              component={Link}
              to={linkTo("respondable=true&status=not_responded")}
              size="sm"
              data-testid="waiting-link"
            >
              {`Reviews waiting for a response (${formatCount(data.waiting_reviews)})`}
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </>
  );
}
