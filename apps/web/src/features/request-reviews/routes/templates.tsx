import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function RequestTemplatesRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Templates
      </Title>
      <Text size="sm" c="gray.7">
        E-mail and SMS request templates.
      </Text>
    </Paper>
  );
}
