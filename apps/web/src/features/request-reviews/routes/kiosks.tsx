import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function KiosksRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Kiosks
      </Title>
      <Text size="sm" c="gray.7">
        Kiosk pages for shared tablets.
      </Text>
    </Paper>
  );
}
