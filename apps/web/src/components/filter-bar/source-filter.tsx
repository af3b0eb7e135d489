import { useState } from "react";
import type { Query } from "../../lib/api.ts";
import { FilterCombobox } from "./filter-combobox.tsx";
import { NULL_LABELS, SEARCH_PLACEHOLDERS, selectedCountLabel } from "./filter-options.ts";
import { useFilterList, useKnownLabels } from "./use-filter-list.ts";

export type SourceFilterProps = {
  value: readonly string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
  /** Added to every list call (user_id for users, account_id for parent accounts, supports_reviews). */
  query?: Query;
};

/** Source dropdown: search as you type, sorted ordinal,name. */
export function SourceFilter({ value, onChange, multiple, query }: SourceFilterProps) {
  const [keywords, setKeywords] = useState("");
  const list = useFilterList("sources", keywords, query);
  const known = useKnownLabels("sources", value, list.items);
  return (
    <FilterCombobox
      label="Source"
      nullLabel={NULL_LABELS.source}
      countLabel={selectedCountLabel.source}
      value={value}
      onChange={onChange}
      multiple={multiple}
      knownLabels={known.labels}
      valueError={known.error}
      search={{ placeholder: SEARCH_PLACEHOLDERS.source, value: keywords, onChange: setKeywords }}
      loading={list.loading}
      error={list.error}
      onLoadMore={list.loadMore}
      options={list.items.map((source) => ({ value: String(source.id), label: source.name }))}
    />
  );
}
