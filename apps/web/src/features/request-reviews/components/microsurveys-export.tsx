import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Radio.css";
import { Button, Group, Modal, Radio, Stack } from "@mantine/core";
import { MICROSURVEY_SCALE_LABELS } from "@starboard/contract/microsurveys";
import { useRef, useState } from "react";
import { ExportMenu } from "../../../components/export/export-menu";

type TScaleAnswer = Record<string, string> | null;

/**
 * The summary page's export menu (docs/product/platform.md §2), the shared one: Schedule Export (the
 * microsurvey_responses type, this microsurvey, the star scale the summary shows as the schedule's
 * normalize_star_rating), Download CSV through the scale modal (locations.md §5 "Microsurvey CSV download": star
 * scale 1 to 5, the microsurvey's own by default, or NPS-style 1 to 10), and Print.
 */
export function MicrosurveyExportMenu({
  surveyId,
  defaultScale,
  pageScale,
  dateQuery,
}: {
  surveyId: string;
  /** The microsurvey's own scale: the modal's first choice. */
  defaultScale: 5 | 10;
  /** The scale the summary shows: the one a scheduled export keeps. */
  pageScale: 5 | 10;
  dateQuery: { dateDescriptor: string; from?: string; to?: string };
}) {
  const [opened, setOpened] = useState(false);
  const [scale, setScale] = useState<"5" | "10">(String(defaultScale) as "5" | "10");
  // The open modal's answer to the menu's Download CSV (its beforeDownload).
  const answer = useRef<((value: TScaleAnswer) => void) | null>(null);

  const askScale = () =>
    new Promise<TScaleAnswer>((resolve) => {
      answer.current = resolve;
      setOpened(true);
    });
  const finish = (value: TScaleAnswer) => {
    setOpened(false);
    answer.current?.(value);
    answer.current = null;
  };

  return (
    <>
      <ExportMenu
        resource="microsurvey_responses"
        filters={{ resource_id: surveyId, ...dateQuery }}
        beforeDownload={askScale}
        scheduleFilters={{ normalize_star_rating: pageScale === 10 }}
      />
      <Modal
        opened={opened}
        onClose={() => finish(null)}
        title="Download CSV"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Stack gap="md">
          <Radio.Group label="Star ratings in the file" value={scale} onChange={(v) => setScale(v as "5" | "10")}>
            <Stack gap="xs" mt="xs">
              <Radio value="5" label={MICROSURVEY_SCALE_LABELS[5]} />
              <Radio value="10" label={MICROSURVEY_SCALE_LABELS[10]} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => finish(null)}>
              Cancel
            </Button>
            <Button onClick={() => finish({ normalize_star_rating: scale === "10" ? "true" : "false" })} data-autofocus>
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
