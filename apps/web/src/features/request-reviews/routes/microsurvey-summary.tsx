import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function MicrosurveySummaryRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Microsurvey summary
      </Title>
      <Text size="sm" c="gray.7">
        Each question's results, NPS and the star average.
      </Text>
    </Paper>
  );
}
