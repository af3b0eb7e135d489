import "@mantine/core/styles/Table.css";
import { ActionIcon, Button, Collapse, Group, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { IconChevronDown, IconChevronRight, IconPencil, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  createSpecialHours,
  deleteSpecialHours,
  specialHoursKey,
  updateSpecialHours,
  useSpecialHours,
} from "../api/special-hours";
import { checkHolidays, formatHolidayDate, holidayPayload, type THolidayEntry } from "../hours/holidays.ts";
import { formatDay } from "../hours/week.ts";
import { HolidayModal } from "./holiday-modal.tsx";
import { HolidayRow } from "./holiday-rows.tsx";

/** Holiday changes queued until the location is saved: new entries, saved ones changed in place, and saved ones to delete. */
export type THolidayChanges = { added: THolidayEntry[]; updated: THolidayEntry[]; removed: string[] };
export const noHolidayChanges = (): THolidayChanges => ({ added: [], updated: [], removed: [] });

/** Whether the save writes any dated entry (the override confirmation comes first). */
export const writesHolidayDates = (changes: THolidayChanges) =>
  [...changes.added, ...changes.updated].some((e) => e.start_date);

/** Writes the queued holiday changes: deletes, then one PATCH per changed entry, then one POST per dated new entry. Throws on the first failure. */
export async function saveHolidayChanges(location: TLocation, changes: THolidayChanges): Promise<void> {
  for (const id of changes.removed) await deleteSpecialHours(id);
  for (const entry of changes.updated) {
    const body = holidayPayload(entry);
    if (body) await updateSpecialHours(entry.id, body);
  }
  for (const entry of changes.added) {
    const body = holidayPayload(entry);
    if (body) await createSpecialHours(location.id, body);
  }
}

export const describeHoliday = (e: Pick<THolidayEntry, "closed" | "is_24_hours" | "hours">) =>
  e.closed ? "Closed" : formatDay({ open: true, is_24_hours: e.is_24_hours, hours: e.hours });

type TRow = THolidayEntry & { isNew: boolean };

/**
 * Holiday hours in the form (§4): collapsed by default; expanding loads the special hours; removing a saved entry
 * queues its deletion for the save; removing a new entry drops it. A row can be edited in place (the rules of the
 * Add Holiday Hours modal; Escape cancels); a saved row's change is queued and written with PATCH on save.
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
  const [editingId, setEditingId] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse again when the location changes
  useEffect(() => {
    setOpen(false);
    setEditingId(null);
  }, [location.id]);
  const saved = useSpecialHours(location.id, open);
  useEffect(() => {
    if (open) void qc.invalidateQueries({ queryKey: specialHoursKey(location.id) });
  }, [open, qc, location.id]);

  const kept = (saved.data ?? [])
    .filter((e) => !changes.removed.includes(e.id))
    .map((e) => changes.updated.find((u) => u.id === e.id) ?? e);
  const rows: TRow[] = [
    ...kept.map((e) => ({ ...e, isNew: false })),
    ...changes.added.map((e) => ({ ...e, isNew: true })),
  ].sort((a, b) => (a.start_date ?? "").localeCompare(b.start_date ?? ""));

  const apply = (row: TRow, next: THolidayEntry) => {
    onChange(
      row.isNew
        ? { ...changes, added: changes.added.map((e) => (e.id === row.id ? next : e)) }
        : { ...changes, updated: [...changes.updated.filter((e) => e.id !== row.id), next] },
    );
    setEditingId(null);
  };

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
                {rows.map((row) =>
                  row.id === editingId ? (
                    <Table.Tr key={row.id} data-testid="holiday-row-editing">
                      <Table.Td colSpan={3}>
                        <HolidayRowEditor
                          row={row}
                          otherDates={rows
                            .filter((r) => r.id !== row.id)
                            .map((r) => r.start_date)
                            .filter((d): d is string => Boolean(d))}
                          onCancel={() => setEditingId(null)}
                          onApply={(next) => apply(row, next)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    <Table.Tr key={row.id}>
                      <Table.Td w={120}>{row.start_date ? formatHolidayDate(row.start_date) : ""}</Table.Td>
                      <Table.Td>{describeHoliday(row)}</Table.Td>
                      <Table.Td w={84}>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={disabled || editingId !== null}
                            aria-label={`Edit holiday hours ${row.start_date ? formatHolidayDate(row.start_date) : ""}`}
                            data-holiday-edit={row.id}
                            onClick={() => setEditingId(row.id)}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={disabled || editingId !== null}
                            aria-label={`Remove holiday hours ${row.start_date ? formatHolidayDate(row.start_date) : ""}`}
                            onClick={() =>
                              onChange(
                                row.isNew
                                  ? { ...changes, added: changes.added.filter((e) => e.id !== row.id) }
                                  : {
                                      ...changes,
                                      updated: changes.updated.filter((e) => e.id !== row.id),
                                      removed: [...changes.removed, row.id],
                                    },
                              )
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          )}
          <Button
            variant="light"
            w="fit-content"
            onClick={() => setModal(true)}
            disabled={disabled || saved.isPending || editingId !== null}
          >
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

/** The field's picker (date calendar, time list) is open: Escape closes it before it cancels the edit. */
const pickerOpen = (target: EventTarget) => (target as HTMLElement).getAttribute?.("aria-expanded") === "true";

/**
 * One holiday row edited in place: the modal's row (date, Closed, Open 24 hours, ranges) with its rules and warnings,
 * Done to keep the change for the save, Cancel or Escape to drop it. Focus moves in, and back to the row's Edit button.
 */
function HolidayRowEditor({
  row,
  otherDates,
  onCancel,
  onApply,
}: {
  row: TRow;
  otherDates: string[];
  onCancel: () => void;
  onApply: (next: THolidayEntry) => void;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  const [draft, setDraft] = useState<THolidayEntry>(() => ({
    id: row.id,
    start_date: row.start_date,
    closed: row.closed,
    is_24_hours: row.is_24_hours,
    hours: row.hours.length > 0 ? row.hours : [{ open_time: "", close_time: "" }],
  }));
  const [attempted, setAttempted] = useState(false);
  const check = checkHolidays([draft], new Date(), otherDates);
  const error = check.errors[draft.id];

  useEffect(() => {
    box.current?.querySelector<HTMLElement>("input")?.focus();
    const id = row.id;
    return () => {
      // Back to the row's Edit button once the row is shown again.
      setTimeout(() => document.querySelector<HTMLElement>(`[data-holiday-edit="${CSS.escape(id)}"]`)?.focus(), 0);
    };
  }, [row.id]);

  const done = () => {
    setAttempted(true);
    if (error) return;
    onApply(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.key !== "Escape" || pickerOpen(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    onCancel();
  };

  return (
    // Escape anywhere in the row cancels its edit.
    <fieldset
      ref={box}
      onKeyDown={onKeyDown}
      aria-label="Edit holiday hours"
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Stack gap="xs">
        <HolidayRow
          entry={draft}
          index={0}
          error={attempted || draft.start_date ? error : undefined}
          warning={check.warnings[draft.id]}
          onChange={setDraft}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" onClick={done}>
            Done
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}
