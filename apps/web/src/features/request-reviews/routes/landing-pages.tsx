import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function LandingPagesRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Landing pages
      </Title>
      <Text size="sm" c="gray.7">
        The public landing pages of each location, and the account's request page.
      </Text>
    </Paper>
  );
}
