import { Paper, Stack, Text } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { PageHeader } from "./page-header";

/**
 * An honest stand-in for a page that later work builds: it names what will be here, inside
 * the real layout, so navigation, gating and redirects can be used and tested today.
 */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md" data-testid="placeholder-page">
        <Stack gap="xs" align="flex-start">
          <IconTools aria-hidden size={28} stroke={1.5} />
          <Text fw={600}>This page is not built yet.</Text>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
