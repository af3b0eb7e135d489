import "@mantine/core/styles/Table.css";
import { Badge, Button, Group, Stack, Table, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { toastAlert, toastSuccess } from "../../../lib/toast";
import { useDeleteTemplate, useTemplates } from "../api/campaigns";
import { FEEDBACK_TYPE_LABELS } from "./templates-form";

/** The account's templates: name, type, feedback type, last change; open, create and delete. */
export function TemplatesList() {
  const list = useTemplates();
  const remove = useDeleteTemplate();
  const canCreate = useCan("create", "template");
  const canDelete = useCan("delete", "template");
  const rows = list.data?._embedded.templates ?? [];
  return (
    <Stack gap="sm">
      {canCreate && (
        <Group justify="flex-end">
          <Button component={Link} to="new" leftSection={<IconPlus size={16} aria-hidden />}>
            New template
          </Button>
        </Group>
      )}
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message="No templates yet." />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label="Templates">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Feedback type</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Link to={t.id}>{t.name}</Link>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={t.request_type === "sms" ? "grape" : "blue"}>
                          {t.request_type === "sms" ? "SMS" : "E-mail"}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{FEEDBACK_TYPE_LABELS[t.feedback_type]}</Table.Td>
                      <Table.Td>{new Date(t.updated_at).toLocaleDateString()}</Table.Td>
                      <Table.Td>
                        {canDelete && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${t.name}`}
                            loading={remove.isPending && remove.variables === t.id}
                            onClick={() => {
                              if (!window.confirm(`Delete the template "${t.name}"?`)) return;
                              remove.mutate(t.id, {
                                onSuccess: () => toastSuccess("Template deleted"),
                                onError: (err) => toastAlert(err.message),
                              });
                            }}
                          >
                            Delete
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}
