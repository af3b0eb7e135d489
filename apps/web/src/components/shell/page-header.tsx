import { Group, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";

/** The page title (h1) and the document title, with optional actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Starboard`;
  }, [title]);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
