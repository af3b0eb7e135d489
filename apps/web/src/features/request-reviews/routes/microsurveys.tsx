import "@mantine/core/styles/Table.css";
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MICROSURVEY_MESSAGES, type TMicrosurvey } from "@starboard/contract/microsurveys";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../components/shell/query-error";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows, Pager, useUrlPage } from "../../../components/shell/table-states";
import { useAccountSetting, useCan } from "../../../lib/authorization";
import { toast } from "../../../lib/toast";
import { useDeleteMicrosurvey, useMicrosurveys } from "../api/microsurveys";
import { MicrosurveyFormModal } from "../components/microsurveys-form";

/** /request-reviews/microsurveys: the account's microsurveys; create, edit, delete; each links to its summary. */
export default function MicrosurveysRoute() {
  const enabled = useAccountSetting("microsurveys");
  return (
    <Paper withBorder p="lg" radius="md">
      {enabled ? (
        <MicrosurveyList />
      ) : (
        <>
          <Title order={2} size="h3" mb="sm">
            Microsurveys
          </Title>
          <Alert color="gray" title={MICROSURVEY_MESSAGES.off}>
            Ask your account administrator to turn on microsurveys.
          </Alert>
        </>
      )}
    </Paper>
  );
}

function MicrosurveyList() {
  const [page, setPage] = useUrlPage();
  const list = useMicrosurveys(page);
  const remove = useDeleteMicrosurvey();
  const canWrite = useCan("create", "template");
  const canDelete = useCan("delete", "template");
  const [editing, setEditing] = useState<{ survey: TMicrosurvey | null; key: number } | null>(null);
  const rows = list.data?._embedded.microsurveys ?? [];

  const confirmDelete = (survey: TMicrosurvey) =>
    modals.openConfirmModal({
      title: "Delete microsurvey",
      children: (
        <Text size="sm">{`Delete "${survey.name}"? Campaigns stop offering it; its answers stay in reviews.`}</Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(survey.id, {
          onSuccess: () => toast({ level: "success", message: MICROSURVEY_MESSAGES.deleted }),
          onError: (e) => toast({ level: "alert", message: errorMessage(e) }),
        }),
    });

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          Microsurveys
        </Title>
        {canWrite && <Button onClick={() => setEditing({ survey: null, key: Date.now() })}>New microsurvey</Button>}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Short surveys (star, NPS, choice and text questions) a campaign can ask instead of a single rating.
      </Text>
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message={MICROSURVEY_MESSAGES.empty} />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover aria-label="Microsurveys" data-testid="microsurveys-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Questions</Table.Th>
                    <Table.Th scope="col">Responses</Table.Th>
                    <Table.Th scope="col">Star scale</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <Table.Tr key={s.id} data-testid="microsurvey-row">
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/request-reviews/microsurveys/${encodeURIComponent(s.id)}/summaries`}
                          aria-label={`Summary: ${s.name}`}
                        >
                          {s.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{s.questions.length}</Table.Td>
                      <Table.Td>{s.response_count.toLocaleString("en-US")}</Table.Td>
                      <Table.Td>{s.normalize_star_rating === 10 ? "1 to 10" : "1 to 5"}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {canWrite && (
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit microsurvey: ${s.name}`}
                              onClick={() => setEditing({ survey: s, key: Date.now() })}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                          )}
                          {canDelete && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete microsurvey: ${s.name}`}
                              loading={remove.isPending && remove.variables === s.id}
                              onClick={() => confirmDelete(s)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <Pager page={page} total={list.data?._total_pages ?? 1} onChange={setPage} />
      {editing && (
        <MicrosurveyFormModal key={editing.key} survey={editing.survey} opened onClose={() => setEditing(null)} />
      )}
    </>
  );
}
