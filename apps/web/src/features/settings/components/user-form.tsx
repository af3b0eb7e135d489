import "@mantine/core/styles/PasswordInput.css";
import { Button, Group, PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useUserTypes } from "../api/get-user-types";
import { userTypeOptions } from "./user-type-options";

export interface UserFormValues {
  name: string;
  email: string;
  user_type_id: number | null;
  password: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateUser(values: UserFormValues, withPassword: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = "Name is required";
  if (!values.email.trim()) errors.email = "Email is required";
  else if (!EMAIL.test(values.email.trim())) errors.email = "Enter a valid email address";
  if (values.user_type_id === null) errors.user_type_id = "User type is required";
  if (withPassword && values.password && values.password.length < 8)
    errors.password = "Password must be at least 8 characters";
  return errors;
}

/** The user form shared by Add User and Edit User. */
export function UserForm({
  initial,
  withPassword,
  canChangeType,
  submitLabel,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial: UserFormValues;
  withPassword: boolean;
  canChangeType: boolean;
  submitLabel: string;
  submitting: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}) {
  const types = useUserTypes();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validateUser(values, withPassword);
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          error={shown.name}
          required
        />
        <TextInput
          label="Email"
          type="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
          error={shown.email}
          required
        />
        <Select
          label="User type"
          data={userTypeOptions(types.data?._embedded.user_types)}
          value={values.user_type_id === null ? null : String(values.user_type_id)}
          onChange={(v) => setValues({ ...values, user_type_id: v === null ? null : Number(v) })}
          error={shown.user_type_id}
          disabled={!canChangeType}
          allowDeselect={false}
          required
        />
        {withPassword && (
          <PasswordInput
            label="Password"
            description="Optional. Leave blank and the user chooses one from the invitation e-mail."
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
            error={shown.password}
          />
        )}
        <Group mt="xs">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
