import "@mantine/core/styles/Alert.css";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { ZPasswordResetRequestSchema } from "@starboard/contract/auth";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { errorMessage } from "../../../components/shell/query-error";
import { issuesToFieldErrors } from "../../../lib/form-errors";
import { useRequestPasswordReset } from "../api/request-password-reset";

export const RESET_LINK_SENT = "If an account uses that email, we sent it a link to reset the password.";

export default function ForgotPasswordRoute() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPasswordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    reset.mutate(parsed.data.email);
  };

  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      }
    >
      {reset.isSuccess ? (
        <Alert color="teal" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : (
        <>
          <Text size="sm">Enter the email you sign in with and we will send you a link to choose a new password.</Text>
          {reset.isError && (
            <Alert color="red" role="alert">
              {errorMessage(reset.error)}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={errors.email}
                required
              />
              <Button type="submit" loading={reset.isPending}>
                Send Reset Link
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AuthCard>
  );
}
