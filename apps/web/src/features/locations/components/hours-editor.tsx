import { ActionIcon, Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import {
  addRange,
  DAY_LABELS,
  DAYS,
  removeRange,
  setDay24,
  setDayOpen,
  setRangeTime,
  type TDay,
  type TWeekHours,
} from "../hours/week.ts";
import { TimeField } from "./time-field.tsx";

/**
 * The weekly hours editor (docs/product/locations.md §4 "Operating hours"): a Closed toggle per day; opening a day
 * adds one range; "24 hours" clears the ranges; extra ranges can be added and removed.
 */
export function HoursEditor({
  value,
  onChange,
  disabled,
}: {
  value: TWeekHours;
  onChange: (next: TWeekHours) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs" data-testid="hours-editor">
      {DAYS.map((day) => (
        <DayRow key={day} day={day} week={value} onChange={onChange} disabled={disabled} />
      ))}
    </Stack>
  );
}

function DayRow({
  day,
  week,
  onChange,
  disabled,
}: {
  day: TDay;
  week: TWeekHours;
  onChange: (next: TWeekHours) => void;
  disabled?: boolean;
}) {
  const hours = week[day];
  const label = DAY_LABELS[day];
  const ranges = hours.is_24_hours ? [{ open_time: "", close_time: "" }] : hours.hours;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid={`hours-${day}`}>
      <Text w={100} fw={500} pt={6}>
        {label}
      </Text>
      <Checkbox
        label="Closed"
        aria-label={`${label} closed`}
        checked={!hours.open}
        onChange={(e) => onChange(setDayOpen(week, day, !e.currentTarget.checked))}
        disabled={disabled}
        pt={8}
        w={80}
      />
      {hours.open && (
        <Stack gap={6}>
          {ranges.map((range, index) => {
            const suffix = index === 0 ? "" : ` (${index + 1})`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: ranges are positional
              <Group key={index} gap="xs" wrap="nowrap">
                <TimeField
                  label={`${label} opens${suffix}`}
                  value={range.open_time}
                  is24={hours.is_24_hours}
                  onChange={(v) => onChange(setRangeTime(week, day, index, "open_time", v))}
                  on24={() => onChange(setDay24(week, day))}
                  disabled={disabled}
                />
                {!hours.is_24_hours && (
                  <>
                    <Text size="sm">to</Text>
                    <TimeField
                      label={`${label} closes${suffix}`}
                      value={range.close_time}
                      onChange={(v) => onChange(setRangeTime(week, day, index, "close_time", v))}
                      on24={() => onChange(setDay24(week, day))}
                      disabled={disabled}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${label} hours${suffix}`}
                      onClick={() => onChange(removeRange(week, day, index))}
                      disabled={disabled}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </>
                )}
              </Group>
            );
          })}
          {!hours.is_24_hours && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => onChange(addRange(week, day))}
              disabled={disabled}
              aria-label={`Add hours for ${label}`}
              w="fit-content"
            >
              Add hours
            </Button>
          )}
        </Stack>
      )}
    </Group>
  );
}
