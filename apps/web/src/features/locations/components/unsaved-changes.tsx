import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Paper, Text } from "@mantine/core";
import { useEffect } from "react";

/** Warns before the page unloads while there are unsaved changes. */
export function useUnloadGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", guard);
    return () => window.removeEventListener("beforeunload", guard);
  }, [dirty]);
}

/** The unsaved-changes modal (docs/product/locations.md §2 "Modals and bars"). */
export function UnsavedChangesModal({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved changes" centered>
      <Text size="sm" mb="md">
        You have unsaved changes. If you leave now, they will be lost.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          Keep Editing
        </Button>
        <Button color="red" onClick={onLeave}>
          Discard Changes
        </Button>
      </Group>
    </Modal>
  );
}

/** The "Exit and lose work?" bar shown when a guarded modal is closed (§4 "Modal and lightbox"). */
export function ExitBar({ onKeep, onExit }: { onKeep: () => void; onExit: () => void }) {
  return (
    <Paper withBorder p="sm" bg="yellow.0" role="alertdialog" aria-label="Exit and lose work?">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Exit and lose work?
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onKeep}>
            Keep Editing
          </Button>
          <Button size="xs" color="red" onClick={onExit}>
            Exit
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
