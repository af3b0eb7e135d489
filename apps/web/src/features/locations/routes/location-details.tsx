import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Skeleton.css";
import { Button, Group, Modal, Paper, Skeleton, Stack, Text } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams, useLocation as useRouterLocation } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { type TLocationPatch, useLocation, useUpdateLocation } from "../api/locations";
import { specialHoursKey } from "../api/special-hours";
import { BackLink } from "../components/back-link";
import { CategoryField } from "../components/category-field";
import { DeleteLocation } from "../components/delete-location";
import { DetailExtras } from "../components/detail-extras";
import { HolidayHoursCard } from "../components/holiday-hours-card";
import {
  HolidayHoursSection,
  noHolidayChanges,
  saveHolidayChanges,
  type THolidayChanges,
  writesHolidayDates,
} from "../components/holiday-hours-section";
import { LocationForm } from "../components/location-form";
import { LocationQuickSearch } from "../components/location-quick-search";
import { LocationView } from "../components/location-view";
import { NpiField } from "../components/npi-field";
import { OverridesEditor, OverridesView, type TOverridesEditorHandle } from "../components/overrides";
import { UnsavedChangesModal, useUnloadGuard } from "../components/unsaved-changes";
import { holidayHoursOn } from "../hours/holidays.ts";
import { draftErrors, draftOf, locationBody, type TLocationDraft } from "../location-draft";
import { listQueryOf, MISSING_REQUIRED_MESSAGE, npiLocalError } from "../location-rules";
import { useMinDuration } from "../use-min-duration";

/**
 * /settings/locations/{id}/details: the location in view mode, and the location form in edit mode
 * (withEdit=true opens edit mode for users who may update locations).
 */
export default function LocationDetailsRoute() {
  const { locationId = "" } = useParams();
  const [params] = useSearchParams();
  const canUpdate = useCan("update", "location");
  const query = useLocation(locationId);
  const loading = useMinDuration(query.isPending, locationId);
  const withEdit = canUpdate && params.get("withEdit") === "true";
  const [editing, setEditing] = useState(withEdit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another location starts in the mode its address asks for
  useEffect(() => {
    setEditing(withEdit);
  }, [locationId, withEdit]);

  if (loading) {
    return (
      <Stack role="status" aria-label="Loading location" data-testid="location-skeleton">
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <>
        <BackLink to="/settings/locations" label="Back to Locations" />
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <LocationDetails
      key={query.data.id}
      location={query.data}
      editing={editing}
      setEditing={setEditing}
      reload={() => void query.refetch()}
    />
  );
}

function LocationDetails({
  location,
  editing,
  setEditing,
  reload,
}: {
  location: TLocation;
  editing: boolean;
  setEditing: (on: boolean) => void;
  reload: () => void;
}) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const { search } = useRouterLocation();
  const canUpdate = useCan("update", "location");
  const canDelete = useCan("delete", "location");
  const update = useUpdateLocation();
  const qc = useQueryClient();
  const healthcare = session.account.vertical === "healthcare";
  const holidaysOn = holidayHoursOn(session.settings);
  const [draft, setDraft] = useState<TLocationDraft>(() => draftOf(location));
  const [dirty, setDirty] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [leaving, setLeaving] = useState<null | (() => void)>(null);
  const [npiError, setNpiError] = useState<string | null>(null);
  const [holidayChanges, setHolidayChanges] = useState<THolidayChanges>(noHolidayChanges);
  const [overrideConfirm, setOverrideConfirm] = useState(false);
  const [saving, setSaving] = useState(false);
  const [overridesRef, setOverridesRef] = useState<TOverridesEditorHandle | null>(null);
  useUnloadGuard(editing && dirty);

  const listQuery = listQueryOf(search);
  const detailsPath = `/settings/locations/${encodeURIComponent(location.id)}/details${listQuery}`;
  const change = (next: TLocationDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const startEdit = () => {
    setDraft(draftOf(location));
    setShowAll(false);
    setDirty(false);
    setHolidayChanges(noHolidayChanges());
    setEditing(true);
  };
  const leaveEdit = () => {
    setEditing(false);
    setDirty(false);
    setHolidayChanges(noHolidayChanges());
    reload();
    void navigate(detailsPath, { replace: true });
  };
  const cancel = () => (dirty ? setLeaving(() => leaveEdit) : leaveEdit());

  const attemptSave = () => {
    const errors = draftErrors(draft);
    const overrideErrors = overridesRef?.validate() ?? false;
    if (Object.keys(errors).length > 0 || overrideErrors) {
      setShowAll(true);
      toastAlert(MISSING_REQUIRED_MESSAGE);
      return;
    }
    if (healthcare && (npiError || npiLocalError(draft.npi))) return;
    if (writesHolidayDates(holidayChanges)) setOverrideConfirm(true);
    else void save();
  };

  const save = async () => {
    setOverrideConfirm(false);
    setSaving(true);
    try {
      try {
        await saveHolidayChanges(location, holidayChanges);
      } catch (error) {
        toastAlert(serverErrorText(error) ?? "There was an error updating holiday hours");
        return;
      } finally {
        await qc.invalidateQueries({ queryKey: specialHoursKey(location.id) });
      }
      if (overridesRef) {
        const ok = await overridesRef.save();
        if (!ok) return;
      }
      const body = locationBody(draft, {
        existing: true,
        withPlaceId: session.user_type_id === 1,
        withNpi: healthcare,
      }) as TLocationPatch;
      await update.mutateAsync({ id: location.id, body });
      toastSuccess("Location updated successfully.");
      setDirty(false);
      setEditing(false);
      setHolidayChanges(noHolidayChanges());
      void navigate(detailsPath, { replace: true });
    } catch (error) {
      toastAlert(
        serverErrorText(error) ??
          "There was an issue with updating this location. Please review the form and try again.",
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <BackLink to={`/settings/locations${listQuery}`} label="Back to Locations" />
        <LocationQuickSearch />
      </Group>
      <PageHeader
        title={location.name}
        actions={
          !editing && (
            <Group gap="sm">
              {canUpdate && <Button onClick={startEdit}>Edit Location</Button>}
              {canDelete && <DeleteLocation location={location} search={search} />}
            </Group>
          )
        }
      />
      {editing ? (
        <Paper withBorder p="md" radius="md">
          <LocationForm
            value={draft}
            onChange={change}
            existing
            showAllErrors={showAll}
            serverErrors={apiFieldErrors(update.error)}
            disabled={saving}
            category={<CategoryField draft={draft} onChange={change} disabled={saving} />}
            npi={
              healthcare ? (
                <NpiField
                  draft={draft}
                  onChange={change}
                  onError={setNpiError}
                  stateCode={draft.address.state === (location.state ?? "") ? location.state_code : null}
                />
              ) : undefined
            }
            extra={
              <>
                {holidaysOn && (
                  <HolidayHoursSection
                    location={location}
                    changes={holidayChanges}
                    onChange={(c) => {
                      setHolidayChanges(c);
                      setDirty(true);
                    }}
                    disabled={saving}
                  />
                )}
                <OverridesEditor location={location} handleRef={setOverridesRef} onDirty={() => setDirty(true)} />
              </>
            }
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={attemptSave} loading={saving}>
              Save
            </Button>
          </Group>
        </Paper>
      ) : (
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <LocationView
              location={location}
              overrides={<OverridesView location={location} />}
              holidays={holidaysOn ? <HolidayHoursCard location={location} /> : undefined}
            />
          </Paper>
          <DetailExtras location={location} />
        </Stack>
      )}
      <UnsavedChangesModal
        opened={leaving !== null}
        onStay={() => setLeaving(null)}
        onLeave={() => {
          const go = leaving;
          setLeaving(null);
          go?.();
        }}
      />
      <HolidayOverrideConfirm
        opened={overrideConfirm}
        onCancel={() => setOverrideConfirm(false)}
        onConfirm={() => void save()}
      />
    </>
  );
}

function HolidayOverrideConfirm({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmModal
      opened={opened}
      title="Override Holiday Hours"
      text="Saving will override the holiday hours already set for these dates on this location. Do you want to continue?"
      confirm="Continue"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

function ConfirmModal({
  opened,
  title,
  text,
  confirm,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm" mb="md">
        {text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirm}</Button>
      </Group>
    </Modal>
  );
}
