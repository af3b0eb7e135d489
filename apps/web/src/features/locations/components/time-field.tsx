import { Autocomplete } from "@mantine/core";
import { useEffect, useState } from "react";
import {
  formatTime,
  isValidTimeEntry,
  parseTime,
  TIME_ENTRY_MAX_LENGTH,
  TIME_OPTIONS,
  TWENTY_FOUR_HOURS,
} from "../hours/time.ts";

const TIME_LABELS = TIME_OPTIONS.map((o) => o.label);

export type TimeFieldProps = {
  label: string;
  /** HH:mm, or "" when unset. */
  value: string;
  /** Shows "24 hours". */
  is24?: boolean;
  /** Offers "24 hours" (weekly and holiday hours). */
  allow24?: boolean;
  onChange: (value: string) => void;
  on24?: () => void;
  disabled?: boolean;
};

/**
 * A time of day: a list every 30 minutes from 12:00 AM to 11:30 PM (plus "24 hours"), or typed as
 * "24 hours", HH:mm or h:mm AM/PM (at most 8 characters); anything else is flagged (docs/product/locations.md §5).
 */
export function TimeField({ label, value, is24, allow24 = true, onChange, on24, disabled }: TimeFieldProps) {
  const shown = is24 ? TWENTY_FOUR_HOURS : (formatTime(value) ?? "");
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(shown);
    setInvalid(false);
  }, [shown]);

  const commit = (raw: string) => {
    const entry = raw.trim();
    if (entry === "") {
      setInvalid(false);
      if (!is24) onChange("");
      return;
    }
    if (!isValidTimeEntry(entry)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (entry.toLowerCase() === TWENTY_FOUR_HOURS) {
      if (allow24 && on24) on24();
      else setInvalid(true);
      return;
    }
    const parsed = parseTime(entry);
    if (parsed) {
      onChange(parsed);
      setText(formatTime(parsed) ?? entry);
    }
  };

  const data = allow24 ? [TWENTY_FOUR_HOURS, ...TIME_LABELS] : TIME_LABELS;
  return (
    <Autocomplete
      aria-label={label}
      placeholder="--:-- --"
      value={text}
      data={data}
      maxLength={TIME_ENTRY_MAX_LENGTH}
      filter={({ options, search }) => {
        const s = search.trim().toLowerCase();
        if (!s || s === shown.toLowerCase()) return options;
        return options.filter((o) => "label" in o && o.label.toLowerCase().startsWith(s));
      }}
      limit={60}
      maxDropdownHeight={220}
      onChange={setText}
      onOptionSubmit={commit}
      onBlur={() => commit(text)}
      error={invalid ? "Invalid time" : undefined}
      disabled={disabled}
      w={130}
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
