import { Anchor, Group, Paper, Progress, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { TMetricsOverview } from "@starboard/contract/metrics";
import { Link } from "react-router";
import { formatCount, shareOf } from "./metrics-format";

const STARS = ["5", "4", "3", "2", "1"] as const;

/** Rating distribution as bars; each bar opens /reviews with that rating and the current filters. */
export function RatingDistribution({
  ratings,
  linkTo,
}: {
  ratings: TMetricsOverview["ratings"];
  linkTo: (query: string) => string;
}) {
  const total = STARS.reduce((sum, star) => sum + ratings[star], 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rating-distribution-title">
      <Title order={2} size="h5" mb="sm" id="rating-distribution-title">
        Rating distribution
      </Title>
      <Stack gap={8} data-testid="rating-distribution">
        {STARS.map((star) => (
          <Anchor
            key={star}
            component={Link}
            to={linkTo(`rating=${star}`)}
            underline="never"
            c="inherit"
            data-testid={`rating-bar-${star}`}
          >
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" w={52}>
                {star} Star
              </Text>
              <Progress
                value={shareOf(ratings[star], total)}
                color="yellow.6"
                size="lg"
                style={{ flex: 1 }}
                aria-hidden
              />
              <Text size="sm" w={64} ta="right">
                {formatCount(ratings[star])}
              </Text>
              <VisuallyHidden>reviews, {shareOf(ratings[star], total)}%</VisuallyHidden>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
