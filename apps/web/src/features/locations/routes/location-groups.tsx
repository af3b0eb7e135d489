import { Button, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate, useParams, useLocation as useRouterLocation } from "react-router";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { TableSkeleton } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { useGroups, useLocation, useUpdateLocation } from "../api/locations";
import { listQueryOf } from "../location-rules";

/** /settings/locations/new/{id}/groups: after creating a location, a user with group permission adds it to groups. */
export default function LocationGroupsRoute() {
  const { locationId = "" } = useParams();
  const { search } = useRouterLocation();
  const navigate = useNavigate();
  const canGroups = useCan("update", "group");
  const location = useLocation(locationId);
  const groups = useGroups({ page: 1, per_page: 500 }, canGroups);
  const update = useUpdateLocation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const done = `/settings/locations${listQueryOf(search)}`;
  if (!canGroups) return <NotPermitted title="Add to Groups" />;
  const rows = groups.data?._embedded.groups ?? [];

  const save = async () => {
    setSaving(true);
    try {
      await update.mutateAsync({ id: locationId, body: { group_ids: chosen } });
      toastSuccess("Groups updated");
      void navigate(done);
    } catch (error) {
      toastAlert(serverErrorText(error) ?? "An error occurred while performing this action.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Add to Groups" />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" mb="md">
          {location.data
            ? `Choose the groups ${location.data.name} belongs to.`
            : "Choose the groups this location belongs to."}
        </Text>
        {groups.isPending ? (
          <TableSkeleton rows={3} />
        ) : groups.isError ? (
          <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="gray.7">
            There are no groups yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {rows.map((g) => (
              <Checkbox
                key={g.id}
                label={g.name}
                checked={chosen.includes(g.id)}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setChosen((c) => (checked ? [...c, g.id] : c.filter((x) => x !== g.id)));
                }}
              />
            ))}
          </Stack>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => void navigate(done)}>
            Skip
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={chosen.length === 0}>
            Save
          </Button>
        </Group>
      </Paper>
    </>
  );
}
