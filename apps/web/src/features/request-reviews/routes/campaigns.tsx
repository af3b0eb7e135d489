import { Paper, Text, Title } from "@mantine/core";

/** Placeholder: replaced by the section's screen. */
export default function CampaignsRoute() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
      <Title order={2} size="h3">
        Campaigns
      </Title>
      <Text size="sm" c="gray.7">
        Campaigns: create with a preview as sent, and each recipient's status.
      </Text>
    </Paper>
  );
}
