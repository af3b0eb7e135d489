import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "./page-header";

/**
 * An honest stand-in for a page that later work builds: it names what will be here, inside
 * the real layout, so navigation, gating and redirects can be used and tested today.
 */
export function PlaceholderPage({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  /** A way back, for a screen reached from another one (e.g. settings). */
  back?: { to: string; label: string };
}) {
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
          {back ? (
            <Anchor component={Link} to={back.to} size="sm">
              {back.label}
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
