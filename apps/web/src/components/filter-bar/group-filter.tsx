import { Badge } from "@mantine/core";
import { useState } from "react";
import { FilterCombobox } from "./filter-combobox.tsx";
import { locationCountLabel, NULL_LABELS, SEARCH_PLACEHOLDERS, selectedCountLabel } from "./filter-options.ts";
import { useFilterList, useKnownLabels } from "./use-filter-list.ts";

export type GroupFilterProps = {
  value: readonly string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
};

/** Group dropdown: search as you type, each group with its active location count. */
export function GroupFilter({ value, onChange, multiple }: GroupFilterProps) {
  const [keywords, setKeywords] = useState("");
  const list = useFilterList("groups", keywords);
  const known = useKnownLabels("groups", value, list.items);
  return (
    <FilterCombobox
      label="Group"
      nullLabel={NULL_LABELS.group}
      countLabel={selectedCountLabel.group}
      value={value}
      onChange={onChange}
      multiple={multiple}
      knownLabels={known.labels}
      valueError={known.error}
      search={{ placeholder: SEARCH_PLACEHOLDERS.group, value: keywords, onChange: setKeywords }}
      loading={list.loading}
      error={list.error}
      onLoadMore={list.loadMore}
      options={list.items.map((group) => ({
        value: String(group.id),
        label: group.name,
        aside: (
          <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
            {locationCountLabel(group.active_location_ids)}
          </Badge>
        ),
      }))}
    />
  );
}
