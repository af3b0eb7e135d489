import "@mantine/core/styles/Modal.css";
import { Button, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { PageLoader } from "../../../components/shell/page-loader";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useDeleteAlert } from "../api/delete-alert";
import { useAlert } from "../api/get-alert";
import { useUpdateAlert } from "../api/update-alert";
import { AlertForm } from "../components/alert-form";
import { useAlertNames } from "../components/alert-names";
import { alertBody, alertFormValues, formErrors } from "../components/alert-values";
import { BackLink } from "../components/back-link";

/** /settings/alerts/{id}: edit one of the signed-in user's alerts; delete it with confirmation. */
export default function AlertEditRoute() {
  const { alertId = "" } = useParams();
  const navigate = useNavigate();
  const alert = useAlert(alertId);
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const names = useAlertNames();

  const confirmDelete = (name: string) =>
    modals.openConfirmModal({
      title: "Delete alert",
      children: <Text size="sm">{`Delete the alert "${name}"? Its e-mails stop.`}</Text>,
      labels: { confirm: "Delete Alert", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(alertId, {
          onSuccess: () => {
            notifications.show({ color: "teal", message: "Alert deleted", autoClose: 5000 });
            void navigate("/settings/alerts");
          },
          onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
        }),
    });

  return (
    <>
      <BackLink to="/settings/alerts" label="Back to Alerts" />
      {alert.isPending ? (
        <PageLoader />
      ) : alert.isError ? (
        <>
          <PageHeader title="Alert" />
          <QueryError error={alert.error} onRetry={() => void alert.refetch()} />
        </>
      ) : (
        <>
          <PageHeader
            title="Edit Alert"
            actions={
              <Button
                color="red"
                variant="light"
                loading={remove.isPending}
                onClick={() =>
                  confirmDelete(
                    `${names.type(alert.data.alert_type_id)}, ${names.frequency(alert.data.alert_frequency_id)}`,
                  )
                }
              >
                Delete Alert
              </Button>
            }
          />
          <Paper withBorder p="md" radius="md">
            <AlertForm
              key={alert.data.id}
              initial={alertFormValues(alert.data)}
              submitLabel="Save Alert"
              submitting={update.isPending}
              serverErrors={formErrors(apiFieldErrors(update.error))}
              onCancel={() => void navigate("/settings/alerts")}
              onSubmit={(values) =>
                update.mutate(
                  { id: alertId, ...alertBody(values) },
                  {
                    onSuccess: () => {
                      notifications.show({ color: "teal", message: "Alert saved", autoClose: 5000 });
                      void navigate("/settings/alerts");
                    },
                    onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
                  },
                )
              }
            />
          </Paper>
        </>
      )}
    </>
  );
}
