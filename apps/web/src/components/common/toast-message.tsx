import { Anchor, Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

export type ToastMessageProps = {
  message: ReactNode;
  action: { text: string; href?: string; click?: () => void };
  onClose: () => void;
};

/** A toast's message with its action: a link when it has an href, otherwise a button that also closes the toast. */
export function ToastMessage({ message, action, onClose }: ToastMessageProps) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm">{message}</Text>
      {action.href ? (
        <Anchor href={action.href} size="sm" onClick={action.click}>
          {action.text}
        </Anchor>
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            action.click?.();
            onClose();
          }}
        >
          {action.text}
        </Button>
      )}
    </Group>
  );
}
