import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function MicrosurveysRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Microsurveys
      </Title>
      <Text size="sm" c="gray.7">
        Microsurveys and their questions.
      </Text>
    </Paper>
  );
}
