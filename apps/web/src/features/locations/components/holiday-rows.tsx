import "@mantine/core/styles/Alert.css";
import "@mantine/dates/styles.css";
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import dayjs from "dayjs";
import { parseDateEntry, type THolidayEntry } from "../hours/holidays.ts";
import { TimeField } from "./time-field.tsx";

/** One row of the Add Holiday Hours modal: date, Closed, Open 24 hours, time ranges; its error and warning. */
export function HolidayRow({
  entry,
  index,
  error,
  warning,
  onChange,
  onRemove,
}: {
  entry: THolidayEntry;
  index: number;
  error?: string;
  warning?: string;
  onChange: (next: THolidayEntry) => void;
  onRemove?: () => void;
}) {
  const n = index + 1;
  const ranges = entry.hours.length > 0 ? entry.hours : [{ open_time: "", close_time: "" }];
  const setRange = (i: number, field: "open_time" | "close_time", v: string) =>
    onChange({
      ...entry,
      is_24_hours: false,
      hours: ranges.map((r, j) => (j === i ? { ...r, [field]: v } : r)),
    });
  return (
    <Paper withBorder p="sm" data-testid="holiday-row">
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <DateInput
            label={`Date ${n}`}
            placeholder="MM/DD/YYYY"
            valueFormat="MM/DD/YYYY"
            value={entry.start_date}
            dateParser={parseDateEntry}
            onChange={(v) => onChange({ ...entry, start_date: v ? dayjs(v).format("YYYY-MM-DD") : null })}
            minDate={dayjs().format("YYYY-MM-DD")}
            clearable
            clearButtonProps={{ "aria-label": `Clear date ${n}` }}
            w={170}
            error={error ? true : undefined}
            popoverProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Closed"
            aria-label={`Date ${n} closed`}
            checked={entry.closed}
            onChange={(e) =>
              onChange({
                ...entry,
                closed: e.currentTarget.checked,
                is_24_hours: false,
                hours: e.currentTarget.checked ? [] : [{ open_time: "", close_time: "" }],
              })
            }
            mb={8}
          />
          {!entry.closed && (
            <Checkbox
              label="Open 24 hours"
              aria-label={`Date ${n} open 24 hours`}
              checked={entry.is_24_hours}
              onChange={(e) =>
                onChange({
                  ...entry,
                  is_24_hours: e.currentTarget.checked,
                  hours: e.currentTarget.checked ? [] : [{ open_time: "", close_time: "" }],
                })
              }
              mb={8}
            />
          )}
          {onRemove && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove date ${n}`} onClick={onRemove} mb={4}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {!entry.closed && !entry.is_24_hours && (
          <Stack gap={6}>
            {ranges.map((r, i) => {
              const suffix = i === 0 ? "" : ` (${i + 1})`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: ranges are positional
                <Group key={i} gap="xs" wrap="nowrap">
                  <TimeField
                    label={`Date ${n} opens${suffix}`}
                    value={r.open_time}
                    onChange={(v) => setRange(i, "open_time", v)}
                    on24={() => onChange({ ...entry, is_24_hours: true, hours: [] })}
                  />
                  <Text size="sm">to</Text>
                  <TimeField
                    label={`Date ${n} closes${suffix}`}
                    value={r.close_time}
                    onChange={(v) => setRange(i, "close_time", v)}
                    on24={() => onChange({ ...entry, is_24_hours: true, hours: [] })}
                  />
                  {ranges.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove date ${n} hours${suffix}`}
                      onClick={() => onChange({ ...entry, hours: ranges.filter((_, j) => j !== i) })}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => onChange({ ...entry, hours: [...ranges, { open_time: "", close_time: "" }] })}
              aria-label={`Add hours for date ${n}`}
            >
              Add hours
            </Button>
          </Stack>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {warning && (
          <Alert color="yellow" p="xs">
            <Text size="sm">{warning}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
