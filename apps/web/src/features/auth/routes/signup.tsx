import "@mantine/core/styles/PasswordInput.css";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { ZSignupRequestSchema } from "@starboard/contract/auth";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { issuesToFieldErrors } from "../../../lib/form-errors";
import { readSignupState, type SignupDraft } from "../components/signup-draft";

const StepOneSchema = ZSignupRequestSchema.pick({ name: true, email: true, password: true });

/** Sign-up, step 1 of 2: the person. */
export default function SignupRoute() {
  const navigate = useNavigate();
  const incoming = readSignupState(useLocation().state);
  const [draft, setDraft] = useState<SignupDraft>(incoming.draft ?? { name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>(incoming.errors ?? {});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = StepOneSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    void navigate("/signup/location", { state: { draft: parsed.data } });
  };

  const set = (key: keyof SignupDraft) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };

  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </>
      }
    >
      <Text size="sm" c="gray.7">
        Step 1 of 2: about you
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Your name"
            autoComplete="name"
            value={draft.name}
            onChange={set("name")}
            error={errors.name}
            required
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={set("email")}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={draft.password}
            onChange={set("password")}
            error={errors.password}
            description="At least 8 characters"
            required
          />
          <Button type="submit" mt="xs">
            Continue
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
