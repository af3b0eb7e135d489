import "@mantine/core/styles/Alert.css";
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { ZSignupRequestSchema } from "@starboard/contract/auth";
import { MESSAGES } from "@starboard/contract/errors";
import { type FormEvent, useMemo, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { ApiError } from "../../../lib/api";
import { issuesToFieldErrors } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { homePathFor } from "../../../lib/session-home";
import { useSignUp } from "../api/sign-up";
import { readSignupState, VERTICALS } from "../components/signup-draft";

const STEP_ONE_FIELDS = ["name", "email", "password"];

/** The spec's sign-up failure text: the server's error, or the fixed message (docs/product/platform.md §8). */
export function signupFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return MESSAGES.signupFailed;
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
}

/** Sign-up, step 2 of 2: the business; posts POST /signup/user and signs in. */
export default function SignupLocationRoute() {
  const navigate = useNavigate();
  const { adoptSession } = useSession();
  const { draft } = readSignupState(useLocation().state);
  const zones = useMemo(timeZones, []);
  const [accountName, setAccountName] = useState("");
  const [vertical, setVertical] = useState<string | null>("restaurant");
  const [timeZone, setTimeZone] = useState<string | null>(
    () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signUp = useSignUp();

  if (!draft) return <Navigate to="/signup" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZSignupRequestSchema.safeParse({
      ...draft,
      account_name: accountName,
      vertical: vertical ?? undefined,
      time_zone: timeZone ?? undefined,
    });
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      if (STEP_ONE_FIELDS.some((f) => fieldErrors[f])) {
        void navigate("/signup", { state: { draft, errors: fieldErrors } });
        return;
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      const session = await signUp.mutateAsync(parsed.data);
      adoptSession(session);
      void navigate(homePathFor(session), { replace: true });
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.errors : {};
      if (STEP_ONE_FIELDS.some((f) => fieldErrors[f])) {
        void navigate("/signup", { state: { draft, errors: fieldErrors } });
        return;
      }
      setErrors(fieldErrors);
      setFailure(signupFailureMessage(e));
    }
  };

  return (
    <AuthCard title="Tell us about your business">
      <Text size="sm" c="gray.7">
        Step 2 of 2: your business
      </Text>
      {failure && (
        <Alert color="red" role="alert" data-testid="signup-error">
          {failure}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Business name"
            autoComplete="organization"
            value={accountName}
            onChange={(e) => setAccountName(e.currentTarget.value)}
            error={errors.account_name}
            required
          />
          <Select
            label="Industry"
            data={VERTICALS.map((v) => ({ value: v.value, label: v.label }))}
            value={vertical}
            onChange={setVertical}
            error={errors.vertical}
            allowDeselect={false}
          />
          <Select
            label="Time zone"
            data={zones}
            value={timeZone}
            onChange={setTimeZone}
            error={errors.time_zone}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone matches"
          />
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to="/signup" state={{ draft }} size="sm">
              Back
            </Anchor>
            <Button type="submit" loading={signUp.isPending}>
              Create Account
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
