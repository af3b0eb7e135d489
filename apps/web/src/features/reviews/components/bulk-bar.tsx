import { Button, Checkbox, Group, Paper, Progress, Select, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TBulkAction, TBulkActionCreate, TBulkActionKind } from "@starboard/contract/triage";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useAssignees } from "../api/assign-review";
import { isBulkActionRunning, useBulkActions, useCreateBulkAction, useUndoBulkAction } from "../api/bulk-actions";
import { useReviewStatusLabels } from "../api/get-review-status-labels";

export type TBulkSelection = { kind: "ids"; ids: string[] } | { kind: "all"; total: number };

const KIND_LABELS: Record<TBulkActionKind, string> = {
  set_status_label: "Set status",
  add_tag: "Add tag",
  remove_tag: "Remove tag",
  assign: "Assign",
};

/** Words for a change's progress ("Assign to Sam Lee: 4 of 10"). */
export function progressText(action: Pick<TBulkAction, "description" | "status" | "done" | "total">): string {
  if (action.status === "undoing") return `Undoing "${action.description}": ${action.done} of ${action.total}`;
  if (action.status === "undone") return `Undone: ${action.description}`;
  if (action.status === "failed") return `Failed: ${action.description}`;
  if (action.status === "done")
    return `Done: ${action.description} (${action.total} ${action.total === 1 ? "review" : "reviews"})`;
  return `${action.description}: ${action.done} of ${action.total}`;
}

/**
 * The bulk change of the selected reviews (or all matching the filters): set a status, add or remove a
 * tag, assign. It runs as a job; its progress shows here, and the last change can be undone.
 */
export function BulkBar({
  selection,
  filterQuery,
  pageCount,
  matching,
  allOnPage,
  onToggleAllOnPage,
  onSelectAllMatching,
  onClear,
  canAssign,
}: {
  selection: TBulkSelection;
  /** The list's query (the review filter), for "all matching". */
  filterQuery: Record<string, string | string[]>;
  pageCount: number;
  matching: number;
  allOnPage: boolean;
  onToggleAllOnPage: (on: boolean) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
  canAssign: boolean;
}) {
  const [kind, setKind] = useState<TBulkActionKind>("set_status_label");
  const [value, setValue] = useState<string | null>(null);
  const [tag, setTag] = useState("");
  const [started, setStarted] = useState<string | null>(null);
  const labels = useReviewStatusLabels(true);
  const assignees = useAssignees(canAssign);
  const create = useCreateBulkAction();
  const undo = useUndoBulkAction();
  const actions = useBulkActions(started !== null);
  const current = actions.data?.find((a) => a.id === started);
  const count = selection.kind === "ids" ? selection.ids.length : selection.total;
  const announced = useRef<string | null>(null);
  const qc = useQueryClient();

  // Once the change is done, say so with an Undo.
  useEffect(() => {
    if (!current || announced.current === `${current.id}:${current.status}`) return;
    if (current.status === "done" || current.status === "undone") {
      announced.current = `${current.id}:${current.status}`;
      void qc.invalidateQueries({ queryKey: ["reviews"] });
      notifications.show({
        color: "teal",
        message: progressText(current),
        autoClose: 5000,
        closeButtonProps: { "aria-label": "Close notification" },
      });
    }
  }, [current, qc]);

  const kinds = (Object.keys(KIND_LABELS) as TBulkActionKind[]).filter((k) => k !== "assign" || canAssign);
  const apply = () => {
    const body: TBulkActionCreate =
      selection.kind === "ids" ? { kind, review_ids: selection.ids } : { kind, filter: filterQuery };
    if (kind === "set_status_label") body.status_label_id = value || null;
    else if (kind === "assign") body.user_id = value || null;
    else body.tag = tag.trim();
    create.mutate(body, { onSuccess: (action) => setStarted(action.id) });
  };
  const ready = kind === "add_tag" || kind === "remove_tag" ? tag.trim() !== "" : value !== null;

  return (
    <Paper withBorder p="sm" mb="md" data-testid="bulk-bar" component="section" aria-label="Bulk changes">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="wrap">
          <Checkbox
            label="Select this page"
            checked={allOnPage}
            indeterminate={!allOnPage && count > 0 && selection.kind === "ids"}
            onChange={(e) => onToggleAllOnPage(e.currentTarget.checked)}
            data-testid="select-page"
          />
          <Text size="sm" aria-live="polite" data-testid="selected-count">
            {count === 0 ? "No reviews selected" : `${count.toLocaleString("en-US")} selected`}
          </Text>
          {selection.kind === "ids" && allOnPage && matching > pageCount && (
            <Button size="compact-sm" variant="default" onClick={onSelectAllMatching} data-testid="select-all-matching">
              {`Select all ${matching.toLocaleString("en-US")} matching`}
            </Button>
          )}
          {count > 0 && (
            <Button size="compact-sm" variant="default" onClick={onClear}>
              Clear selection
            </Button>
          )}
        </Group>
        {count > 0 && (
          <Group gap="xs" wrap="wrap" align="flex-end">
            <Select
              size="xs"
              label="Change"
              w={140}
              data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
              value={kind}
              onChange={(v) => {
                if (!v) return;
                setKind(v as TBulkActionKind);
                setValue(null);
              }}
              allowDeselect={false}
              data-testid="bulk-kind"
            />
            {kind === "set_status_label" && (
              <Select
                size="xs"
                label="Status"
                w={170}
                data={[
                  { value: "", label: "No status" },
                  ...(labels.data ?? []).map((l) => ({ value: l.id, label: l.name })),
                ]}
                value={value}
                onChange={setValue}
                data-testid="bulk-status"
              />
            )}
            {kind === "assign" && (
              <Select
                size="xs"
                label="Assign to"
                w={190}
                searchable
                data={[
                  { value: "", label: "Nobody" },
                  ...(assignees.data ?? []).map((u) => ({ value: u.id, label: u.name })),
                ]}
                value={value}
                onChange={setValue}
                data-testid="bulk-assignee"
              />
            )}
            {(kind === "add_tag" || kind === "remove_tag") && (
              <TextInput
                size="xs"
                label="Tag"
                w={170}
                value={tag}
                onChange={(e) => setTag(e.currentTarget.value)}
                data-testid="bulk-tag"
              />
            )}
            <Button size="xs" onClick={apply} disabled={!ready} loading={create.isPending} data-testid="bulk-apply">
              {`Apply to ${count.toLocaleString("en-US")}`}
            </Button>
          </Group>
        )}
      </Group>
      {current && (
        <Group mt="sm" gap="sm" wrap="wrap" data-testid="bulk-progress" aria-live="polite">
          <Text size="sm">{progressText(current)}</Text>
          {isBulkActionRunning(current) && (
            <Progress
              value={current.total ? (100 * current.done) / current.total : 0}
              w={160}
              aria-label="Progress of the change"
            />
          )}
          {current.undoable && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => undo.mutate(current.id)}
              loading={undo.isPending}
              data-testid="bulk-undo"
            >
              Undo
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
