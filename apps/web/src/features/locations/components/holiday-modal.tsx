import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Modal.css";
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { checkHolidays, HOLIDAY_MESSAGES, newHolidayEntry, type THolidayEntry } from "../hours/holidays.ts";
import { HolidayRow } from "./holiday-rows.tsx";
import { ExitBar } from "./unsaved-changes.tsx";

/** The Add Holiday Hours modal's width (docs/product/locations.md §2). */
export const HOLIDAY_MODAL_WIDTH = 800;
export const HOLIDAY_OVERRIDE_WARNING =
  "Adding these holiday hours will override any hours already set for these dates.";

/**
 * Add Holiday Hours (§4 "Holiday hours", §5 "Holiday dates"): the rules show per row; errors block. The first Confirm
 * shows the override warning and the button becomes 'Continue anyway'; the second submits the dated entries.
 * Closing with changes shows the "Exit and lose work?" bar.
 */
export function HolidayModal({
  opened,
  existingDates,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** Dates already set for the location (a date cannot be duplicated). */
  existingDates: string[];
  onClose: () => void;
  onSubmit: (entries: THolidayEntry[]) => void;
}) {
  const [entries, setEntries] = useState<THolidayEntry[]>(() => [newHolidayEntry()]);
  const [attempted, setAttempted] = useState(false);
  const [warned, setWarned] = useState(false);
  const [exitBar, setExitBar] = useState(false);
  const check = checkHolidays(entries, new Date(), existingDates);
  const hasErrors = Object.keys(check.errors).length > 0;
  const dirty = entries.some((e) => e.start_date) || entries.length > 1;

  const reset = () => {
    setEntries([newHolidayEntry()]);
    setAttempted(false);
    setWarned(false);
    setExitBar(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const requestClose = () => (dirty ? setExitBar(true) : close());
  const update = (next: THolidayEntry[]) => {
    setEntries(next);
    setWarned(false);
  };

  const confirm = () => {
    setAttempted(true);
    if (hasErrors) return;
    if (!warned) {
      setWarned(true);
      return;
    }
    onSubmit(entries.filter((e) => e.start_date));
    reset();
  };

  return (
    <Modal opened={opened} onClose={requestClose} title="Add Holiday Hours" size={HOLIDAY_MODAL_WIDTH} centered>
      <Stack>
        {exitBar && <ExitBar onKeep={() => setExitBar(false)} onExit={close} />}
        <ScrollArea.Autosize mah={450}>
          <Stack gap="sm">
            {entries.map((entry, i) => (
              <HolidayRow
                key={entry.id}
                entry={entry}
                index={i}
                error={attempted || entry.start_date ? check.errors[entry.id] : undefined}
                warning={check.warnings[entry.id]}
                onChange={(next) => update(entries.map((e) => (e.id === entry.id ? next : e)))}
                onRemove={entries.length > 1 ? () => update(entries.filter((e) => e.id !== entry.id)) : undefined}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => update([...entries, newHolidayEntry()])}
        >
          Add another date
        </Button>
        {check.streak && (
          <Alert color="yellow">
            <Text size="sm">{HOLIDAY_MESSAGES.closedStreak}</Text>
          </Alert>
        )}
        {warned && !hasErrors && (
          <Alert color="orange" role="alert" data-testid="holiday-override-warning">
            <Text size="sm">{HOLIDAY_OVERRIDE_WARNING}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={confirm}>{warned ? "Continue anyway" : "Confirm"}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
