import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function RequestOverviewRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Overview
      </Title>
      <Text size="sm" c="gray.7">
        The funnel from sent to completed, and reviews by source and location.
      </Text>
    </Paper>
  );
}
