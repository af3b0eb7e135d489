import { Anchor, Paper, Text } from "@mantine/core";
import { Link } from "react-router";

/** One headline number of the dashboard; `title` says what it counts, `link` opens the reviews behind it. */
export function KpiCard({
  label,
  value,
  hint,
  title,
  link,
  testId,
}: {
  label: string;
  value: string;
  hint?: string | null;
  title?: string;
  link?: { to: string; label: string };
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-hint`}>
          {hint}
        </Text>
      )}
      {title && (
        <Text size="xs" c="dimmed">
          {title}
        </Text>
      )}
      {link && (
        <Anchor component={Link} to={link.to} size="xs" data-testid={`${testId}-link`}>
          {link.label}
        </Anchor>
      )}
    </Paper>
  );
}
