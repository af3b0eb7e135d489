import { Select } from "@mantine/core";
import type { TReview } from "@starboard/contract/reviews";
import { useReviewStatusLabels } from "../api/get-review-status-labels";
import { useUpdateReview } from "../api/update-review";

const NO_STATUS = "";

/** The review's status label (PATCH /reviews/{id}); read-only without review update. */
export function StatusLabelSelect({ review, canUpdate }: { review: TReview; canUpdate: boolean }) {
  const labels = useReviewStatusLabels();
  const update = useUpdateReview();
  const data = [
    { value: NO_STATUS, label: "No status" },
    ...(labels.data ?? []).map((label) => ({ value: label.id, label: label.name })),
  ];
  return (
    <Select
      label="Status"
      data={data}
      value={update.isPending ? (update.variables.status_label_id ?? NO_STATUS) : (review.status_label_id ?? NO_STATUS)}
      onChange={(value) => {
        const next = value || null;
        if (next !== review.status_label_id) update.mutate({ id: review.id, status_label_id: next });
      }}
      allowDeselect={false}
      disabled={!canUpdate || labels.isLoading}
      error={labels.isError ? "Could not load the status labels" : undefined}
      data-testid="status-select"
    />
  );
}
