import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { can } from "@starboard/contract/permissions";
import {
  fillTemplate,
  PLACEHOLDER_SAMPLES,
  RESPONSE_TEMPLATE_PLACEHOLDERS,
} from "@starboard/contract/response-templates";
import type { TResponseTemplate } from "@starboard/contract/reviews";
import { useRef, useState } from "react";
import { PageHeader } from "../../../components/shell/page-header";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { EmptyRows, TableSkeleton } from "../../../components/shell/table-states";
import { useSession } from "../../../lib/session";
import { useDeleteTemplate, useSaveTemplate, useTemplateSources, useTemplates } from "../api/response-templates-admin";
import { BackLink } from "../components/back-link";

type Draft = {
  id?: string;
  name: string;
  content: string;
  rating_min: number | null;
  rating_max: number | null;
  source_ids: string[];
};
const EMPTY: Draft = { name: "", content: "", rating_min: null, rating_max: null, source_ids: [] };
type TSourceOption = { value: string; label: string };

const sourcesText = (ids: string[], options: TSourceOption[] | undefined) =>
  ids.length === 0
    ? "All sources"
    : ids.map((id) => options?.find((o) => o.value === id)?.label ?? "Unknown source").join(", ");

const ratingsText = (t: Pick<TResponseTemplate, "rating_min" | "rating_max">) =>
  t.rating_min === null && t.rating_max === null ? "Any rating" : `${t.rating_min ?? 0} to ${t.rating_max ?? 5} stars`;

/** The template form: name, text with placeholders (inserted at the cursor), ratings, and a live preview. */
function TemplateForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [value, setValue] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate();
  const sources = useTemplateSources();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const insert = (key: string) => {
    const el = textRef.current;
    const token = `{${key}}`;
    const start = el?.selectionStart ?? value.content.length;
    const end = el?.selectionEnd ?? value.content.length;
    setValue((v) => ({ ...v, content: v.content.slice(0, start) + token + v.content.slice(end) }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const submit = () => {
    const next: Record<string, string> = {};
    if (!value.name.trim()) next.name = "Name is required";
    if (!value.content.trim()) next.content = "Content is required";
    if (value.rating_min !== null && value.rating_max !== null && value.rating_min > value.rating_max)
      next.rating_min = "The lowest rating must not be above the highest";
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { ...value, name: value.name.trim(), content: value.content.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: value.id ? "Template saved" : "Template created",
            autoClose: 5000,
            closeButtonProps: { "aria-label": "Close notification" },
          });
          onClose();
        },
        onError: (e) =>
          notifications.show({
            color: "red",
            message: errorMessage(e),
            closeButtonProps: { "aria-label": "Close notification" },
          }),
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          ref={textRef}
          label="Response"
          autosize
          minRows={4}
          value={value.content}
          onChange={(e) => setValue({ ...value, content: e.currentTarget.value })}
          error={errors.content}
          data-testid="template-content"
        />
        <Group gap={4} wrap="wrap" aria-label="Insert a placeholder" role="group">
          <Text size="xs" c="dimmed">
            Insert:
          </Text>
          {RESPONSE_TEMPLATE_PLACEHOLDERS.map((p) => (
            <Button key={p.key} size="compact-xs" variant="default" onClick={() => insert(p.key)}>
              {p.label}
            </Button>
          ))}
        </Group>
        <Group grow>
          <NumberInput
            label="Lowest rating"
            min={0}
            max={5}
            value={value.rating_min ?? ""}
            onChange={(v) => setValue({ ...value, rating_min: v === "" ? null : Number(v) })}
            error={errors.rating_min}
          />
          <NumberInput
            label="Highest rating"
            min={0}
            max={5}
            value={value.rating_max ?? ""}
            onChange={(v) => setValue({ ...value, rating_max: v === "" ? null : Number(v) })}
          />
        </Group>
        <MultiSelect
          label="Sources"
          description="Offered only for reviews from these sources; none chosen: every source."
          placeholder={value.source_ids.length ? undefined : "All sources"}
          searchable
          clearable
          hidePickedOptions
          data={[
            ...(sources.data ?? []),
            ...value.source_ids
              .filter((id) => !sources.data?.some((o) => o.value === id))
              .map((id) => ({ value: id, label: sources.isPending ? "Loading…" : "Unknown source" })),
          ]}
          value={value.source_ids}
          onChange={(ids) => setValue({ ...value, source_ids: ids })}
          nothingFoundMessage={
            sources.isError ? `Error fetching sources: ${errorMessage(sources.error)}` : "No sources"
          }
          error={sources.isError ? `Error fetching sources: ${errorMessage(sources.error)}` : undefined}
          data-testid="template-sources"
        />
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
          <Text size="xs" fw={700} c="dimmed" mb={4}>
            Preview
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="template-preview">
            {value.content ? fillTemplate(value.content, PLACEHOLDER_SAMPLES) : "The response, as a reviewer reads it."}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /settings/response-templates: the account's response templates, offered in the respond box by rating. */
export default function ResponseTemplatesRoute() {
  const { permissions } = useSession();
  const canEdit = can(permissions, "update", "response_template");
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const sources = useTemplateSources();
  const [editing, setEditing] = useState<Draft | null>(null);
  const confirmDelete = (t: TResponseTemplate) =>
    modals.openConfirmModal({
      title: "Delete template",
      children: <Text size="sm">{`Delete the template "${t.name}"?`}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(t.id, {
          onSuccess: () =>
            notifications.show({
              color: "teal",
              message: "Template deleted",
              autoClose: 5000,
              closeButtonProps: { "aria-label": "Close notification" },
            }),
          onError: (e) =>
            notifications.show({
              color: "red",
              message: errorMessage(e),
              closeButtonProps: { "aria-label": "Close notification" },
            }),
        }),
    });
  const rows = templates.data ?? [];
  return (
    <>
      <BackLink to="/settings" label="Back to Account & Settings" />
      <PageHeader
        title="Response templates"
        actions={
          canEdit && (
            <Button onClick={() => setEditing(EMPTY)} data-testid="add-template">
              Add Template
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" mb="md">
          Templates appear in the respond box for reviews in their rating range and from their sources. Placeholders
          such as the reviewer's first name and the location name are filled in for each review.
        </Text>
        {templates.isPending ? (
          <TableSkeleton />
        ) : templates.isError ? (
          <QueryError error={templates.error} onRetry={() => void templates.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message="No templates yet. Add one to answer reviews faster." />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Response templates" data-testid="templates-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Ratings</Table.Th>
                  <Table.Th scope="col">Sources</Table.Th>
                  <Table.Th scope="col">Response</Table.Th>
                  {canEdit && <Table.Th scope="col">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => (
                  <Table.Tr key={t.id} data-testid="template-row">
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td>{ratingsText(t)}</Table.Td>
                    <Table.Td>{sourcesText(t.source_ids, sources.data)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {t.content}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`Edit ${t.name}`}
                            onClick={() =>
                              setEditing({
                                id: t.id,
                                name: t.name,
                                content: t.content,
                                rating_min: t.rating_min,
                                rating_max: t.rating_max,
                                source_ids: t.source_ids,
                              })
                            }
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`Delete ${t.name}`}
                            onClick={() => confirmDelete(t)}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Modal
        closeButtonProps={{ "aria-label": "Close" }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? "Edit template" : "Add template"}
        size="lg"
      >
        {editing && <TemplateForm draft={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
