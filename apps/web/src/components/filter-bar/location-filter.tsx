import { Anchor, Tooltip } from "@mantine/core";
import { IconBuildingSkyscraper } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { FilterCombobox } from "./filter-combobox.tsx";
import {
  ADD_LOCATION_LABEL,
  ADD_LOCATION_PATH,
  HEADQUARTERS_TOOLTIP,
  locationAddressLine,
  NULL_LABELS,
  SEARCH_PLACEHOLDERS,
  selectedCountLabel,
} from "./filter-options.ts";
import { useFilterList, useKnownLabels } from "./use-filter-list.ts";

export type LocationFilterProps = {
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** The chosen groups narrow the list (group_id). */
  groupIds?: readonly string[];
  multiple?: boolean;
  /** Shows the add-location link (the user holds location create). */
  canCreateLocation?: boolean;
};

/** Location dropdown: search as you type within the chosen groups, Headquarters marked. */
export function LocationFilter({ value, onChange, groupIds = [], multiple, canCreateLocation }: LocationFilterProps) {
  const [keywords, setKeywords] = useState("");
  const extra = useMemo(() => (groupIds.length > 0 ? { group_id: [...groupIds] } : {}), [groupIds]);
  const list = useFilterList("locations", keywords, extra);
  const known = useKnownLabels("locations", value, list.items);
  return (
    <FilterCombobox
      label="Location"
      nullLabel={NULL_LABELS.location}
      countLabel={selectedCountLabel.location}
      value={value}
      onChange={onChange}
      multiple={multiple}
      knownLabels={known.labels}
      valueError={known.error}
      search={{ placeholder: SEARCH_PLACEHOLDERS.location, value: keywords, onChange: setKeywords }}
      loading={list.loading}
      error={list.error}
      onLoadMore={list.loadMore}
      footer={
        canCreateLocation ? (
          <Anchor component={Link} to={ADD_LOCATION_PATH} size="sm">
            {ADD_LOCATION_LABEL}
          </Anchor>
        ) : undefined
      }
      options={list.items.map((location) => ({
        value: String(location.id),
        label: location.name,
        description: locationAddressLine(location) || undefined,
        aside: location.is_headquarters ? (
          <Tooltip label={HEADQUARTERS_TOOLTIP} withinPortal>
            <IconBuildingSkyscraper size={16} aria-label={HEADQUARTERS_TOOLTIP} style={{ flexShrink: 0 }} />
          </Tooltip>
        ) : undefined,
      }))}
    />
  );
}
