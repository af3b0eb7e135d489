import { Select } from "@mantine/core";
import type { TReview } from "@starboard/contract/reviews";
import { useAssignees, useAssignReview } from "../api/assign-review";

const NOBODY = "";

/** Who the review is assigned to (PUT /reviews/{id}/assignment); Managers and Admins change it. */
export function AssigneeSelect({ review, canAssign }: { review: TReview; canAssign: boolean }) {
  const assignees = useAssignees(canAssign);
  const assign = useAssignReview();
  const current = review.assigned_user;
  const data = [
    { value: NOBODY, label: "Nobody" },
    ...(assignees.data ?? []).map((u) => ({ value: u.id, label: u.name })),
  ];
  if (current && !data.some((d) => d.value === current.id)) data.push({ value: current.id, label: current.name });
  return (
    <Select
      label="Assigned to"
      data={data}
      value={assign.isPending ? (assign.variables.userId ?? NOBODY) : (current?.id ?? NOBODY)}
      onChange={(value) => {
        const next = value || null;
        if (next !== (current?.id ?? null)) assign.mutate({ id: review.id, userId: next });
      }}
      allowDeselect={false}
      searchable
      disabled={!canAssign || assignees.isLoading}
      description={canAssign ? "The assignee gets an e-mail." : "Managers and Admins assign reviews."}
      error={assignees.isError ? "Could not load the users" : undefined}
      data-testid="assignee-select"
    />
  );
}
