import "@mantine/core/styles/Table.css";
import { Anchor, Group, Table, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useLocation, useParams } from "react-router";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { requestedPage } from "../../../components/common/page-number";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { Pager, TableSkeleton } from "../../../components/shell/table-states";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { useReviewHistory } from "../api/get-review-history";
import { formatDateTime } from "../components/format";
import { listQueryOf, listReturnState } from "../components/list-return";

/** /reviews/{reviewId}/history: who did what, when (newest first). */
export default function ReviewHistoryRoute() {
  const { reviewId = "" } = useParams();
  const session = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const page = requestedPage(params.get("page"));
  const history = useReviewHistory(reviewId, page);
  const entries = history.data?._embedded.history ?? [];
  const { state } = useLocation();
  const listQuery = listQueryOf(state);

  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={`/reviews/${reviewId}`} state={listReturnState(listQuery)} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            Back to review
          </Group>
        </Anchor>
      </Group>
      <PageHeader title="Review History" />
      {history.isPending ? (
        <TableSkeleton rows={6} />
      ) : history.isError ? (
        <QueryError error={history.error} title="Could not load the history" onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyStatePanel primary="No history yet" secondary="Status changes, tags, notes and responses show here." />
      ) : (
        <>
          <Table striped highlightOnHover data-testid="review-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" component="time" dateTime={entry.created_at}>
                      {formatDateTime(entry.created_at, session.account.time_zone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.user_name ?? "Starboard"}</Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager
            page={page}
            total={history.data?._total_pages ?? 1}
            onChange={(next) =>
              setParams(
                (p) => {
                  p.set("page", String(next));
                  return p;
                },
                // Paging the history keeps the way back to the list.
                { state },
              )
            }
          />
        </>
      )}
    </>
  );
}
