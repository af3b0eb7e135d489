import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Radio.css";
import { Button, Group, Loader, Menu, Modal, Radio, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { EXPORT_MESSAGES } from "@starboard/contract/exports";
import { MICROSURVEY_SCALE_LABELS } from "@starboard/contract/microsurveys";
import { can } from "@starboard/contract/permissions";
import { IconCalendarTime, IconChevronDown, IconDownload, IconFileExport, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { useExport } from "../../../components/export/use-export";
import { openScheduleExport } from "../../../components/schedule-export/store";
import { useFilters } from "../../../lib/filters";
import { useSignedInSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";

/**
 * The summary page's export menu (docs/product/platform.md §2): Schedule Export (the microsurvey_responses type,
 * this microsurvey), Download CSV through the scale modal (locations.md §5 "Microsurvey CSV download": star scale
 * 1 to 5, the default, or NPS-style 1 to 10), and Print.
 */
export function MicrosurveyExportMenu({
  surveyId,
  defaultScale,
  dateQuery,
}: {
  surveyId: string;
  defaultScale: 5 | 10;
  dateQuery: { dateDescriptor: string; from?: string; to?: string };
}) {
  const session = useSignedInSession();
  const { dateDescriptor } = useFilters();
  const { state, start } = useExport("microsurvey_responses");
  const [opened, modal] = useDisclosure(false);
  const [scale, setScale] = useState<"5" | "10">(String(defaultScale) as "5" | "10");
  const running = state.phase === "running";
  const canSchedule = can(session.permissions, "create", "scheduled_export");
  const scheduleBlocked =
    dateDescriptor === "allTime"
      ? "All time date option is not supported"
      : dateDescriptor === "custom"
        ? "Select a preset date option"
        : null;
  const trialBlocked = session.account.status === "trial" && session.settings.trial_export !== true;

  const download = () => {
    modal.close();
    void start({
      resource_id: surveyId,
      normalize_star_rating: scale === "10" ? "true" : "false",
      ...dateQuery,
    });
  };

  return (
    <Group gap="xs" data-print-hide>
      {running && (
        <Group gap={6} role="status" aria-live="polite" data-testid="export-progress">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Preparing your export…
          </Text>
        </Group>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
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
                  onClick={() => openScheduleExport({ exportType: "microsurvey_responses" })}
                >
                  Schedule Export
                </Menu.Item>
              </div>
            </Tooltip>
          )}
          <Menu.Item
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={running}
            onClick={() =>
              trialBlocked ? toast({ level: "alert", message: EXPORT_MESSAGES.trialBlocked }) : modal.open()
            }
          >
            Download CSV
          </Menu.Item>
          <Menu.Item leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={modal.close} title="Download CSV" closeButtonProps={{ "aria-label": "Close" }}>
        <Stack gap="md">
          <Radio.Group label="Star ratings in the file" value={scale} onChange={(v) => setScale(v as "5" | "10")}>
            <Stack gap="xs" mt="xs">
              <Radio value="5" label={MICROSURVEY_SCALE_LABELS[5]} />
              <Radio value="10" label={MICROSURVEY_SCALE_LABELS[10]} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={modal.close}>
              Cancel
            </Button>
            <Button onClick={download} data-autofocus>
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
