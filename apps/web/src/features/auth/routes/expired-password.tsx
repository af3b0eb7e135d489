import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/PasswordInput.css";
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { PASSWORD_MIN_LENGTH } from "@starboard/contract/auth";
import { MESSAGES } from "@starboard/contract/errors";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { errorMessage } from "../../../components/shell/query-error";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { homePathFor } from "../../../lib/session-home";
import { useChangeOwnPassword } from "../api/change-own-password";
import { NewPasswordFields, PASSWORDS_DO_NOT_MATCH } from "../components/new-password-fields";

/** A session whose user's password has expired lands here and must choose a new one. */
export default function ExpiredPasswordRoute() {
  const { session, status, refresh, logout } = useSession();
  const navigate = useNavigate();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeOwnPassword();

  if (status !== "signed-in" || !session) {
    return (
      <AuthCard title="Password expired">
        <Text size="sm">{MESSAGES.passwordExpired}</Text>
        <Text size="sm">
          <Anchor component={Link} to="/forgot-password">
            Send me a reset link
          </Anchor>{" "}
          or{" "}
          <Anchor component={Link} to="/login">
            sign in
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!current) next.current_password = "Current password is required";
    if (password.length < PASSWORD_MIN_LENGTH)
      next.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    if (password !== confirm) next.confirm = PASSWORDS_DO_NOT_MATCH;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await change.mutateAsync({ userId: session.user_id, current_password: current, password });
      await refresh();
      void navigate(homePathFor({ ...session, status: "active" }), { replace: true });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  return (
    <AuthCard
      title="Password expired"
      footer={
        <Anchor component="button" type="button" onClick={() => void logout()}>
          Sign out
        </Anchor>
      }
    >
      <Text size="sm">{MESSAGES.passwordExpired}</Text>
      {change.isError && (
        <Alert color="red" role="alert">
          {errorMessage(change.error)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current_password}
            required
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors}
          />
          <Button type="submit" loading={change.isPending}>
            Save Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
