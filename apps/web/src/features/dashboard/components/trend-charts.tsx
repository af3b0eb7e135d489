import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Paper, SimpleGrid, Title } from "@mantine/core";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import { formatRating } from "./metrics-format";

const BUCKET_LABEL: Record<TMetricsOverview["granularity"], Intl.DateTimeFormatOptions> = {
  day: { month: "short", day: "numeric", timeZone: "UTC" },
  week: { month: "short", day: "numeric", timeZone: "UTC" },
  month: { month: "short", year: "2-digit", timeZone: "UTC" },
};

/** Review volume and average rating per day, week or month. */
export function TrendCharts({ overview }: { overview: TMetricsOverview }) {
  const format = new Intl.DateTimeFormat("en-US", BUCKET_LABEL[overview.granularity]);
  const data = overview.timeseries.map((point) => ({
    bucket: format.format(new Date(`${point.date}T00:00:00Z`)),
    Reviews: point.total_reviews,
    "Average rating": point.avg_rating,
  }));
  const per = overview.granularity === "day" ? "day" : overview.granularity === "week" ? "week" : "month";
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="md" component="section" aria-labelledby="volume-title" data-testid="volume-chart">
        <Title order={2} size="h5" mb="sm" id="volume-title">
          Review volume per {per}
        </Title>
        <BarChart h={220} data={data} dataKey="bucket" series={[{ name: "Reviews", color: "indigo.6" }]} tickLine="y" />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="rating-trend-title" data-testid="rating-chart">
        <Title order={2} size="h5" mb="sm" id="rating-trend-title">
          Average rating per {per}
        </Title>
        <LineChart
          h={220}
          data={data}
          dataKey="bucket"
          series={[{ name: "Average rating", color: "yellow.7" }]}
          yAxisProps={{ domain: [1, 5] }}
          valueFormatter={(value) => formatRating(value)}
          connectNulls
          curveType="monotone"
          tickLine="y"
        />
      </Paper>
    </SimpleGrid>
  );
}
