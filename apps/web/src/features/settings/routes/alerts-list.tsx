import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Table.css";
import { ActionIcon, Anchor, Button, Paper, Switch, Table, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import type { TAlert } from "@starboard/contract/alerts";
import { IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton, useUrlPage } from "../../../components/shell/table-states";
import { useSignedInSession } from "../../../lib/session";
import { useDeleteAlert } from "../api/delete-alert";
import { ALERTS_PER_PAGE, useAlerts } from "../api/get-alerts";
import { useLocationNames } from "../api/get-locations-by-id";
import { useUpdateAlert } from "../api/update-alert";
import { useAlertNames } from "../components/alert-names";
import { locationsLabel, ratingsLabel, sourcesLabel } from "../components/alert-values";

/** /settings/alerts: the signed-in user's e-mail alerts; switch one on or off, edit or delete it. */
export default function AlertsListRoute() {
  const session = useSignedInSession();
  const [page, setPage] = useUrlPage();
  const alerts = useAlerts({ account_id: session.account_id, page, per_page: ALERTS_PER_PAGE });
  const rows = alerts.data?._embedded.alerts ?? [];
  const names = useAlertNames();
  const locationNames = useLocationNames([...new Set(rows.flatMap((a) => a.filters.location_ids))].sort());
  const update = useUpdateAlert();
  const remove = useDeleteAlert();

  const nameOf = (alert: TAlert) => `${names.type(alert.alert_type_id)}, ${names.frequency(alert.alert_frequency_id)}`;

  const toggle = (alert: TAlert, enabled: boolean) =>
    update.mutate(
      { id: alert.id, enabled },
      {
        onSuccess: () =>
          notifications.show({
            color: "teal",
            message: enabled ? "Alert switched on" : "Alert switched off",
            autoClose: 5000,
          }),
        onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
      },
    );

  const confirmDelete = (alert: TAlert) =>
    modals.openConfirmModal({
      title: "Delete alert",
      children: <Text size="sm">{`Delete the alert "${nameOf(alert)}"? Its e-mails stop.`}</Text>,
      labels: { confirm: "Delete Alert", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(alert.id, {
          onSuccess: () => notifications.show({ color: "teal", message: "Alert deleted", autoClose: 5000 }),
          onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
        }),
    });

  return (
    <>
      <PageHeader
        title="Alerts"
        actions={
          <Button component={Link} to="/settings/alerts/new">
            Add Alert
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" mb="md">
          E-mails about new reviews, negative reviews and responses that failed to publish: as they happen or in a daily
          or weekly digest, for the locations, sources and ratings you choose.
        </Text>
        {alerts.isPending ? (
          <TableSkeleton />
        ) : alerts.isError ? (
          <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyRows message="No alerts yet. Add one to hear about new reviews by e-mail." />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label="Alerts" data-testid="alerts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Alert</Table.Th>
                  <Table.Th scope="col">Frequency</Table.Th>
                  <Table.Th scope="col">Locations</Table.Th>
                  <Table.Th scope="col">Sources</Table.Th>
                  <Table.Th scope="col">Ratings</Table.Th>
                  <Table.Th scope="col">Sending</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((alert) => (
                  <Table.Tr key={alert.id} data-testid="alert-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/settings/alerts/${encodeURIComponent(alert.id)}`}
                        aria-label={`Edit alert: ${nameOf(alert)}`}
                      >
                        {names.type(alert.alert_type_id)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{names.frequency(alert.alert_frequency_id)}</Table.Td>
                    <Table.Td>{locationsLabel(alert.filters.location_ids, locationNames)}</Table.Td>
                    <Table.Td>{sourcesLabel(alert.filters.source_ids)}</Table.Td>
                    <Table.Td>{ratingsLabel(alert.filters.ratings)}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Send alert: ${nameOf(alert)}`}
                        checked={alert.enabled}
                        disabled={update.isPending && update.variables?.id === alert.id}
                        onChange={(e) => toggle(alert, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete alert: ${nameOf(alert)}`}
                        onClick={() => confirmDelete(alert)}
                        loading={remove.isPending && remove.variables === alert.id}
                      >
                        <IconTrash aria-hidden size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={alerts.data?._total_pages ?? 1} onChange={setPage} />
      </Paper>
    </>
  );
}
