import "@mantine/core/styles/PasswordInput.css";
import { PasswordInput } from "@mantine/core";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
        description="At least 8 characters"
        required
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={errors.confirm}
        required
      />
    </>
  );
}
