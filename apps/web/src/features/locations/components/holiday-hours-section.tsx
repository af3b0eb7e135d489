import "@mantine/core/styles/Table.css";
import { ActionIcon, Button, Collapse, Group, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { IconChevronDown, IconChevronRight, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createSpecialHours, deleteSpecialHours, specialHoursKey, useSpecialHours } from "../api/special-hours";
import { formatHolidayDate, holidayPayload, type THolidayEntry } from "../hours/holidays.ts";
import { formatDay } from "../hours/week.ts";
import { HolidayModal } from "./holiday-modal.tsx";

/** Holiday changes queued until the location is saved: new entries, and saved ones to delete. */
export type THolidayChanges = { added: THolidayEntry[]; removed: string[] };

/** Writes the queued holiday changes: deletes, then one POST per dated entry. Throws on the first failure. */
export async function saveHolidayChanges(location: TLocation, changes: THolidayChanges): Promise<void> {
  for (const id of changes.removed) await deleteSpecialHours(id);
  for (const entry of changes.added) {
    const body = holidayPayload(entry);
    if (body) await createSpecialHours(location.id, body);
  }
}

export const describeHoliday = (e: Pick<THolidayEntry, "closed" | "is_24_hours" | "hours">) =>
  e.closed ? "Closed" : formatDay({ open: true, is_24_hours: e.is_24_hours, hours: e.hours });

/**
 * Holiday hours in the form (§4): collapsed by default; expanding loads the special hours; removing a saved entry
 * queues its deletion for the save; removing a new entry drops it.
 */
export function HolidayHoursSection({
  location,
  changes,
  onChange,
  disabled,
}: {
  location: TLocation;
  changes: THolidayChanges;
  onChange: (next: THolidayChanges) => void;
  disabled?: boolean;
}) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse again when the location changes
  useEffect(() => setOpen(false), [location.id]);
  const saved = useSpecialHours(location.id, open);
  useEffect(() => {
    if (open) void qc.invalidateQueries({ queryKey: specialHoursKey(location.id) });
  }, [open, qc, location.id]);

  const kept = (saved.data ?? []).filter((e) => !changes.removed.includes(e.id));
  const rows: (THolidayEntry & { isNew: boolean })[] = [
    ...kept.map((e) => ({ ...e, isNew: false })),
    ...changes.added.map((e) => ({ ...e, isNew: true })),
  ].sort((a, b) => (a.start_date ?? "").localeCompare(b.start_date ?? ""));

  return (
    <section aria-labelledby="holiday-hours-heading">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="holiday-hours-body">
        <Group gap="xs">
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          <Title order={2} size="h4" id="holiday-hours-heading">
            Holiday Hours
          </Title>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="holiday-hours-body">
        <Stack gap="sm" mt="sm">
          {saved.isPending ? (
            <Text size="sm">Loading holiday hours...</Text>
          ) : saved.isError ? (
            <Text size="sm" c="red.8" role="alert">
              There was an error fetching special hours
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm" c="gray.7">
              You have no Holiday Hours set.
            </Text>
          ) : (
            <Table aria-label="Holiday hours" data-testid="holiday-hours-table">
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td w={120}>{row.start_date ? formatHolidayDate(row.start_date) : ""}</Table.Td>
                    <Table.Td>{describeHoliday(row)}</Table.Td>
                    <Table.Td w={48}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={disabled}
                        aria-label={`Remove holiday hours ${row.start_date ? formatHolidayDate(row.start_date) : ""}`}
                        onClick={() =>
                          onChange(
                            row.isNew
                              ? { ...changes, added: changes.added.filter((e) => e.id !== row.id) }
                              : { ...changes, removed: [...changes.removed, row.id] },
                          )
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Button variant="light" w="fit-content" onClick={() => setModal(true)} disabled={disabled || saved.isPending}>
            Add Holiday Hours
          </Button>
        </Stack>
      </Collapse>
      <HolidayModal
        opened={modal}
        existingDates={rows.map((r) => r.start_date).filter((d): d is string => Boolean(d))}
        onClose={() => setModal(false)}
        onSubmit={(entries) => {
          onChange({ ...changes, added: [...changes.added, ...entries] });
          setModal(false);
        }}
      />
    </section>
  );
}
