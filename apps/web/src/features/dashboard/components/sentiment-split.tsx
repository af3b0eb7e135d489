import { Anchor, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import { Link } from "react-router";
import { formatCount, shareOf } from "./metrics-format";

/** Positive, neutral and negative reviews; positive and negative link to /reviews with sentiment 1 / -1. */
export function SentimentSplit({
  sentiment,
  linkTo,
}: {
  sentiment: TMetricsOverview["sentiment"];
  linkTo: (query: string) => string;
}) {
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  const parts = [
    { key: "positive", label: "Positive", value: sentiment.positive, color: "teal.7", query: "sentiment=1" },
    { key: "neutral", label: "Neutral", value: sentiment.neutral, color: "gray.5", query: null },
    { key: "negative", label: "Negative", value: sentiment.negative, color: "red.7", query: "sentiment=-1" },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sentiment-title" data-testid="sentiment-split">
      <Title order={2} size="h5" mb="sm" id="sentiment-title">
        Sentiment
      </Title>
      <Progress.Root size="xl" aria-hidden>
        {parts.map((part) => (
          <Progress.Section key={part.key} value={shareOf(part.value, total)} color={part.color} />
        ))}
      </Progress.Root>
      <Stack gap={4} mt="sm">
        {parts.map((part) => {
          const text = `${part.label}: ${formatCount(part.value)} (${shareOf(part.value, total)}%)`;
          return (
            <Group key={part.key} gap="xs">
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: `var(--mantine-color-${part.color.replace(".", "-")})`,
                }}
              />
              {part.query ? (
                <Anchor component={Link} to={linkTo(part.query)} size="sm">
                  {text}
                </Anchor>
              ) : (
                <Text size="sm">{text}</Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
