import { Button, Checkbox, Group, Paper, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { PageHeader } from "../../../components/shell/page-header";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { useCreateGroup, useLocations } from "../api/locations";
import { BackLink } from "../components/back-link";

/** /settings/groups/new: a named group of locations. */
export default function GroupNewRoute() {
  const canCreate = useCan("create", "group");
  const navigate = useNavigate();
  const create = useCreateGroup();
  const locations = useLocations({ page: 1, per_page: 500 }, canCreate);
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  if (!canCreate) return <NotPermitted title="Add Group" />;
  const nameError = touched && name.trim() === "" ? "Name is required" : apiFieldErrors(create.error).name;

  const save = () => {
    setTouched(true);
    if (name.trim() === "") return;
    create.mutate(
      { name: name.trim(), location_ids: chosen },
      {
        onSuccess: () => {
          toastSuccess("Group created");
          void navigate("/settings/groups");
        },
        onError: (e) => toastAlert(serverErrorText(e) ?? "An error occurred while performing this action."),
      },
    );
  };

  return (
    <>
      <BackLink to="/settings/groups" label="Back to Groups" />
      <PageHeader title="Add Group" />
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={nameError}
            maxLength={200}
          />
          <Text fw={500} size="sm">
            Locations
          </Text>
          <ScrollArea.Autosize mah={300}>
            <Stack gap={6}>
              {(locations.data?._embedded.locations ?? []).map((l) => (
                <Checkbox
                  key={l.id}
                  label={l.name}
                  checked={chosen.includes(l.id)}
                  onChange={(e) => {
                    // Read now: the event's currentTarget is gone when React runs a deferred updater.
                    const checked = e.currentTarget.checked;
                    setChosen((c) => (checked ? [...c, l.id] : c.filter((x) => x !== l.id)));
                  }}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate("/settings/groups")}>
              Cancel
            </Button>
            <Button onClick={save} loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
