import "@mantine/core/styles/Modal.css";
import {
  Anchor,
  Button,
  Drawer,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { DATE_DESCRIPTORS, type TDateDescriptor } from "@starboard/contract/date-ranges";
import { can } from "@starboard/contract/permissions";
import {
  SCHEDULED_EXPORT_MESSAGES as M,
  SCHEDULED_EXPORT_BODY_MAX,
  SCHEDULED_EXPORT_NAME_MAX,
  type TEmailFrequency,
  type TWeekDay,
  WEEK_DAYS,
} from "@starboard/contract/scheduled-exports";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useFilters } from "../../lib/filters";
import { useSearchParams } from "../../lib/search-params";
import { useSession } from "../../lib/session";
import { useAccountUserSearch, useSaveScheduledExport, useScheduledExport } from "./api";
import {
  COLLAPSED_FLYOUT_KEY,
  dateLabel,
  EMPTY_VALUES,
  exportTypeForPath,
  FLYOUT_WIDTH,
  FLYOUT_WIDTH_MOBILE,
  filtersFromQuery,
  MOBILE_QUERY,
  resourceIdForPath,
  sameValues,
  saveBlocker,
  type TFlyoutValues,
  typeLabel,
  USER_SEARCH_DEBOUNCE_MS,
  VISIBLE_USER_OPTIONS,
  valuesOf,
  withDayOfMonth,
  withFrequency,
} from "./flyout-values";
import { closeScheduleExport, useScheduleExportRequest } from "./store";

const FREQUENCIES: { value: TEmailFrequency; label: string }[] = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];
const DAYS = WEEK_DAYS.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }));
const SUCCESS_MS = 5000;
/** The keys a Scheduled Exports row's link adds to the report page (removed when the flyout closes). */
const EDIT_LINK_KEYS = [
  "flyout_edit",
  "export_id",
  "export_type",
  "email_subject",
  "recipients",
  "email_body",
  "email_frequency",
  "scheduled_time",
];
const OPTION_HEIGHT = 36;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_FLYOUT_KEY) !== "false";
  } catch {
    return true;
  }
}
function writeCollapsed(collapsed: boolean) {
  try {
    window.localStorage.setItem(COLLAPSED_FLYOUT_KEY, String(collapsed));
  } catch {
    // storage unavailable: the state is not remembered
  }
}

/**
 * The Schedule Export flyout (docs/product/platform.md §2, §4, §5, §8), mounted once in the app layout and opened
 * by a page's export menu (`openScheduleExport`) or by a link with flyout_edit=true and export_id (editing).
 * Right side, 380 px (320 on mobile); its open state is remembered (collapsedFlyout); it closes on a path
 * change unless flyout_edit=true; closing with changes asks to Keep Editing or Discard Changes.
 */
export function ScheduleExportFlyout() {
  const { session } = useSession();
  const allowed = Boolean(session) && can(session?.permissions, "create", "scheduled_export");
  const request = useScheduleExportRequest();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { dateDescriptor } = useFilters();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const flyoutEdit = params.get("flyout_edit") === "true";
  const pageType = exportTypeForPath(pathname);
  const [open, setOpen] = useState(() => !readCollapsed() && pageType !== null);
  const [discarding, setDiscarding] = useState(false);

  const editId = request?.scheduledExportId ?? (flyoutEdit ? (params.get("export_id") ?? undefined) : undefined);
  const exportType = request?.exportType ?? (flyoutEdit ? params.get("export_type") : null) ?? pageType ?? "reviews";
  const existing = useScheduledExport(open ? editId : undefined);
  const [baseline, setBaseline] = useState<TFlyoutValues>(EMPTY_VALUES);
  const [values, setValues] = useState<TFlyoutValues>(EMPTY_VALUES);
  const save = useSaveScheduledExport();

  useEffect(() => {
    if (request) setOpen(true);
  }, [request]);
  useEffect(() => {
    if (flyoutEdit) setOpen(true);
  }, [flyoutEdit]);
  useEffect(() => {
    writeCollapsed(!open);
  }, [open]);
  useEffect(() => {
    if (existing.data) {
      const loaded = valuesOf(existing.data);
      setBaseline(loaded);
      setValues(loaded);
    }
  }, [existing.data]);

  const reset = () => {
    setOpen(false);
    setDiscarding(false);
    setBaseline(EMPTY_VALUES);
    setValues(EMPTY_VALUES);
    closeScheduleExport();
  };
  const clearEditKeys = () => {
    if (!EDIT_LINK_KEYS.some((key) => params.has(key))) return;
    setParams(
      (next) => {
        for (const key of EDIT_LINK_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  // A path change closes the flyout, unless it is editing from a link (flyout_edit=true).
  const latest = useRef({ flyoutEdit, reset });
  latest.current = { flyoutEdit, reset };
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (!latest.current.flyoutEdit) latest.current.reset();
  }, [pathname]);

  const dirty = !sameValues(values, baseline);
  const close = () => {
    if (dirty) {
      setDiscarding(true);
      return;
    }
    reset();
    clearEditKeys();
  };

  const urlDescriptor = params.get("dateDescriptor");
  const descriptor: TDateDescriptor | null =
    (urlDescriptor && (DATE_DESCRIPTORS as readonly string[]).includes(urlDescriptor)
      ? (urlDescriptor as TDateDescriptor)
      : (existing.data?.date_range_legend as TDateDescriptor | undefined)) ?? dateDescriptor;
  const blocker = saveBlocker(values, descriptor);

  const onSave = () => {
    if (blocker || !session) return;
    const body = {
      account_id: session.account_id,
      export_type: exportType as never,
      resource_id: existing.data?.resource_id ?? resourceIdForPath(pathname),
      email_subject: values.email_subject.trim(),
      email_body: values.email_body,
      email_frequency: values.email_frequency as TEmailFrequency,
      scheduled_time: values.scheduled_time,
      scheduled_day: values.email_frequency === "weekly" ? values.scheduled_day : null,
      scheduled_day_of_month: values.email_frequency === "monthly" ? Number(values.scheduled_day_of_month) : null,
      date_range_legend: descriptor,
      filters: { ...filtersFromQuery(params, exportType), ...request?.filters },
      recipient_user_ids: values.recipients.map((r) => r.id),
    };
    const editing = Boolean(editId);
    save.mutate(
      { id: editId, body },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: editing ? M.updated : M.saved, autoClose: SUCCESS_MS });
          reset();
          clearEditKeys();
        },
        onError: () => notifications.show({ color: "red", message: editing ? M.updateFailed : M.saveFailed }),
      },
    );
  };

  if (!allowed || !session) return null;
  const title = editId ? "Edit Scheduled Export" : "Schedule Export";

  return (
    <>
      <Drawer
        opened={open}
        onClose={close}
        position="right"
        size={mobile ? FLYOUT_WIDTH_MOBILE : FLYOUT_WIDTH}
        withOverlay={false}
        lockScroll={false}
        closeOnClickOutside={false}
        title={title}
        closeButtonProps={{ "aria-label": "Close" }}
        data-testid="schedule-export-flyout"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {`${typeLabel(exportType)} export · ${dateLabel(descriptor)}`}
          </Text>
          <TextInput
            label="Name"
            required
            maxLength={SCHEDULED_EXPORT_NAME_MAX}
            value={values.email_subject}
            onChange={(e) => setValues({ ...values, email_subject: e.currentTarget.value })}
            description={`${values.email_subject.length}/${SCHEDULED_EXPORT_NAME_MAX}`}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={SCHEDULED_EXPORT_BODY_MAX}
            value={values.email_body}
            onChange={(e) => setValues({ ...values, email_body: e.currentTarget.value })}
          />
          <RecipientsInput
            accountId={session.account_id}
            value={values.recipients}
            onChange={(recipients) => setValues({ ...values, recipients })}
          />
          <Select
            label="Frequency"
            required
            data={FREQUENCIES}
            value={values.email_frequency || null}
            allowDeselect={false}
            onChange={(v) => v && setValues(withFrequency(values, v as TEmailFrequency))}
          />
          {values.email_frequency === "weekly" && (
            <Select
              label="Day"
              data={DAYS}
              value={values.scheduled_day}
              allowDeselect={false}
              onChange={(v) => v && setValues({ ...values, scheduled_day: v as TWeekDay })}
            />
          )}
          {values.email_frequency === "monthly" && (
            <TextInput
              label="Day of month"
              inputMode="numeric"
              value={values.scheduled_day_of_month}
              onChange={(e) => setValues(withDayOfMonth(values, e.currentTarget.value))}
            />
          )}
          <TextInput
            label="Time"
            type="time"
            required
            value={values.scheduled_time}
            onChange={(e) => setValues({ ...values, scheduled_time: e.currentTarget.value })}
          />
          <Group justify="space-between" mt="sm">
            <Anchor
              component={Link}
              size="sm"
              to={`/settings/scheduled-exports/manage?fromPage=${encodeURIComponent(typeLabel(exportType))}`}
              onClick={() => reset()}
            >
              Manage Exports
            </Anchor>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Tooltip label={blocker} disabled={!blocker}>
                <Button
                  onClick={onSave}
                  loading={save.isPending}
                  data-disabled={blocker ? true : undefined}
                  aria-disabled={blocker ? true : undefined}
                  data-testid="schedule-export-save"
                >
                  Save
                </Button>
              </Tooltip>
            </Group>
          </Group>
        </Stack>
      </Drawer>
      <Modal opened={discarding} onClose={() => setDiscarding(false)} title="Discard Changes" zIndex={400} centered>
        <Text size="sm">You have unsaved changes to this scheduled export.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDiscarding(false)}>
            Keep Editing
          </Button>
          <Button
            color="red"
            onClick={() => {
              reset();
              clearEditKeys();
            }}
          >
            Discard Changes
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/**
 * Recipients: account users found by a 250 ms debounced search, five options visible, each user once; Enter or
 * choosing an option adds it. A search that finds nobody says 'No users found in account.' (5 s).
 */
function RecipientsInput({
  accountId,
  value,
  onChange,
}: {
  accountId: string;
  value: { id: string; label: string }[];
  onChange: (value: { id: string; label: string }[]) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useAccountUserSearch(accountId, debounced);
  const found = users.data?._embedded.users ?? [];
  const noneFound = Boolean(debounced) && users.isSuccess && !users.isPlaceholderData && found.length === 0;

  useEffect(() => {
    if (noneFound) notifications.show({ color: "yellow", message: M.noUsers, autoClose: 5000 });
  }, [noneFound]);

  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const v of value) options.set(v.id, v.label);
    for (const u of found) if (u.status === "active") options.set(u.id, u.email);
    return [...options].map(([id, label]) => ({ value: id, label }));
  }, [value, found]);

  return (
    <MultiSelect
      label="Recipients"
      required
      searchable
      hidePickedOptions
      placeholder={value.length ? undefined : "Search users"}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      filter={({ options }) => options}
      maxDropdownHeight={VISIBLE_USER_OPTIONS * OPTION_HEIGHT}
      nothingFoundMessage={noneFound ? M.noUsers : undefined}
      value={value.map((v) => v.id)}
      onChange={(ids) =>
        onChange([...new Set(ids)].map((id) => ({ id, label: data.find((d) => d.value === id)?.label ?? id })))
      }
    />
  );
}
