import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import { Link } from "react-router";
import { PieChart } from "../../../components/charts/pie-chart";
import { formatCount, shareOf } from "./metrics-format";

/** The chart palette of five colours (docs/product/platform.md §9): the top four sources and Other. */
export const CHART_PALETTE = ["indigo.6", "teal.6", "orange.6", "grape.6", "gray.5"] as const;

/** The review source pie: the top 4 sources plus Other (docs/product/reviews.md §9). */
export function SourcePie({
  sources,
  linkTo,
}: {
  sources: TMetricsOverview["sources"];
  linkTo: (query: string) => string;
}) {
  const total = sources.reduce((sum, s) => sum + s.count, 0);
  const data = sources.map((s, i) => ({
    name: s.name,
    value: s.count,
    color: s.source_id ? (CHART_PALETTE[i] ?? "gray.5") : "gray.5",
  }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="source-pie-title" data-testid="source-pie">
      <Title order={2} size="h5" mb="sm" id="source-pie-title">
        Reviews by source
      </Title>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          No reviews in this period.
        </Text>
      ) : (
        <Group align="center" wrap="nowrap" gap="lg">
          <PieChart
            data={data}
            size={140}
            label={data.map((d) => `${d.name} ${shareOf(d.value, total)}%`).join(", ")}
          />
          <Stack gap={4}>
            {sources.map((s, i) => {
              const text = `${s.name}: ${formatCount(s.count)} (${shareOf(s.count, total)}%)`;
              return (
                <Group key={s.source_id ?? "other"} gap="xs" wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      flex: "none",
                      background: `var(--mantine-color-${(data[i]?.color ?? "gray.5").replace(".", "-")})`,
                    }}
                  />
                  {s.source_id ? (
                    <Anchor component={Link} to={linkTo(`sourceId=${s.source_id}`)} size="sm">
                      {text}
                    </Anchor>
                  ) : (
                    <Text size="sm">{text}</Text>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
