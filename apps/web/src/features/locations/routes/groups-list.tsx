import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Table.css";
import { ActionIcon, Button, Paper, Table, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { SearchInput } from "../../../components/common/search-input";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { useSearchParams } from "../../../lib/search-params";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { useDeleteGroup, useGroups } from "../api/locations";

/** /settings/groups: the account's groups (typeahead by name, relevance first). */
export default function GroupsListRoute() {
  const canRead = useCan("read", "group");
  const canCreate = useCan("create", "group");
  const canDelete = useCan("delete", "group");
  const [params, setParams] = useSearchParams();
  const keywords = params.get("keywords") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const groups = useGroups(
    {
      page,
      per_page: 25,
      ...(keywords
        ? { keywords, search_type: "typeahead" as const, "sort[by]": "relevance", "sort[order]": "desc" }
        : {}),
    },
    canRead,
  );
  const remove = useDeleteGroup();
  if (!canRead) return <NotPermitted title="Groups" />;
  const rows = groups.data?._embedded.groups ?? [];

  const confirmDelete = (id: string, name: string) =>
    modals.openConfirmModal({
      title: "Delete group",
      children: <Text size="sm">{`Delete the group ${name}? Its locations stay.`}</Text>,
      labels: { confirm: "Delete Group", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => toastSuccess(`${name} successfully deleted`),
          onError: (e) => toastAlert(serverErrorText(e) ?? "An error occurred while performing this action."),
        }),
    });

  return (
    <>
      <PageHeader
        title="Groups"
        actions={
          canCreate && (
            <Button component={Link} to="/settings/groups/new">
              Add Group
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <SearchInput
          value={keywords}
          onSearch={(k) => setParams(k ? { keywords: k } : {})}
          placeholder="Search groups"
          w={280}
          mb="md"
        />
        {groups.isPending ? (
          <TableSkeleton />
        ) : groups.isError ? (
          <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message={keywords ? "No groups match." : "Add a group to see data"} />
        ) : (
          <Table aria-label="Groups" data-testid="groups-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Locations</Table.Th>
                <Table.Th scope="col">Active locations</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>{g.location_ids.length}</Table.Td>
                  <Table.Td>{g.active_location_ids.length}</Table.Td>
                  <Table.Td w={48}>
                    {canDelete && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete group ${g.name}`}
                        onClick={() => confirmDelete(g.id, g.name)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Pager
          page={page}
          total={groups.data?._total_pages ?? 1}
          onChange={(p) => setParams({ ...(keywords ? { keywords } : {}), page: String(p) })}
        />
      </Paper>
    </>
  );
}
