import { Paper } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import { useNavigate } from "react-router";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { PageHeader } from "../../../components/shell/page-header";
import { errorMessage } from "../../../components/shell/query-error";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useCreateUser } from "../api/create-user";
import { BackLink } from "../components/back-link";
import { UserForm } from "../components/user-form";

export default function UserNewRoute() {
  const canCreate = useCan("create", "user");
  const navigate = useNavigate();
  const create = useCreateUser();
  if (!canCreate) return <NotPermitted title="Add User" />;
  return (
    <>
      <BackLink to="/settings/users" label="Back to Users" />
      <PageHeader title="Add User" />
      <Paper withBorder p="md" radius="md">
        <UserForm
          initial={{ name: "", email: "", user_type_id: USER_TYPE_IDS.user, password: "" }}
          withPassword
          canChangeType
          submitLabel="Add User"
          submitting={create.isPending}
          serverErrors={apiFieldErrors(create.error)}
          onCancel={() => void navigate("/settings/users")}
          onSubmit={(values) => {
            create.mutate(
              {
                name: values.name.trim(),
                email: values.email.trim(),
                user_type_id: values.user_type_id ?? USER_TYPE_IDS.user,
                password: values.password || undefined,
              },
              {
                onSuccess: () => {
                  notifications.show({ color: "teal", message: "User added", autoClose: 5000 });
                  void navigate("/settings/users");
                },
                onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
              },
            );
          }}
        />
      </Paper>
    </>
  );
}
