import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/NumberInput.css";
import { Button, Group, NumberInput, Select, Switch } from "@mantine/core";
import { REVIEW_LIST_SORT_OPTIONS, type TReviewListSort } from "@starboard/contract/triage";
import { useState } from "react";

/** The sort option a URL's `sort` names (Newest by default). */
export function sortOption(value: string | null | undefined) {
  return REVIEW_LIST_SORT_OPTIONS.find((o) => o.value === value) ?? REVIEW_LIST_SORT_OPTIONS[0];
}

/** The list's sort control, "Assigned to me", and a jump to a page (all kept in the URL by the page). */
export function ReviewListControls({
  sort,
  onSort,
  assignedToMe,
  onAssignedToMe,
  totalPages,
  onJump,
}: {
  sort: TReviewListSort;
  onSort: (sort: TReviewListSort) => void;
  assignedToMe: boolean;
  onAssignedToMe: (on: boolean) => void;
  totalPages: number;
  onJump: (page: number) => void;
}) {
  const [target, setTarget] = useState<string | number>("");
  const jump = () => {
    const n = Math.floor(Number(target));
    if (!Number.isFinite(n) || n < 1) return;
    onJump(Math.min(n, Math.max(1, totalPages)));
    setTarget("");
  };
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="review-list-controls">
      <Select
        label="Sort by"
        size="xs"
        w={180}
        data={REVIEW_LIST_SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        value={sort}
        onChange={(value) => value && onSort(value as TReviewListSort)}
        allowDeselect={false}
        data-testid="review-sort"
      />
      <Switch
        label="Assigned to me"
        checked={assignedToMe}
        onChange={(e) => onAssignedToMe(e.currentTarget.checked)}
        data-testid="assigned-to-me"
        mb={4}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          jump();
        }}
      >
        <Group gap={4} align="flex-end" wrap="nowrap">
          <NumberInput
            label={`Go to page (of ${Math.max(1, totalPages)})`}
            size="xs"
            w={150}
            min={1}
            max={Math.max(1, totalPages)}
            value={target}
            onChange={setTarget}
            hideControls
            data-testid="page-jump"
          />
          <Button size="xs" variant="default" type="submit" disabled={target === ""}>
            Go
          </Button>
        </Group>
      </form>
    </Group>
  );
}
