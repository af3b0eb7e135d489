import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Table.css";
import { Button, Group, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { can } from "@starboard/contract/permissions";
import { useState } from "react";
import { PageHeader } from "../../../components/shell/page-header";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { EmptyRows, TableSkeleton } from "../../../components/shell/table-states";
import { useSession } from "../../../lib/session";
import { useAdminLabels, useAdminTags, useMerge, useRemove, useRename } from "../api/tags-admin";
import { BackLink } from "../components/back-link";

type Row = { id: string; name: string; review_count?: number | undefined };
type Kind = "tag" | "label";
const WORD: Record<Kind, string> = { tag: "tag", label: "status label" };

const reviewsCount = (n: number | undefined) => `${(n ?? 0).toLocaleString("en-US")} ${n === 1 ? "review" : "reviews"}`;

/** One table of names with their counts: rename, merge into another (near-duplicates), delete. */
function NamesTable({ kind, rows, canEdit }: { kind: Kind; rows: Row[]; canEdit: boolean }) {
  const rename = useRename(kind);
  const merge = useMerge(kind);
  const remove = useRemove(kind);
  const [renaming, setRenaming] = useState<Row | null>(null);
  const [name, setName] = useState("");
  const [merging, setMerging] = useState<Row | null>(null);
  const [into, setInto] = useState<string | null>(null);
  const done = (message: string) =>
    notifications.show({
      color: "teal",
      message,
      autoClose: 5000,
      closeButtonProps: { "aria-label": "Close notification" },
    });
  const failed = (e: unknown) =>
    notifications.show({
      color: "red",
      message: errorMessage(e),
      closeButtonProps: { "aria-label": "Close notification" },
    });

  const confirmDelete = (row: Row) =>
    modals.openConfirmModal({
      title: `Delete ${WORD[kind]}`,
      children: (
        <Text size="sm">{`Delete the ${WORD[kind]} "${row.name}"? It is removed from ${reviewsCount(row.review_count)}.`}</Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id, { onSuccess: () => done(`Deleted "${row.name}"`), onError: failed }),
    });

  if (rows.length === 0)
    return <EmptyRows message={kind === "tag" ? "No tags yet. Tag a review to add one." : "No status labels yet."} />;
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label={kind === "tag" ? "Tags" : "Status labels"} data-testid={`${kind}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Reviews</Table.Th>
              {canEdit && <Table.Th scope="col">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`${kind}-row`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{reviewsCount(row.review_count)}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Rename ${row.name}`}
                        onClick={() => {
                          setRenaming(row);
                          setName(row.name);
                        }}
                      >
                        Rename
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Merge ${row.name} into another`}
                        disabled={rows.length < 2}
                        onClick={() => {
                          setMerging(row);
                          setInto(null);
                        }}
                      >
                        Merge
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Delete ${row.name}`}
                        onClick={() => confirmDelete(row)}
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
      <Modal
        closeButtonProps={{ "aria-label": "Close" }}
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={`Rename ${WORD[kind]}`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!renaming || !name.trim()) return;
            rename.mutate(
              { id: renaming.id, name: name.trim() },
              {
                onSuccess: () => {
                  done(`Renamed to "${name.trim()}"`);
                  setRenaming(null);
                },
                onError: failed,
              },
            );
          }}
        >
          <Stack>
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        closeButtonProps={{ "aria-label": "Close" }}
        opened={merging !== null}
        onClose={() => setMerging(null)}
        title={`Merge ${WORD[kind]}`}
      >
        {merging && (
          <Stack>
            <Text size="sm">{`The ${reviewsCount(merging.review_count)} with "${merging.name}" get the ${WORD[kind]} you choose, and "${merging.name}" is deleted.`}</Text>
            <Select
              label="Merge into"
              data={rows
                .filter((r) => r.id !== merging.id)
                .map((r) => ({ value: r.id, label: `${r.name} (${reviewsCount(r.review_count)})` }))}
              value={into}
              onChange={setInto}
              searchable
              data-testid="merge-into"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setMerging(null)}>
                Cancel
              </Button>
              <Button
                loading={merge.isPending}
                disabled={!into}
                onClick={() =>
                  into &&
                  merge.mutate(
                    { id: merging.id, intoId: into },
                    {
                      onSuccess: (kept) => {
                        done(`Merged "${merging.name}" into "${kept.name}"`);
                        setMerging(null);
                      },
                      onError: failed,
                    },
                  )
                }
              >
                Merge
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** /settings/tags: review tags and status labels, each with the number of reviews carrying it. */
export default function TagsSettingsRoute() {
  const { permissions } = useSession();
  const tags = useAdminTags();
  const labels = useAdminLabels();
  return (
    <>
      <BackLink to="/settings" label="Back to Account & Settings" />
      <PageHeader title="Tags" />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tags-title">
          <Title order={2} size="h4" id="tags-title" mb="xs">
            Review tags
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Rename a tag, merge near-duplicates such as "Follow up" and "follow-up", or delete one.
          </Text>
          {tags.isPending ? (
            <TableSkeleton />
          ) : tags.isError ? (
            <QueryError error={tags.error} onRetry={() => void tags.refetch()} />
          ) : (
            <NamesTable kind="tag" rows={tags.data} canEdit={can(permissions, "update", "tag")} />
          )}
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="labels-title">
          <Title order={2} size="h4" id="labels-title" mb="xs">
            Status labels
          </Title>
          {labels.isPending ? (
            <TableSkeleton />
          ) : labels.isError ? (
            <QueryError error={labels.error} onRetry={() => void labels.refetch()} />
          ) : (
            <NamesTable kind="label" rows={labels.data} canEdit={can(permissions, "update", "review_status_label")} />
          )}
        </Paper>
      </Stack>
    </>
  );
}
