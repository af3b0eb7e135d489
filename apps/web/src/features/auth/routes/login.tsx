import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/PasswordInput.css";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { ZSignInRequestSchema } from "@starboard/contract/auth";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { errorMessage } from "../../../components/shell/query-error";
import { issuesToFieldErrors, safeRedirect } from "../../../lib/form-errors";
import { useSearchParams } from "../../../lib/search-params";
import { useSession } from "../../../lib/session";
import { goTo, homePathFor, isPasswordExpired } from "../../../lib/session-home";

export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

export default function LoginRoute() {
  const { status, session, signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get("redirect"));
  const invalidated = params.get("invalidated") === "true";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (status === "signed-in" && session && !submitting) {
    return (
      <Navigate to={isPasswordExpired(session) ? homePathFor(session) : (redirect ?? homePathFor(session))} replace />
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ZSignInRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const next = await signIn(parsed.data.email, parsed.data.password);
      goTo(isPasswordExpired(next) ? homePathFor(next) : (redirect ?? homePathFor(next)), navigate);
    } catch (e) {
      setError(errorMessage(e));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New to Starboard?{" "}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </>
      }
    >
      {invalidated && !error && (
        <Alert color="yellow" role="status" data-testid="invalidated-notice">
          {SESSION_ENDED_MESSAGE}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            required
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            required
          />
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
            <Button type="submit" loading={submitting}>
              Sign In
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
