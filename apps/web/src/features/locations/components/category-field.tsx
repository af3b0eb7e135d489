import { Autocomplete } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { CATEGORY_SEARCH_DEBOUNCE_MS, useCategories } from "../api/categories";
import type { TLocationDraft } from "../location-draft";

/** Category search (500 ms debounce, 25 a page). Choosing one sets category_id and category_name. */
export function CategoryField({
  draft,
  onChange,
  disabled,
}: {
  draft: TLocationDraft;
  onChange: (next: TLocationDraft) => void;
  disabled?: boolean;
}) {
  const [focused, setFocused] = useState(false);
  const [debounced] = useDebouncedValue(draft.category_name.trim(), CATEGORY_SEARCH_DEBOUNCE_MS);
  const list = useCategories(debounced, focused);
  const items = list.data ?? [];
  return (
    <Autocomplete
      label="Category"
      name="category_name"
      value={draft.category_name}
      data={[...new Map(items.map((c) => [c.name, c.name])).values()]}
      filter={({ options }) => options}
      onFocus={() => setFocused(true)}
      onChange={(name) => {
        const match = items.find((c) => c.name === name);
        onChange({ ...draft, category_name: name, category_id: match ? match.id : null });
      }}
      error={list.isError ? "Error fetching categories" : undefined}
      disabled={disabled}
      maxDropdownHeight={250}
      autoComplete="off"
    />
  );
}
