import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { updateLocation } from "../api/locations";
import { DAYS, emptyWeek, incompleteDays, serializeWeek, type TWeekHours } from "../hours/week.ts";
import { HoursEditor } from "./hours-editor.tsx";

/** The bulk result message (docs/product/locations.md §8 "Bulk hours"). */
export function bulkFailureMessage(failed: number): string {
  return failed === 1 ? "Location could not be updated" : `${failed} locations could not be updated`;
}

/**
 * The bulk hours editor: one week of hours saved to every selected location (PATCH /locations/{id} each).
 * Confirm is disabled when there are no hours or while saving (§5 "Bulk hours").
 */
export function BulkHoursModal({
  opened,
  locationIds,
  onClose,
  onDone,
}: {
  opened: boolean;
  locationIds: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const [week, setWeek] = useState<TWeekHours>(emptyWeek);
  const [saving, setSaving] = useState(false);
  const hasHours = DAYS.some((d) => week[d].open);
  const incomplete = incompleteDays(week).length > 0;

  const confirm = async () => {
    setSaving(true);
    const hours = serializeWeek(week);
    const results = await Promise.allSettled(locationIds.map((id) => updateLocation(id, { hours })));
    setSaving(false);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    await qc.invalidateQueries({ queryKey: ["locations"] });
    if (failures.length === 0) {
      toastSuccess("Successfully updated hours");
      setWeek(emptyWeek());
      onDone();
      return;
    }
    const first = failures[0]?.reason;
    const text = serverErrorText(first);
    toastAlert(
      failures.length === locationIds.length && text && locationIds.length === 1
        ? text
        : bulkFailureMessage(failures.length),
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Hours" size="xl" centered>
      <Stack>
        <Text size="sm">
          {`These hours replace the hours of ${locationIds.length} selected location${locationIds.length === 1 ? "" : "s"}.`}
        </Text>
        <HoursEditor value={week} onChange={setWeek} disabled={saving} />
        {incomplete && (
          <Text size="sm" c="red.8">
            Every open day needs an opening and a closing time.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={!hasHours || saving || incomplete} loading={saving}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
