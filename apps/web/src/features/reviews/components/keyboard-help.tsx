import "@mantine/core/styles/Kbd.css";
import "@mantine/core/styles/Table.css";
import { Button, Collapse, Group, Kbd, Paper, Table, Text } from "@mantine/core";
import { IconKeyboard } from "@tabler/icons-react";
import { useId } from "react";
import { REVIEW_SHORTCUTS } from "./use-review-keyboard";

/** The visible "Keyboard shortcuts" help of the review list. */
export function KeyboardHelpButton({
  opened,
  onToggle,
  controls,
}: {
  opened: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconKeyboard size={16} aria-hidden />}
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
      aria-keyshortcuts="?"
    >
      Keyboard shortcuts
    </Button>
  );
}

export function KeyboardHelp({ opened, id }: { opened: boolean; id: string }) {
  const headingId = useId();
  return (
    <Collapse expanded={opened} id={id}>
      <Paper withBorder p="sm" mb="md" component="section" aria-labelledby={headingId} data-testid="keyboard-help">
        <Text fw={600} size="sm" id={headingId} mb="xs">
          Keyboard shortcuts
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {REVIEW_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.action}>
                <Table.Td w={120}>
                  <Group gap={4}>
                    {shortcut.keys.map((key) => (
                      <Kbd key={key} size="xs">
                        {key}
                      </Kbd>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{shortcut.action}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Collapse>
  );
}
