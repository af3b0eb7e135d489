import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Menu.css";
import { Anchor, Button, Group, Loader, Menu, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { EXPORT_MESSAGES, type TExportResource } from "@starboard/contract/exports";
import { can } from "@starboard/contract/permissions";
import type { TScheduledExportFilters } from "@starboard/contract/scheduled-exports";
import { IconCalendarTime, IconChevronDown, IconDownload, IconFileExport, IconPrinter } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { readFilters, useFilters } from "../../lib/filters";
import { useSignedInSession } from "../../lib/session";
import { daysLeftText, UPGRADE_PATH } from "../layout/trial-banner";
import { openScheduleExport } from "../schedule-export/store";
import "./export-print.css";
import { type ExportFilters, useExport } from "./use-export";

export interface ExportMenuProps {
  /** What Download CSV exports (docs/product/platform.md §7 resources). */
  resource: TExportResource;
  /** The export type the Schedule Export flyout offers (the page's; the resource by default). */
  exportType?: string;
  /** The list's own query (API keys); the page's address filters otherwise. */
  filters?: ExportFilters;
  /** The optional extra entry. */
  extra?: { label: string; icon?: ReactNode; onClick: () => void };
  /**
   * Asked when Download CSV is chosen, before the export starts (a modal asking for an option, say): the extra
   * parameters the export takes with the filters, or null to cancel the download.
   */
  beforeDownload?: () => Promise<Record<string, string> | null>;
  /** Filters the Schedule Export flyout saves on top of the page's (the ones the address does not hold). */
  scheduleFilters?: TScheduledExportFilters;
}

/** The Schedule Export tooltip for a date filter that cannot be scheduled, or null (§5). */
function scheduleBlockedReason(descriptor: string | undefined): string | null {
  if (descriptor === "allTime") return "All time date option is not supported";
  if (!descriptor || descriptor === "custom") return "Select a preset date option";
  return null;
}

/**
 * The export menu (docs/product/platform.md §2): Schedule Export, Download CSV, Print and an optional
 * extra entry. Download CSV runs the asynchronous export with its progress and every message of §8;
 * a trial account without trial_export is told 'Exporting isn't allowed for trial users' with the days
 * left and the way to upgrade (§6).
 */
export function ExportMenuPanel({
  resource,
  exportType,
  filters,
  extra,
  beforeDownload,
  scheduleFilters,
  defaultOpened = false,
}: ExportMenuProps & { defaultOpened?: boolean }) {
  const target = useRef<HTMLButtonElement>(null);
  // Loaded by a click on the light button (export-menu.tsx): keep the focus where the user put it.
  useEffect(() => {
    if (defaultOpened) target.current?.focus();
  }, [defaultOpened]);
  const session = useSignedInSession();
  const { dateDescriptor } = useFilters();
  const { state, start } = useExport(resource);
  const [trialOpen, trial] = useDisclosure(false);
  const trialBlocked = session.account.status === "trial" && session.settings.trial_export !== true;
  const canSchedule = can(session.permissions, "create", "scheduled_export");
  const scheduleBlocked = scheduleBlockedReason(dateDescriptor);
  const running = state.phase === "running";

  const download = async () => {
    if (trialBlocked) return trial.open();
    const extraParams = beforeDownload ? await beforeDownload() : {};
    if (extraParams === null) return;
    const params = new URLSearchParams(window.location.search);
    void start({ ...(filters ?? pageFilters(params, window.location.pathname, dateDescriptor)), ...extraParams });
  };

  return (
    <Group gap="xs" data-print-hide>
      {running && (
        <Group gap={6} role="status" aria-live="polite" data-testid="export-progress">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {state.rows > 0
              ? `Preparing your export: ${state.rows.toLocaleString("en-US")} rows`
              : "Preparing your export…"}
          </Text>
        </Group>
      )}
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <Button
            ref={target}
            variant="default"
            size="sm"
            leftSection={<IconFileExport size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canSchedule && (
            <Tooltip label={scheduleBlocked} disabled={!scheduleBlocked} position="left" withinPortal>
              <div>
                <Menu.Item
                  leftSection={<IconCalendarTime size={16} aria-hidden />}
                  disabled={Boolean(scheduleBlocked)}
                  onClick={() => openScheduleExport({ exportType: exportType ?? resource, filters: scheduleFilters })}
                >
                  Schedule Export
                </Menu.Item>
              </div>
            </Tooltip>
          )}
          <Menu.Item
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={running}
            onClick={() => void download()}
          >
            Download CSV
          </Menu.Item>
          <Menu.Item leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print
          </Menu.Item>
          {extra && (
            <Menu.Item leftSection={extra.icon} onClick={extra.onClick}>
              {extra.label}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={trialOpen} onClose={trial.close} title="Export">
        <Stack gap="sm">
          <Text fw={600}>{EXPORT_MESSAGES.trialBlocked}</Text>
          {daysLeftText(session.trial.days_left) && <Text size="sm">{daysLeftText(session.trial.days_left)}</Text>}
          {can(session.permissions, "update", "billing") ? (
            <Button component={Link} to={UPGRADE_PATH} onClick={trial.close}>
              Upgrade now
            </Button>
          ) : (
            <Text size="sm">
              Ask an administrator of your account to upgrade, or see{" "}
              <Anchor component={Link} to="/settings/billing" onClick={trial.close}>
                billing
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </Modal>
    </Group>
  );
}

/** The page's filters from its address (the filter bar's keys; the server reads them as the list's). */
function pageFilters(params: URLSearchParams, pathname: string, dateDescriptor: string): ExportFilters {
  const state = readFilters(params, pathname);
  const out: ExportFilters = {
    dateDescriptor,
    from: state.from,
    to: state.to,
    sentiment: state.sentiment,
    search_terms: state.search_terms,
  };
  for (const key of ["groupId", "locationId", "sourceId", "rating", "category", "status", "type"] as const) {
    if (state[key].length) out[key] = state[key];
  }
  return out;
}
