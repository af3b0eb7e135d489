import "@mantine/core/styles/Table.css";
import { Anchor, Badge, Paper, Table, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton, useUrlPage } from "../../../components/shell/table-states";
import { useSignedInSession } from "../../../lib/session";
import { useChildAccounts } from "../api/get-child-accounts";

/** /accounts: the parent account's child accounts, each with a way into it (shadowing). */
export default function AccountsRoute() {
  const session = useSignedInSession();
  const [page, setPage] = useUrlPage();
  const query = useChildAccounts(session.account_id, page);
  const accounts = query.data?._embedded.accounts ?? [];

  return (
    <>
      <PageHeader title="Accounts" />
      <Paper withBorder p="md" radius="md">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : accounts.length === 0 ? (
          <EmptyRows message="No child accounts yet." />
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Account</Table.Th>
                  <Table.Th scope="col">Locations</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td>{account.name}</Table.Td>
                    <Table.Td>{account.total_locations}</Table.Td>
                    <Table.Td>
                      <Badge color={account.account_active ? "teal" : "gray"} variant="light">
                        {account.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor
                        component={Link}
                        to={`/switch-account/${encodeURIComponent(account.id)}`}
                        data-testid="switch-account"
                      >
                        Open {account.name}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={query.data?._total_pages ?? 1} onChange={setPage} />
      </Paper>
    </>
  );
}
