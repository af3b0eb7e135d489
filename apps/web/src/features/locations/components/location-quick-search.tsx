import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate, useLocation as useRouterLocation } from "react-router";
import { useLocations } from "../api/locations";
import { listQueryOf } from "../location-rules";

/** Quick search: jump to another location's details by typing its name. */
export function LocationQuickSearch() {
  const navigate = useNavigate();
  const { search } = useRouterLocation();
  const [keywords, setKeywords] = useState("");
  const [debounced] = useDebouncedValue(keywords.trim(), 300);
  const list = useLocations(
    { page: 1, per_page: 25, keywords: debounced || undefined, search_type: debounced ? "typeahead" : undefined },
    true,
  );
  const data = (list.data?._embedded.locations ?? []).map((l) => ({ value: l.id, label: l.name }));
  return (
    <Select
      aria-label="Quick search locations"
      placeholder="Quick search locations"
      searchable
      searchValue={keywords}
      onSearchChange={setKeywords}
      data={data}
      value={null}
      filter={({ options }) => options}
      nothingFoundMessage={list.isFetching ? "Searching..." : "No locations found"}
      onChange={(id) => {
        if (id) {
          setKeywords("");
          void navigate(`/settings/locations/${encodeURIComponent(id)}/details${listQueryOf(search)}`);
        }
      }}
      w={260}
    />
  );
}
