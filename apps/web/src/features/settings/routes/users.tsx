import "@mantine/core/styles/Table.css";
import { Anchor, Badge, Button, Group, Paper, Table, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton, useUrlPage } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { useUsers } from "../api/get-users";

/** /settings/users: the account's users with search (Enter or the icon) and paging in the URL. */
export default function UsersRoute() {
  const session = useSignedInSession();
  const canCreate = useCan("create", "user");
  const [params, setParams] = useSearchParams();
  const keywords = params.get("keywords") ?? "";
  const [page, setPage] = useUrlPage();
  const [draft, setDraft] = useState(keywords);
  const users = useUsers({ accountId: session.account_id, keywords: keywords || undefined, page });
  const rows = users.data?._embedded.users ?? [];

  const search = (value: string) => {
    setParams((next) => {
      if (value.trim()) next.set("keywords", value.trim());
      else next.delete("keywords");
      next.delete("page");
      return next;
    });
  };

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          canCreate && (
            <Button component={Link} to="/settings/users/new">
              Add User
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md">
          <TextInput
            label="Search users"
            placeholder="Name or email"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") search(draft);
            }}
            onBlur={() => {
              if (!draft.trim() && keywords) search("");
            }}
            rightSection={
              <button
                type="button"
                aria-label="Search"
                onClick={() => search(draft)}
                style={{ border: 0, background: "none", cursor: "pointer", display: "flex", color: "inherit" }}
              >
                <IconSearch aria-hidden size={16} />
              </button>
            }
            w={320}
          />
        </Group>
        {users.isPending ? (
          <TableSkeleton />
        ) : users.isError ? (
          <QueryError error={users.error} onRetry={() => void users.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message={keywords ? `No users match "${keywords}".` : "No users yet."} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover aria-label="Users" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">User type</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/settings/users/${encodeURIComponent(user.id)}`}>
                        {user.name}
                      </Anchor>
                      {user.is_account_owner && (
                        <Badge ml="xs" size="xs" variant="light">
                          Owner
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.user_type}</Table.Td>
                    <Table.Td>{user.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={users.data?._total_pages ?? 1} onChange={setPage} />
      </Paper>
    </>
  );
}
