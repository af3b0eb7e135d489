import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Table.css";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { SPECIAL_HOURS_MESSAGES } from "@starboard/contract/location-details";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useLocation as useRouterLocation } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { useSignedInSession } from "../../../lib/session";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import {
  fetchAllLocationNames,
  fetchLocationNames,
  type TLocationName,
  useGroups,
  useLocations,
} from "../api/locations";
import { createBulkSpecialHours } from "../api/special-hours";
import { BackLink } from "../components/back-link";
import { bulkFailureMessage } from "../components/bulk-hours-modal";
import { HOLIDAY_OVERRIDE_WARNING } from "../components/holiday-modal";
import { HolidayRow } from "../components/holiday-rows";
import { StatusText } from "../components/status-text";
import { ExitBar } from "../components/unsaved-changes";
import {
  checkHolidays,
  formatHolidayDate,
  HOLIDAY_HOURS_OFF,
  HOLIDAY_MESSAGES,
  holidayHoursOn,
  holidayPayload,
  newHolidayEntry,
  type THolidayEntry,
} from "../hours/holidays.ts";

/** Locations per bulk call (each holiday entry is sent for at most this many locations at once). */
const BULK_CHUNK = 100;

/** What the locations list hands over: the locations selected there, and its query (for the way back). */
export type TBulkHolidayState = { locationIds?: string[]; listSearch?: string };

type TResult = { done: string[]; failed: { date: string; message: string }[] };

/**
 * /settings/locations/holiday-hours: holiday hours set for many locations at once (docs/product/locations.md §3
 * "Special hours": the bulk call sends start_date, hours and location_ids, one call per holiday entry, replacing the
 * same date). The entries follow every rule of the Add Holiday Hours modal (§5 "Holiday dates"); the first Confirm
 * shows the override warning and the button becomes 'Continue anyway'. Each location shows its result.
 */
export default function BulkHolidayHoursRoute() {
  const session = useSignedInSession();
  if (!holidayHoursOn(session.settings)) {
    return (
      <>
        <BackLink to="/settings/locations" label="Back to Locations" />
        <PageHeader title="Bulk Holiday Hours" />
        <Alert color="gray" data-testid="holiday-hours-off">
          <Text size="sm">{HOLIDAY_HOURS_OFF}</Text>
        </Alert>
      </>
    );
  }
  return <BulkHolidayHours />;
}

function BulkHolidayHours() {
  const state = (useRouterLocation().state ?? {}) as TBulkHolidayState;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<TLocationName[]>([]);
  const handedOver = useQuery({
    queryKey: ["locations", "names", state.locationIds ?? []],
    queryFn: ({ signal }) => fetchLocationNames(state.locationIds ?? [], signal),
    enabled: (state.locationIds?.length ?? 0) > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The locations selected on the list come in once their names are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `add` only sets state
  useEffect(() => {
    if (handedOver.data) add(handedOver.data);
  }, [handedOver.data]);
  const [entries, setEntries] = useState<THolidayEntry[]>(() => [newHolidayEntry()]);
  const [attempted, setAttempted] = useState(false);
  const [warned, setWarned] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<Record<string, TResult>>({});
  const [exitBar, setExitBar] = useState(false);

  const check = checkHolidays(entries);
  const hasErrors = Object.keys(check.errors).length > 0;
  const noLocations = selected.length === 0;
  const dirty = entries.some((e) => e.start_date) || entries.length > 1;
  const backTo = `/settings/locations${state.listSearch ?? ""}`;

  const add = (more: TLocationName[]) =>
    setSelected((s) => {
      const have = new Set(s.map((l) => l.id));
      return [...s, ...more.filter((l) => !have.has(l.id))];
    });
  const update = (next: THolidayEntry[]) => {
    setEntries(next);
    setWarned(false);
  };

  const confirm = () => {
    setAttempted(true);
    if (hasErrors || noLocations) return;
    if (!warned) {
      setWarned(true);
      return;
    }
    void submit();
  };

  const submit = async () => {
    const bodies = entries.map(holidayPayload).filter((b) => b !== null);
    const ids = selected.map((l) => l.id);
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += BULK_CHUNK) chunks.push(ids.slice(i, i + BULK_CHUNK));
    const total = bodies.length * chunks.length;
    const next: Record<string, TResult> = Object.fromEntries(ids.map((id) => [id, { done: [], failed: [] }]));
    setSaving(true);
    setResults({});
    setProgress({ done: 0, total });
    let done = 0;
    for (const body of bodies) {
      for (const chunk of chunks) {
        try {
          await createBulkSpecialHours(chunk, body);
          for (const id of chunk) next[id]?.done.push(body.start_date);
        } catch (error) {
          const message = serverErrorText(error) ?? "There was an error updating holiday hours";
          for (const id of chunk) next[id]?.failed.push({ date: body.start_date, message });
        }
        done += 1;
        setProgress({ done, total });
        setResults({ ...next });
      }
    }
    setSaving(false);
    setWarned(false);
    await qc.invalidateQueries({ queryKey: ["special-hours"] });
    const failed = ids.filter((id) => (next[id]?.failed.length ?? 0) > 0).length;
    if (failed === 0) {
      toastSuccess("Your holiday hours have been updated.");
      setEntries([newHolidayEntry()]);
      setAttempted(false);
    } else toastAlert(bulkFailureMessage(failed));
  };

  return (
    <>
      <BackLink to={backTo} label="Back to Locations" />
      <PageHeader title="Bulk Holiday Hours" />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          {handedOver.isFetching && (
            <Text size="sm" role="status" mb="sm">
              Loading the selected locations...
            </Text>
          )}
          {handedOver.isError && (
            <Text size="sm" c="red.8" role="alert" mb="sm">
              An error occurred trying to fetch locations
            </Text>
          )}
          <LocationPicker
            selected={selected}
            onAdd={add}
            onRemove={(id) => setSelected((s) => s.filter((l) => l.id !== id))}
            onClear={() => setSelected([])}
            results={results}
            disabled={saving}
            error={attempted && noLocations ? SPECIAL_HOURS_MESSAGES.locationRequired : undefined}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Title order={2} size="h4">
              Holiday Hours
            </Title>
            <Text size="sm" c="gray.7">
              Each date is set at every selected location, replacing hours already set for that date.
            </Text>
            <Stack gap="sm">
              {entries.map((entry, i) => (
                <HolidayRow
                  key={entry.id}
                  entry={entry}
                  index={i}
                  error={attempted || entry.start_date ? check.errors[entry.id] : undefined}
                  warning={check.warnings[entry.id]}
                  onChange={(next) => update(entries.map((e) => (e.id === entry.id ? next : e)))}
                  onRemove={entries.length > 1 ? () => update(entries.filter((e) => e.id !== entry.id)) : undefined}
                />
              ))}
            </Stack>
            <Button
              variant="subtle"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => update([...entries, newHolidayEntry()])}
              disabled={saving}
            >
              Add another date
            </Button>
            {check.streak && (
              <Alert color="yellow">
                <Text size="sm">{HOLIDAY_MESSAGES.closedStreak}</Text>
              </Alert>
            )}
            {warned && !hasErrors && !noLocations && (
              <Alert color="orange" role="alert" data-testid="holiday-override-warning">
                <Text size="sm">{HOLIDAY_OVERRIDE_WARNING}</Text>
              </Alert>
            )}
            {progress && (
              <Stack gap={4} data-testid="bulk-holiday-progress">
                <Progress
                  value={progress.total ? (progress.done / progress.total) * 100 : 100}
                  aria-label="Holiday hours saved"
                  animated={saving}
                />
                <Text size="sm" c="gray.7" aria-live="polite">
                  {saving
                    ? `Saving ${progress.done} of ${progress.total}...`
                    : `Saved ${progress.done} of ${progress.total}.`}
                </Text>
              </Stack>
            )}
            {exitBar && <ExitBar onKeep={() => setExitBar(false)} onExit={() => void navigate(backTo)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => (dirty ? setExitBar(true) : void navigate(backTo))}>
                Cancel
              </Button>
              <Button onClick={confirm} loading={saving} disabled={saving}>
                {warned ? "Continue anyway" : "Confirm"}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

/** The locations to set: added one by one (search), by group, or all; each with its result once saved. */
function LocationPicker({
  selected,
  onAdd,
  onRemove,
  onClear,
  results,
  disabled,
  error,
}: {
  selected: TLocationName[];
  onAdd: (more: TLocationName[]) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  results: Record<string, TResult>;
  disabled: boolean;
  error?: string;
}) {
  const [search, setSearch] = useState("");
  const [loadingAll, setLoadingAll] = useState(false);
  const [groupLoading, setGroupLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const found = useLocations({
    page: 1,
    per_page: 25,
    ...(search.trim()
      ? { keywords: search.trim(), search_type: "typeahead" as const, "sort[by]": "relevance", "sort[order]": "desc" }
      : { "sort[by]": "name", "sort[order]": "asc" }),
  });
  const groups = useGroups({ page: 1, per_page: 500 });
  const options = (found.data?._embedded.locations ?? []).filter((l) => !selected.some((s) => s.id === l.id));

  const addAll = async () => {
    setLoadingAll(true);
    setLoadError(null);
    try {
      onAdd(await fetchAllLocationNames());
    } catch (e) {
      setLoadError(serverErrorText(e) ?? "An error occurred trying to fetch locations");
    } finally {
      setLoadingAll(false);
    }
  };
  const addGroup = async (groupId: string | null) => {
    const group = groups.data?._embedded.groups.find((g) => g.id === groupId);
    if (!group) return;
    setGroupLoading(true);
    setLoadError(null);
    try {
      onAdd(await fetchLocationNames(group.location_ids));
    } catch (e) {
      setLoadError(serverErrorText(e) ?? "An error occurred trying to fetch locations");
    } finally {
      setGroupLoading(false);
    }
  };

  return (
    <Stack>
      <Title order={2} size="h4">
        Locations
      </Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Add a location"
          placeholder="Search locations"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options.map((l) => ({ value: l.id, label: l.name }))}
          value={null}
          onChange={(id) => {
            const l = options.find((o) => o.id === id);
            if (l)
              onAdd([
                {
                  id: l.id,
                  name: l.name,
                  address: [l.address, l.city, l.state].filter(Boolean).join(", "),
                },
              ]);
            setSearch("");
          }}
          nothingFoundMessage={found.isFetching ? "Loading..." : "No locations match."}
          error={found.isError ? "An error occurred trying to fetch locations" : undefined}
          disabled={disabled}
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Add a group"
          placeholder={groups.isPending ? "Loading..." : "Choose a group"}
          data={(groups.data?._embedded.groups ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} (${g.location_ids.length})`,
          }))}
          value={null}
          onChange={(id) => void addGroup(id)}
          searchable
          nothingFoundMessage="No groups"
          error={groups.isError ? "Unable to load groups. Please reload or try again later." : undefined}
          disabled={disabled || groupLoading}
          w={240}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="default" onClick={() => void addAll()} loading={loadingAll} disabled={disabled}>
          Add all locations
        </Button>
      </Group>
      {loadError && (
        <Text size="sm" c="red.8" role="alert">
          {loadError}
        </Text>
      )}
      {selected.length === 0 ? (
        <Text size="sm" c={error ? "red.8" : "gray.7"} role={error ? "alert" : undefined}>
          {error ?? "No locations selected. Add locations one by one, by group, or all at once."}
        </Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>{`${selected.length} location${selected.length === 1 ? "" : "s"} selected`}</Text>
            <Button variant="subtle" size="compact-sm" onClick={onClear} disabled={disabled}>
              Clear all
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={560} mah={360}>
            <Table aria-label="Selected locations" data-testid="bulk-holiday-locations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Location</Table.Th>
                  <Table.Th scope="col">Result</Table.Th>
                  <Table.Th scope="col" w={48}>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {selected.map((l) => (
                  <Table.Tr key={l.id} data-testid="bulk-holiday-location">
                    <Table.Td>
                      <Text size="sm">{l.name}</Text>
                      {l.address && (
                        <Text size="xs" c="gray.7">
                          {l.address}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ResultCell result={results[l.id]} />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Remove ${l.name}`}
                        onClick={() => onRemove(l.id)}
                        disabled={disabled}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

function ResultCell({ result }: { result: TResult | undefined }) {
  if (!result) return null;
  if (result.failed.length > 0)
    return (
      <Stack gap={2}>
        <StatusText kind="failed" label="Failed" />
        {result.failed.map((f) => (
          <Text key={f.date} size="xs" c="red.8">
            {`${formatHolidayDate(f.date)}: ${f.message}`}
          </Text>
        ))}
      </Stack>
    );
  if (result.done.length === 0)
    return (
      <Text size="xs" c="gray.7">
        Waiting...
      </Text>
    );
  return (
    <Group gap={6}>
      <StatusText kind="done" label="Updated" />
      <Text size="xs" c="gray.7">
        {result.done.map(formatHolidayDate).join(", ")}
      </Text>
    </Group>
  );
}
