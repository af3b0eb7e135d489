import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Table.css";
import { Anchor, Button, Group, Paper, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import {
  SCHEDULED_EXPORT_MESSAGES as M,
  SCHEDULED_EXPORT_TYPES,
  scheduledExportPage,
  type TScheduledExport,
} from "@starboard/contract/scheduled-exports";
import { IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import {
  BulkSelectHeaderCheckbox,
  BulkSelectionProvider,
  BulkSelectRowCheckbox,
  useBulkSelectionContext,
} from "../../../components/common/bulk-selection.tsx";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { useDeleteScheduledExports, useScheduledExports } from "../../../components/schedule-export/api";
import { queryFromFilters } from "../../../components/schedule-export/flyout-values";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { Pager, TableSkeleton, useUrlPage } from "../../../components/shell/table-states";
import { useSearchParams } from "../../../lib/search-params";
import { useSignedInSession } from "../../../lib/session";
import { BackLink } from "../components/back-link";

const PER_PAGE = 25;

/** The page a fromPage name goes back to (the report pages' names are the export types' names). */
function pathOfPage(name: string): string | null {
  const type = Object.values(SCHEDULED_EXPORT_TYPES).find((t) => t.label === name && !t.page.includes("{"));
  return type?.page ?? null;
}

const DAY = (d: string) => d[0]!.toUpperCase() + d.slice(1);
function scheduleLabel(s: TScheduledExport): string {
  if (s.email_frequency === "weekly") return `Weekly on ${DAY(s.scheduled_day ?? "sunday")} at ${s.scheduled_time}`;
  if (s.email_frequency === "monthly") return `Monthly on day ${s.scheduled_day_of_month ?? 1} at ${s.scheduled_time}`;
  return `Daily at ${s.scheduled_time}`;
}

/** The report page of the row, carrying its filters and what the flyout needs to edit it. */
export function reportLink(s: TScheduledExport): string {
  const params = new URLSearchParams(queryFromFilters(s.filters));
  params.set("dateDescriptor", s.date_range_legend);
  params.set("email_subject", s.email_subject);
  for (const r of s.recipient_user_ids) params.append("recipients", r);
  if (s.email_body) params.set("email_body", s.email_body);
  params.set("email_frequency", s.email_frequency);
  params.set("scheduled_time", s.scheduled_time);
  params.set("export_type", s.export_type);
  params.set("flyout_edit", "true");
  params.set("export_id", s.id);
  return `${scheduledExportPage(s.export_type, s.resource_id)}?${params}`;
}

/** /settings/scheduled-exports/manage: the scheduled exports (an Admin's list has everyone's), bulk delete. */
export default function ScheduledExportsRoute() {
  return (
    <BulkSelectionProvider>
      <ScheduledExportsList />
    </BulkSelectionProvider>
  );
}

function ScheduledExportsList() {
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const fromPage = params.get("fromPage");
  const back = fromPage
    ? { to: pathOfPage(fromPage) ?? "/reviews", label: `Back to ${fromPage}` }
    : { to: "/settings", label: "Back to Account & Settings" };
  const [page, setPage] = useUrlPage();
  const admin = session.user_type_id === USER_TYPE_IDS.admin;
  const list = useScheduledExports({
    account_id: session.account_id,
    ...(admin ? {} : { created_by_user_id: session.user_id }),
    sort: "-created_at",
    page,
    per_page: PER_PAGE,
  });
  const rows = list.data?._embedded.scheduled_exports ?? [];
  const selection = useBulkSelectionContext();
  const remove = useDeleteScheduledExports();

  const confirmDelete = () => {
    const ids = selection.selected;
    modals.openConfirmModal({
      title: ids.length === 1 ? "Delete Scheduled Export" : "Delete Scheduled Exports",
      children: (
        <Text size="sm">
          {ids.length === 1
            ? "Delete the selected scheduled export? Its e-mails stop."
            : `Delete the ${ids.length} selected scheduled exports? Their e-mails stop.`}
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(ids, {
          onSuccess: ({ deleted, failed }) => {
            selection.deselectAll();
            if (failed > 0) {
              notifications.show({ color: "red", message: ids.length === 1 ? M.notDeletedOne : M.notDeletedSome });
            } else {
              notifications.show({
                color: "teal",
                message: deleted === 1 ? M.deletedOne : M.deletedMany(deleted),
                autoClose: 5000,
              });
            }
          },
          onError: () =>
            notifications.show({ color: "red", message: ids.length === 1 ? M.notDeletedOne : M.notDeletedSome }),
        }),
    });
  };

  return (
    <>
      <BackLink to={back.to} label={back.label} />
      <PageHeader
        title="Scheduled Exports"
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={selection.selected.length === 0}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            Delete
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyStatePanel
            primary={M.empty}
            secondary="Schedule an export from a report's export menu to have it e-mailed daily, weekly or monthly."
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label="Scheduled Exports" data-testid="scheduled-exports-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={40}>
                    <BulkSelectHeaderCheckbox label="Select all scheduled exports" />
                  </Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Report</Table.Th>
                  <Table.Th scope="col">Schedule</Table.Th>
                  <Table.Th scope="col">Recipients</Table.Th>
                  <Table.Th scope="col">Last sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id} data-testid="scheduled-export-row">
                    <Table.Td>
                      <BulkSelectRowCheckbox id={s.id} label={`Select ${s.email_subject}`} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={reportLink(s)}>
                        {s.email_subject}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.display_name}</Table.Td>
                    <Table.Td>{scheduleLabel(s)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Text size="sm">{s.recipient_emails.join(", ")}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.last_sent_at ? new Date(s.last_sent_at).toLocaleString() : "Never"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={list.data?._total_pages ?? 1} onChange={setPage} />
      </Paper>
    </>
  );
}
