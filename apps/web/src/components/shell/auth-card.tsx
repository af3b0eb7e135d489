import "@mantine/core/styles/Center.css";
import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";

/** The centred card every signed-out page uses. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Starboard`;
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="md">
        <Text fw={800} fz="xl" ta="center" c="indigo.8">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Starboard home">
            ★ Starboard
          </Anchor>
        </Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} size="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
