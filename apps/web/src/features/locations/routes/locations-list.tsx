import "@mantine/core/styles/Table.css";
import { Anchor, Button, Checkbox, Group, Paper, Select, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { SearchInput } from "../../../components/common/search-input";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { LOCATIONS_PER_PAGE, useGroups, useLocations } from "../api/locations";
import { AddLocationButton } from "../components/add-location";
import { BulkHoursModal } from "../components/bulk-hours-modal";
import { holidayHoursOn } from "../hours/holidays.ts";
import { readListState, type TListState, writeListState } from "../list-query";
import { openStatusLabel } from "../location-rules";

const SORTS = [
  { value: "name:asc", label: "Name (A-Z)" },
  { value: "name:desc", label: "Name (Z-A)" },
  { value: "relevance:desc", label: "Relevance" },
];

/** /settings/locations: the account's locations with sort, keyword search, group filter and paging in the query. */
export default function LocationsListRoute() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const canUpdate = useCan("update", "location");
  const canReadGroups = useCan("read", "group");
  const canCreate = useCan("create", "location");
  const holidaysOn = holidayHoursOn(useSignedInSession().settings);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);

  const locations = useLocations({
    page: state.page,
    per_page: LOCATIONS_PER_PAGE,
    "sort[by]": state.sortBy,
    "sort[order]": state.sortOrder,
    ...(state.keywords ? { keywords: state.keywords, search_type: "full" as const } : {}),
    ...(state.groupId ? { group_id: state.groupId } : {}),
  });
  const groups = useGroups({ page: 1, per_page: 500 }, canReadGroups);
  const rows = locations.data?._embedded.locations ?? [];
  const listSearch = params.toString() ? `?${params.toString()}` : "";

  const update = (patch: Partial<TListState>) => {
    setParams((current) => writeListState({ ...readListState(current), page: 1, ...patch }));
    setSelected([]);
  };
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  return (
    <>
      <PageHeader
        title="Locations"
        actions={
          <Group gap="sm">
            {canReadGroups && (
              <Button component={Link} to="/settings/groups" variant="default">
                Groups
              </Button>
            )}
            {canUpdate && (
              <Button variant="default" disabled={selected.length === 0} onClick={() => setBulkOpen(true)}>
                {`Edit Hours${selected.length ? ` (${selected.length})` : ""}`}
              </Button>
            )}
            {canUpdate && holidaysOn && (
              <Button
                variant="default"
                onClick={() =>
                  void navigate("/settings/locations/holiday-hours", {
                    state: { locationIds: selected, listSearch },
                  })
                }
              >
                {`Holiday Hours${selected.length ? ` (${selected.length})` : ""}`}
              </Button>
            )}
            {canCreate && (
              <Button component={Link} to="/settings/locations/import" variant="default">
                Import Locations
              </Button>
            )}
            <AddLocationButton />
          </Group>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <SearchInput
            value={state.keywords}
            onSearch={(keywords) =>
              update({ keywords, sortBy: keywords ? "relevance" : "name", sortOrder: keywords ? "desc" : "asc" })
            }
            placeholder="Search locations"
            w={280}
          />
          {canReadGroups && (
            <Select
              label="Group"
              placeholder="All groups"
              clearable
              searchable
              data={(groups.data?._embedded.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
              value={state.groupId || null}
              onChange={(groupId) => update({ groupId: groupId ?? "" })}
              w={220}
            />
          )}
          <Select
            label="Sort by"
            data={state.keywords ? SORTS : SORTS.slice(0, 2)}
            value={`${state.sortBy}:${state.sortOrder}`}
            onChange={(v) => {
              const [sortBy, sortOrder] = (v ?? "name:asc").split(":") as [
                TListState["sortBy"],
                TListState["sortOrder"],
              ];
              update({ sortBy, sortOrder, page: state.page });
            }}
            allowDeselect={false}
            w={180}
          />
        </Group>
        {locations.isPending ? (
          <TableSkeleton />
        ) : locations.isError ? (
          <QueryError error={locations.error} onRetry={() => void locations.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message={state.keywords || state.groupId ? "No locations match." : "No locations yet."} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label="Locations" data-testid="locations-table">
              <Table.Thead>
                <Table.Tr>
                  {canUpdate && (
                    <Table.Th scope="col" w={40}>
                      <Checkbox
                        aria-label="Select all locations on this page"
                        checked={allOnPage}
                        onChange={(e) =>
                          setSelected(
                            e.currentTarget.checked
                              ? [...new Set([...selected, ...rows.map((r) => r.id)])]
                              : selected.filter((id) => !rows.some((r) => r.id === id)),
                          )
                        }
                      />
                    </Table.Th>
                  )}
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Address</Table.Th>
                  <Table.Th scope="col">External ID</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((location) => (
                  <Table.Tr key={location.id} data-testid="location-row">
                    {canUpdate && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${location.name}`}
                          checked={selected.includes(location.id)}
                          onChange={(e) => toggle(location.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/settings/locations/${encodeURIComponent(location.id)}/details${listSearch}`}
                      >
                        {location.name}
                      </Anchor>
                      {location.public_name && location.public_name !== location.name && (
                        <Text size="xs" c="gray.7">
                          {location.public_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {[location.address, location.city, [location.state, location.zipcode].filter(Boolean).join(" ")]
                        .filter(Boolean)
                        .join(", ")}
                    </Table.Td>
                    <Table.Td>{location.external_id ?? ""}</Table.Td>
                    <Table.Td>{openStatusLabel(location.open_status)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          page={state.page}
          total={locations.data?._total_pages ?? 1}
          onChange={(page) => setParams((current) => writeListState({ ...readListState(current), page }))}
        />
      </Paper>
      <BulkHoursModal
        opened={bulkOpen}
        locationIds={selected}
        onClose={() => setBulkOpen(false)}
        onDone={() => {
          setBulkOpen(false);
          setSelected([]);
        }}
      />
    </>
  );
}
