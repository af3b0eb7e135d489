import { Button, Group, Paper } from "@mantine/core";
import { useState } from "react";
import { useNavigate, useLocation as useRouterLocation } from "react-router";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { PageHeader } from "../../../components/shell/page-header";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSignedInSession } from "../../../lib/session";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { type TLocationBody, useCreateLocation } from "../api/locations";
import { BackLink } from "../components/back-link";
import { CategoryField } from "../components/category-field";
import { LocationForm } from "../components/location-form";
import { NpiField } from "../components/npi-field";
import { UnsavedChangesModal, useUnloadGuard } from "../components/unsaved-changes";
import { draftErrors, emptyDraft, locationBody, type TLocationDraft } from "../location-draft";
import { listQueryOf, MISSING_REQUIRED_MESSAGE, npiLocalError } from "../location-rules";

/** /settings/locations/new: the location form for a new location. */
export default function LocationNewRoute() {
  const session = useSignedInSession();
  const canCreate = useCan("create", "location");
  const canGroups = useCan("create", "group");
  const navigate = useNavigate();
  const { search } = useRouterLocation();
  const create = useCreateLocation();
  const [draft, setDraft] = useState<TLocationDraft>(emptyDraft);
  const [dirty, setDirty] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [npiError, setNpiError] = useState<string | null>(null);
  const healthcare = session.account.vertical === "healthcare";
  useUnloadGuard(dirty);

  if (!canCreate) return <NotPermitted title="Add Location" />;
  const back = `/settings/locations${listQueryOf(search)}`;

  const change = (next: TLocationDraft) => {
    setDraft(next);
    setDirty(true);
  };

  const save = () => {
    const errors = draftErrors(draft);
    if (Object.keys(errors).length > 0) {
      setShowAll(true);
      toastAlert(MISSING_REQUIRED_MESSAGE);
      return;
    }
    if (healthcare && (npiError || npiLocalError(draft.npi))) return;
    const body = locationBody(draft, {
      existing: false,
      withPlaceId: draft.google_place_id.trim() !== "",
      withNpi: healthcare,
    }) as TLocationBody;
    create.mutate(body, {
      onSuccess: (location) => {
        setDirty(false);
        toastSuccess("Location created successfully.");
        void navigate(
          canGroups ? `/settings/locations/new/${encodeURIComponent(location.id)}/groups${listQueryOf(search)}` : back,
        );
      },
      onError: (error) =>
        toastAlert(
          serverErrorText(error) ??
            "There was an issue with updating this location. Please review the form and try again.",
        ),
    });
  };

  return (
    <>
      <BackLink to={back} label="Back to Locations" />
      <PageHeader title="Add Location" />
      <Paper withBorder p="md" radius="md">
        <LocationForm
          value={draft}
          onChange={change}
          existing={false}
          showAllErrors={showAll}
          serverErrors={apiFieldErrors(create.error)}
          disabled={create.isPending}
          category={<CategoryField draft={draft} onChange={change} disabled={create.isPending} />}
          npi={healthcare ? <NpiField draft={draft} onChange={change} onError={setNpiError} /> : undefined}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => (dirty ? setLeaving(true) : void navigate(back))}>
            Cancel
          </Button>
          <Button onClick={save} loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Paper>
      <UnsavedChangesModal opened={leaving} onStay={() => setLeaving(false)} onLeave={() => void navigate(back)} />
    </>
  );
}
