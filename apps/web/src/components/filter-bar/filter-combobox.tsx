import { Checkbox, Combobox, Group, InputBase, Loader, ScrollArea, Text, useCombobox } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useRef } from "react";
import { DROPDOWN_MAX_HEIGHT_PX, isNearBottom, selectionLabel, type TFilterOption } from "./filter-options.ts";

export type TComboboxOption = TFilterOption & {
  /** A second line under the label. */
  description?: ReactNode;
  /** Shown at the right of the option (a count, a badge). */
  aside?: ReactNode;
};

export type FilterComboboxProps = {
  /** Accessible name and test id stem, e.g. "Group". */
  label: string;
  /** The option that clears the filter, e.g. 'All groups'. */
  nullLabel: string;
  options: TComboboxOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Several values may be chosen; the dropdown stays open while choosing. */
  multiple?: boolean;
  /** 'N … selected' for several chosen values. */
  countLabel: (n: number) => string;
  /** Labels of chosen values that are not among the loaded options. */
  knownLabels?: Record<string, string>;
  /** A chosen value could not be fetched: the button reads this error instead of the choice. */
  valueError?: string | null;
  /** Adds a search box to the dropdown (the caller debounces and queries). */
  search?: { placeholder: string; value: string; onChange: (value: string) => void };
  loading?: boolean;
  /** An inline error in place of the options. */
  error?: string | null;
  /** Called when the list is scrolled near its bottom. */
  onLoadMore?: () => void;
  /** Below the options (the add-location link). */
  footer?: ReactNode;
};

/**
 * One filter dropdown: a button showing the choice, a dropdown with an optional search box and
 * the options. Keyboard: Enter, Space or the arrows open it; arrows move; Enter chooses; Escape
 * closes and returns focus to the button; Tab leaves it closed.
 */
export function FilterCombobox(props: FilterComboboxProps) {
  const { label, nullLabel, options, value, onChange, multiple = false, search, loading, error, onLoadMore } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const combobox = useCombobox({
    onDropdownOpen: () => {
      if (search) combobox.focusSearchInput();
      // Arrow keys start from the current choice (or the null option when there is none).
      combobox.updateSelectedOptionIndex("active", { scrollIntoView: true });
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      search?.onChange("");
    },
  });
  const searching = Boolean(search?.value.trim());

  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? props.knownLabels?.[v];
  const shown = selectionLabel(value, labelOf, nullLabel, props.countLabel, props.valueError);
  const testId = `filter-${label.toLowerCase().replace(/\s+/g, "-")}`;

  // The URL commits in a transition; quick successive toggles build on the last one sent.
  const latest = useRef({ seen: value, value });
  if (latest.current.seen !== value) latest.current = { seen: value, value };
  const send = (next: string[]) => {
    latest.current = { ...latest.current, value: next };
    onChange(next);
  };

  const choose = (chosen: string) => {
    const current = latest.current.value;
    if (chosen === "") send([]);
    else if (!multiple) send([chosen]);
    else send(current.includes(chosen) ? current.filter((v) => v !== chosen) : [...current, chosen]);
    if (!multiple || chosen === "") closeAndFocus();
  };
  const closeAndFocus = () => {
    combobox.closeDropdown();
    combobox.focusTarget();
  };

  const onScroll = () => {
    const el = viewport.current;
    if (el && onLoadMore && isNearBottom(el)) onLoadMore();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} position="bottom-start" width={300}>
      <Combobox.Target targetType="button">
        <InputBase
          component="button"
          type="button"
          pointer
          aria-label={`${label}: ${shown}`}
          data-testid={testId}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          miw={160}
        >
          <Text size="sm" truncate c={props.valueError && value.length > 0 ? "red" : undefined}>
            {shown}
          </Text>
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown data-testid={`${testId}-dropdown`}>
        {search && (
          <Combobox.Search
            value={search.value}
            onChange={(event) => {
              search.onChange(event.currentTarget.value);
              combobox.resetSelectedOption();
            }}
            placeholder={search.placeholder}
            aria-label={search.placeholder}
            leftSection={<IconSearch size={14} />}
            onKeyDown={(event) => {
              if (event.key === "Tab") combobox.closeDropdown();
              if (event.key === "Escape") combobox.focusTarget();
            }}
          />
        )}
        <Combobox.Options aria-label={label}>
          <ScrollArea.Autosize
            mah={DROPDOWN_MAX_HEIGHT_PX}
            type="scroll"
            viewportRef={viewport}
            onScrollPositionChange={onScroll}
          >
            {!searching && (
              <Combobox.Option value="" active={value.length === 0}>
                <Text size="sm" fw={value.length === 0 ? 600 : 400}>
                  {nullLabel}
                </Text>
              </Combobox.Option>
            )}
            {error ? (
              <Combobox.Empty>
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              </Combobox.Empty>
            ) : (
              options.map((option) => {
                const selected = value.includes(option.value);
                return (
                  <Combobox.Option value={option.value} key={option.value} active={selected} aria-selected={selected}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Group gap="xs" wrap="nowrap" miw={0}>
                        {multiple && <Checkbox checked={selected} readOnly tabIndex={-1} aria-hidden size="xs" />}
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={selected ? 600 : 400} truncate>
                            {option.label}
                          </Text>
                          {option.description && (
                            <Text size="xs" c="dimmed" truncate>
                              {option.description}
                            </Text>
                          )}
                        </div>
                      </Group>
                      {option.aside}
                    </Group>
                  </Combobox.Option>
                );
              })
            )}
            {loading && (
              <Group justify="center" py="xs">
                <Loader size="xs" aria-label="Loading" />
              </Group>
            )}
            {!loading && !error && options.length === 0 && search?.value && <Combobox.Empty>No results</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {props.footer && <Combobox.Footer>{props.footer}</Combobox.Footer>}
      </Combobox.Dropdown>
    </Combobox>
  );
}
