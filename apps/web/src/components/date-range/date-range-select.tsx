import { Button, Combobox, Group, InputBase, Stack, Text, TextInput, useCombobox } from "@mantine/core";
import {
  formatMdy,
  isIsoDate,
  type TDateDescriptor,
  type TDatePageKind,
  todayInTimeZone,
  validateCustomRange,
  visibleDateOptions,
} from "@starboard/contract/date-ranges";
import { type KeyboardEvent, useState } from "react";
import {
  browserTimeZone,
  CUSTOM_RANGE_SEPARATOR,
  currentDescriptor,
  customChange,
  dateRangeLabel,
  entryErrors,
  presetChange,
  splitSingleInput,
  type TDateChange,
  type TDateValue,
} from "./date-range-value.ts";

export type DateRangeSelectProps = {
  /** dateDescriptor, from and to as in the URL (from/to YYYY-MM-DD, only for custom). */
  value: TDateValue;
  onChange: (change: TDateChange) => void;
  /** Whose default applies when the value has no descriptor: shared (7 days), page (6 months), reviews, keywords. */
  kind?: TDatePageKind;
  /** Descriptors this page hides (fourteenDays on several pages). */
  hidden?: TDateDescriptor[];
  /** One field for upcoming dates: from may not be before today, to may be after it. */
  singleInput?: boolean;
  /** The account's time zone for "today" (defaults to the browser's). */
  timeZone?: string;
  label?: string;
};

type TEntry = { from: string; to: string; single: string };
type TErrors = { from?: string; to?: string };

const mdyOf = (iso: string | null | undefined) => (iso && isIsoDate(iso) ? formatMdy(iso) : "");

/**
 * The date range control: presets grouped under RECENT, WEEK, MONTH, QUARTER, YEAR, OTHER, and a
 * custom range typed as MM/DD/YY ('Date Required', 'Invalid Date Range', no future dates) that is
 * applied only when valid and sent as YYYY-MM-DD.
 */
export function DateRangeSelect({
  value,
  onChange,
  kind = "shared",
  hidden = [],
  singleInput = false,
  timeZone,
  label = "Date range",
}: DateRangeSelectProps) {
  const [mode, setMode] = useState<"list" | "custom">("list");
  const [entry, setEntry] = useState<TEntry>({ from: "", to: "", single: "" });
  const [errors, setErrors] = useState<TErrors>({});
  const descriptor = currentDescriptor(value, kind);
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.updateSelectedOptionIndex("active", { scrollIntoView: true }),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setMode("list");
      setErrors({});
    },
  });

  const openCustom = () => {
    const from = mdyOf(value.from);
    const to = mdyOf(value.to);
    setEntry({ from, to, single: from && to ? `${from}${CUSTOM_RANGE_SEPARATOR}${to}` : "" });
    setErrors({});
    setMode("custom");
  };

  const choose = (chosen: string) => {
    if (chosen === "custom") {
      openCustom();
      return;
    }
    onChange(presetChange(chosen as Exclude<TDateDescriptor, "custom">));
    combobox.closeDropdown();
    combobox.focusTarget();
  };

  const apply = () => {
    const dates = singleInput ? splitSingleInput(entry.single) : { from: entry.from, to: entry.to };
    const result = validateCustomRange({
      ...dates,
      today: todayInTimeZone(new Date(), timeZone ?? browserTimeZone()),
      singleInput,
    });
    setErrors(entryErrors(dates, result.errors));
    if (!result.range) return;
    onChange(customChange(result.range));
    combobox.closeDropdown();
    combobox.focusTarget();
  };

  const onEntryKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      combobox.closeDropdown();
      combobox.focusTarget();
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} position="bottom-start" width={280}>
      <Combobox.Target targetType="button">
        <InputBase
          component="button"
          type="button"
          pointer
          aria-label={`${label}: ${dateRangeLabel(value, kind)}`}
          data-testid="filter-date-range"
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          miw={160}
        >
          <Text size="sm" truncate>
            {dateRangeLabel(value, kind)}
          </Text>
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown data-testid="filter-date-range-dropdown">
        {mode === "list" ? (
          <Combobox.Options aria-label={label} mah={378} style={{ overflowY: "auto" }}>
            {visibleDateOptions(hidden).map((group) => (
              <Combobox.Group label={group.heading} key={group.heading}>
                {group.options.map((option) => (
                  <Combobox.Option
                    value={option.value}
                    key={option.value}
                    active={option.value === descriptor}
                    aria-selected={option.value === descriptor}
                  >
                    <Text size="sm" fw={option.value === descriptor ? 600 : 400}>
                      {option.label}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))}
          </Combobox.Options>
        ) : (
          <Stack gap="xs" p="xs">
            {singleInput ? (
              <TextInput
                label="Date range"
                placeholder={`MM/DD/YY${CUSTOM_RANGE_SEPARATOR}MM/DD/YY`}
                value={entry.single}
                onChange={(event) => setEntry({ ...entry, single: event.currentTarget.value })}
                onKeyDown={onEntryKeyDown}
                error={errors.from ?? errors.to}
                data-autofocus
                autoFocus
              />
            ) : (
              <>
                <TextInput
                  label="From"
                  placeholder="MM/DD/YY"
                  value={entry.from}
                  onChange={(event) => setEntry({ ...entry, from: event.currentTarget.value })}
                  onKeyDown={onEntryKeyDown}
                  error={errors.from}
                  autoFocus
                />
                <TextInput
                  label="To"
                  placeholder="MM/DD/YY"
                  value={entry.to}
                  onChange={(event) => setEntry({ ...entry, to: event.currentTarget.value })}
                  onKeyDown={onEntryKeyDown}
                  error={errors.to}
                />
              </>
            )}
            <Group justify="space-between" gap="xs">
              <Button variant="subtle" size="xs" onClick={() => setMode("list")}>
                Back
              </Button>
              <Button size="xs" onClick={apply}>
                Apply
              </Button>
            </Group>
          </Stack>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
