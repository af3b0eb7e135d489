import "@mantine/core/styles/Modal.css";
import { Button, Group, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { PageLoader } from "../../../components/shell/page-loader";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSignedInSession } from "../../../lib/session";
import { useDeleteUser } from "../api/delete-user";
import { useUser } from "../api/get-user";
import { useUpdateUser } from "../api/update-user";
import { BackLink } from "../components/back-link";
import { UserForm } from "../components/user-form";

/** /settings/users/{id}: edit a user; delete with confirmation. */
export default function UserEditRoute() {
  const { userId = "" } = useParams();
  const session = useSignedInSession();
  const navigate = useNavigate();
  const user = useUser(userId);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const canUpdate = useCan("update", "user");
  const canDelete = useCan("delete", "user");
  const isSelf = userId === session.user_id;

  const confirmDelete = (name: string) =>
    modals.openConfirmModal({
      title: "Delete user",
      children: <Text size="sm">{`Delete ${name}? They will no longer be able to sign in to this account.`}</Text>,
      labels: { confirm: "Delete User", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(userId, {
          onSuccess: () => {
            notifications.show({ color: "teal", message: "User deleted", autoClose: 5000 });
            void navigate("/settings/users");
          },
          onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
        }),
    });

  return (
    <>
      <BackLink to="/settings/users" label="Back to Users" />
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <>
          <PageHeader title="User" />
          <QueryError error={user.error} onRetry={() => void user.refetch()} />
        </>
      ) : (
        <>
          <PageHeader
            title={user.data.name}
            actions={
              canDelete &&
              !isSelf &&
              !user.data.is_account_owner && (
                <Group>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => confirmDelete(user.data.name)}
                    loading={remove.isPending}
                  >
                    Delete User
                  </Button>
                </Group>
              )
            }
          />
          <Paper withBorder p="md" radius="md">
            {canUpdate || isSelf ? (
              <UserForm
                key={user.data.id}
                initial={{
                  name: user.data.name,
                  email: user.data.email,
                  user_type_id: user.data.user_type_id,
                  password: "",
                }}
                withPassword={false}
                canChangeType={canUpdate && !isSelf}
                submitLabel="Save User"
                submitting={update.isPending}
                serverErrors={apiFieldErrors(update.error)}
                onCancel={() => void navigate("/settings/users")}
                onSubmit={(values) =>
                  update.mutate(
                    {
                      id: userId,
                      name: values.name.trim(),
                      email: values.email.trim(),
                      user_type_id: canUpdate && !isSelf ? (values.user_type_id ?? undefined) : undefined,
                    },
                    {
                      onSuccess: () => notifications.show({ color: "teal", message: "User saved", autoClose: 5000 }),
                      onError: (e) => notifications.show({ color: "red", message: errorMessage(e) }),
                    },
                  )
                }
              />
            ) : (
              <dl>
                <Text component="dt" fw={600}>
                  Email
                </Text>
                <Text component="dd" mb="sm">
                  {user.data.email}
                </Text>
                <Text component="dt" fw={600}>
                  User type
                </Text>
                <Text component="dd">{user.data.user_type}</Text>
              </dl>
            )}
          </Paper>
        </>
      )}
    </>
  );
}
