import { Paper, SimpleGrid, Title } from "@mantine/core";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import { SeriesChart } from "../../../components/charts/series-chart";
import { formatRating } from "./metrics-format";

const BUCKET_LABEL: Record<TMetricsOverview["granularity"], Intl.DateTimeFormatOptions> = {
  day: { month: "short", day: "numeric", timeZone: "UTC" },
  week: { month: "short", day: "numeric", timeZone: "UTC" },
  month: { month: "short", year: "2-digit", timeZone: "UTC" },
};

/** Review volume and average rating per day, week or month. */
export function TrendCharts({ overview }: { overview: TMetricsOverview }) {
  const format = new Intl.DateTimeFormat("en-US", BUCKET_LABEL[overview.granularity]);
  const label = (date: string) => format.format(new Date(`${date}T00:00:00Z`));
  const per = overview.granularity === "day" ? "day" : overview.granularity === "week" ? "week" : "month";
  // A first or last week (month) cut by the dates is marked, so its smaller count does not read as a drop.
  const mark = (p: TMetricsOverview["timeseries"][number]) =>
    p.partial ? { partial: true, partialNote: `${p.days} ${p.days === 1 ? "day" : "days"} of the ${per}` } : {};
  const volume = overview.timeseries.map((p) => ({ label: label(p.date), value: p.total_reviews, ...mark(p) }));
  const rating = overview.timeseries.map((p) => ({ label: label(p.date), value: p.avg_rating, ...mark(p) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="md" component="section" aria-labelledby="volume-title" data-testid="volume-chart">
        <Title order={2} size="h5" mb="sm" id="volume-title">
          Review volume per {per}
        </Title>
        <SeriesChart kind="bar" data={volume} height={220} color="indigo.6" label={`Reviews per ${per}`} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="rating-trend-title" data-testid="rating-chart">
        <Title order={2} size="h5" mb="sm" id="rating-trend-title">
          Average rating per {per}
        </Title>
        <SeriesChart
          kind="line"
          data={rating}
          height={220}
          color="yellow.7"
          label={`Average rating per ${per}`}
          domain={[1, 5]}
          format={(value) => formatRating(value)}
        />
      </Paper>
    </SimpleGrid>
  );
}
