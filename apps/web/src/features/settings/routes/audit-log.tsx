import "@mantine/core/styles/Table.css";
import { Paper, Table, Text } from "@mantine/core";
import type { TAuditEntry } from "@starboard/contract/audit";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton, useUrlPage } from "../../../components/shell/table-states";
import { useSignedInSession } from "../../../lib/session";
import { AUDIT_LOG_PER_PAGE, useAuditLog } from "../api/get-audit-log";

const ACTIONS: Record<string, string> = {
  "impersonation.created": "Sign-in link created to enter the account",
  "impersonation.started": "Entered the account",
  "impersonation.ended": "Left the account",
};

/** What an entry says, in words: the impersonation's steps, or the change the session made. */
export function describeEntry(entry: TAuditEntry): string {
  const d = entry.details as Record<string, unknown>;
  if (entry.action === "impersonation.created") {
    return `${ACTIONS[entry.action]} as ${String(d.user_email ?? "a user")}. Reason: ${String(d.reason ?? "")}`;
  }
  if (entry.action === "write")
    return `${String(d.method)} ${String(d.path ?? d.route)} (answered ${String(d.status)})`;
  return ACTIONS[entry.action] ?? entry.action;
}

/** /settings/audit-log: operators who entered the account (who, whom, why, when) and what they changed. */
export default function AuditLogRoute() {
  const session = useSignedInSession();
  const [page, setPage] = useUrlPage();
  const log = useAuditLog({ account_id: session.account_id, page, per_page: AUDIT_LOG_PER_PAGE });
  const rows = log.data?._embedded.audit_log ?? [];
  return (
    <>
      <PageHeader title="Audit Log" />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" mb="md">
          Every time provider staff entered this account to help, with their reason, and every change made while they
          were in it.
        </Text>
        {log.isPending ? (
          <TableSkeleton />
        ) : log.isError ? (
          <QueryError error={log.error} onRetry={() => void log.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message="Nobody from the provider has entered this account." />
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table aria-label="Audit log" data-testid="audit-log-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-log-row">
                    <Table.Td>{new Date(entry.created_at).toLocaleString()}</Table.Td>
                    <Table.Td>{`${entry.actor} (operator)`}</Table.Td>
                    <Table.Td>{describeEntry(entry)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={log.data?._total_pages ?? 1} onChange={setPage} />
      </Paper>
    </>
  );
}
