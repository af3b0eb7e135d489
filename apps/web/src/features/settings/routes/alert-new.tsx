import { Paper } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { errorMessage } from "../../../components/shell/query-error";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSignedInSession } from "../../../lib/session";
import { useCreateAlert } from "../api/create-alert";
import { AlertForm } from "../components/alert-form";
import { alertBody, EMPTY_ALERT, formErrors } from "../components/alert-values";
import { BackLink } from "../components/back-link";

/** /settings/alerts/new: a new alert of the signed-in user. */
export default function AlertNewRoute() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const create = useCreateAlert();
  return (
    <>
      <BackLink to="/settings/alerts" label="Back to Alerts" />
      <PageHeader title="Add Alert" />
      <Paper withBorder p="md" radius="md">
        <AlertForm
          initial={EMPTY_ALERT}
          submitLabel="Save Alert"
          submitting={create.isPending}
          serverErrors={formErrors(apiFieldErrors(create.error))}
          onCancel={() => void navigate("/settings/alerts")}
          onSubmit={(values) =>
            create.mutate(
              { ...alertBody(values), account_id: session.account_id },
              {
                onSuccess: () => {
                  notifications.show({ color: "teal", message: "Alert created", autoClose: 5000 });
                  void navigate("/settings/alerts");
                },
                onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
              },
            )
          }
        />
      </Paper>
    </>
  );
}
