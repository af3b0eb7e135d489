import { Group, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconClock, IconRefresh } from "@tabler/icons-react";

const ICONS = {
  done: { Icon: IconCircleCheck, color: "var(--mantine-color-green-8)" },
  changed: { Icon: IconRefresh, color: "var(--mantine-color-blue-8)" },
  failed: { Icon: IconAlertCircle, color: "var(--mantine-color-red-8)" },
  waiting: { Icon: IconClock, color: "var(--mantine-color-gray-7)" },
} as const;

/** A result as an icon (its color) and a word in the text color (readable on any background). */
export function StatusText({ kind, label, testId }: { kind: keyof typeof ICONS; label: string; testId?: string }) {
  const { Icon, color } = ICONS[kind];
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Icon size={16} color={color} aria-hidden />
      <Text size="sm" fw={600} span>
        {label}
      </Text>
    </Group>
  );
}
