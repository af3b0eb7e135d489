import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/PasswordInput.css";
import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { PASSWORD_MIN_LENGTH } from "@starboard/contract/auth";
import { type FormEvent, type ReactNode, useState } from "react";
import { PageHeader } from "../../../components/shell/page-header";
import { PageLoader } from "../../../components/shell/page-loader";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { readStoredAuth, writeStoredAuth } from "../../../lib/auth-storage";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSession, useSignedInSession } from "../../../lib/session";
import { useUser } from "../api/get-user";
import { useUpdateUser } from "../api/update-user";

const SUCCESS_MS = 5000;

/** A titled section holding one form: the request's error above it, its fields stacked. */
function FormSection(props: {
  id: string;
  title: string;
  error: unknown;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id} mb="sm">
        {props.title}
      </Title>
      {props.error != null && (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(props.error)}
        </Alert>
      )}
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="sm" maw={480}>
          {props.children}
        </Stack>
      </form>
    </Paper>
  );
}

function DetailsForm({ userId, name, email }: { userId: string; name: string; email: string }) {
  const { refresh, shadowAccountId } = useSession();
  const update = useUpdateUser();
  const [values, setValues] = useState({ name, email });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.name.trim()) next.name = "Name is required";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) next.email = "Enter a valid email address";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const updated = await update.mutateAsync({ id: userId, name: values.name.trim(), email: values.email.trim() });
      // Basic credentials carry the e-mail: keep the stored sign-in in step with it.
      const stored = readStoredAuth();
      if (!shadowAccountId && stored && updated?.email && stored.email !== updated.email) {
        writeStoredAuth({ ...stored, email: updated.email });
      }
      await refresh();
      notifications.show({ color: "teal", message: "Profile updated", autoClose: SUCCESS_MS });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  return (
    <FormSection id="profile-details" title="Details" error={update.isError ? update.error : null} onSubmit={onSubmit}>
      <TextInput
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        error={errors.name}
        required
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
        error={errors.email}
        required
      />
      <Button type="submit" loading={update.isPending} w="fit-content">
        Save Details
      </Button>
    </FormSection>
  );
}

function PasswordForm({ userId }: { userId: string }) {
  const update = useUpdateUser();
  const [values, setValues] = useState({ current: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.current) next.current_password = "Current password is required";
    if (values.password.length < PASSWORD_MIN_LENGTH)
      next.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    if (values.password !== values.confirm) next.confirm = "Passwords do not match";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await update.mutateAsync({ id: userId, current_password: values.current, password: values.password });
      setValues({ current: "", password: "", confirm: "" });
      notifications.show({ color: "teal", message: "Password changed", autoClose: SUCCESS_MS });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  return (
    <FormSection
      id="profile-password"
      title="Change password"
      error={update.isError ? update.error : null}
      onSubmit={onSubmit}
    >
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        value={values.current}
        onChange={(e) => setValues({ ...values, current: e.currentTarget.value })}
        error={errors.current_password}
        required
      />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        error={errors.password}
        required
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => setValues({ ...values, confirm: e.currentTarget.value })}
        error={errors.confirm}
        required
      />
      <Button type="submit" loading={update.isPending} w="fit-content">
        Change Password
      </Button>
    </FormSection>
  );
}

/** /settings/profile: the signed-in user's name, e-mail and password. */
export default function ProfileRoute() {
  const session = useSignedInSession();
  const user = useUser(session.user_id);

  return (
    <>
      <PageHeader title="Profile" />
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <QueryError error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <Stack gap="md">
          <DetailsForm
            key={`${user.data.name}|${user.data.email}`}
            userId={user.data.id}
            name={user.data.name}
            email={user.data.email}
          />
          {!session.is_shadowing && <PasswordForm userId={user.data.id} />}
          <Alert color="gray" variant="light" role="note">
            User type: {user.data.user_type}
          </Alert>
        </Stack>
      )}
    </>
  );
}
