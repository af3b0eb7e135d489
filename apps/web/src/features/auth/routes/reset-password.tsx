import "@mantine/core/styles/Alert.css";
import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { ZPasswordUpdateSchema } from "@starboard/contract/auth";
import { MESSAGES } from "@starboard/contract/errors";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { errorMessage } from "../../../components/shell/query-error";
import { apiFieldErrors, issuesToFieldErrors } from "../../../lib/form-errors";
import { useSearchParams } from "../../../lib/search-params";
import { useResetPassword } from "../api/reset-password";
import { NewPasswordFields, PASSWORDS_DO_NOT_MATCH } from "../components/new-password-fields";

/** /reset-password?reset_password_token=… (also accepts `token`), from the reset e-mail. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get("reset_password_token") ?? params.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useResetPassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPasswordUpdateSchema.safeParse({ reset_password_token: token, password });
    const next = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (password !== confirm) next.confirm = PASSWORDS_DO_NOT_MATCH;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    try {
      await reset.mutateAsync(parsed.data);
      void navigate("/password-reset-complete", { replace: true });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      }
    >
      {!token ? (
        <Alert color="red" role="alert">
          {MESSAGES.invalidResetToken}{" "}
          <Anchor component={Link} to="/forgot-password">
            Request a new link
          </Anchor>
        </Alert>
      ) : (
        <>
          {reset.isError && (
            <Alert color="red" role="alert">
              {errorMessage(reset.error)}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <NewPasswordFields
                password={password}
                confirm={confirm}
                onPassword={setPassword}
                onConfirm={setConfirm}
                errors={errors}
              />
              <Button type="submit" loading={reset.isPending}>
                Set Password
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AuthCard>
  );
}
