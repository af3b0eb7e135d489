import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function CustomersRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Customers
      </Title>
      <Text size="sm" c="gray.7">
        Customers, uploads with live progress, and the do-not-contact list.
      </Text>
    </Paper>
  );
}
