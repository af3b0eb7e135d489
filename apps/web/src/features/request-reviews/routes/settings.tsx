import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function RequestSettingsRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Sending settings
      </Title>
      <Text size="sm" c="gray.7">
        Quiet hours and how often a customer may be asked.
      </Text>
    </Paper>
  );
}
