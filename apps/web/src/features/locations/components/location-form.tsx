import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Grid.css";
import { Alert, Button, Checkbox, Grid, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import type { ReactNode } from "react";
import { useState } from "react";
import { AddressForm } from "../../../components/common/address-form";
import { useSignedInSession } from "../../../lib/session";
import { emptyWeek } from "../hours/week.ts";
import type { TLocationDraft } from "../location-draft.ts";
import {
  OPEN_STATUS_OPTIONS,
  REQUIRED_FIELDS,
  REQUIRED_MARK,
  requiredError,
  requiredMessage,
  type TOpenStatus,
} from "../location-rules.ts";
import { HoursEditor } from "./hours-editor.tsx";

export type LocationFormProps = {
  value: TLocationDraft;
  onChange: (next: TLocationDraft) => void;
  /** Existing locations get the open status selector. */
  existing: boolean;
  /** Every required error shows (after a save attempt). */
  showAllErrors: boolean;
  serverErrors?: Record<string, string>;
  disabled?: boolean;
  /** The category picker (searches categories). */
  category?: ReactNode;
  /** The NPI field (healthcare accounts). */
  npi?: ReactNode;
  /** Holiday hours and directory overrides (existing locations). */
  extra?: ReactNode;
};

/** The location form in edit mode (docs/product/locations.md §2, §5). */
export function LocationForm({
  value,
  onChange,
  existing,
  showAllErrors,
  serverErrors = {},
  disabled,
  category,
  npi,
  extra,
}: LocationFormProps) {
  const session = useSignedInSession();
  const isTopAdmin = session.user_type_id === USER_TYPE_IDS.admin;
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const set = <K extends keyof TLocationDraft>(key: K, v: TLocationDraft[K]) => onChange({ ...value, [key]: v });

  const errorOf = (field: "name" | "public_name") =>
    serverErrors[field] ??
    (touched[field] || showAllErrors ? (requiredError(field, value[field]) ?? undefined) : undefined);

  const addressRequired = {
    address: requiredMessage("address"),
    city: requiredMessage("city"),
    state: requiredMessage("state"),
    zipcode: requiredMessage("zipcode"),
    country: requiredMessage("country"),
  };
  const addressErrors: Record<string, string> = {};
  for (const field of ["address", "city", "state", "zipcode", "country"] as const) {
    const server = serverErrors[field];
    if (server) addressErrors[field] = server;
    else if (showAllErrors) {
      const e = requiredError(field, value.address[field]);
      if (e) addressErrors[field] = e;
    }
  }

  return (
    <Stack gap="lg" data-testid="location-form">
      <Text size="sm" c="red.8" aria-hidden>
        {REQUIRED_MARK}
      </Text>
      <section aria-labelledby="location-info-heading">
        <Title order={2} size="h4" id="location-info-heading" mb="sm">
          Location Information
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={REQUIRED_FIELDS.name}
              name="name"
              withAsterisk
              value={value.name}
              onChange={(e) => set("name", e.currentTarget.value)}
              onBlur={() => setTouched((t) => ({ ...t, name: true }))}
              error={errorOf("name")}
              disabled={disabled}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={REQUIRED_FIELDS.public_name}
              name="public_name"
              withAsterisk
              value={value.public_name}
              onChange={(e) => set("public_name", e.currentTarget.value)}
              onBlur={() => setTouched((t) => ({ ...t, public_name: true }))}
              error={errorOf("public_name")}
              disabled={disabled}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="External ID"
              name="external_id"
              value={value.external_id}
              onChange={(e) => set("external_id", e.currentTarget.value)}
              error={serverErrors.external_id}
              disabled={disabled}
              maxLength={100}
            />
          </Grid.Col>
          {isTopAdmin && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Google Place ID"
                name="google_place_id"
                value={value.google_place_id}
                onChange={(e) => set("google_place_id", e.currentTarget.value)}
                error={serverErrors.google_place_id}
                disabled={disabled}
                maxLength={200}
              />
            </Grid.Col>
          )}
          {category && <Grid.Col span={{ base: 12, sm: 6 }}>{category}</Grid.Col>}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone"
              name="phone"
              type="tel"
              value={value.phone}
              onChange={(e) => set("phone", e.currentTarget.value)}
              error={serverErrors.phone}
              disabled={disabled}
              maxLength={40}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Website"
              name="website"
              value={value.website}
              onChange={(e) => set("website", e.currentTarget.value)}
              error={serverErrors.website}
              disabled={disabled}
              maxLength={2000}
              placeholder="https://"
            />
          </Grid.Col>
          {npi && <Grid.Col span={{ base: 12, sm: 6 }}>{npi}</Grid.Col>}
          {existing && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Business Status"
                name="open_status"
                data={OPEN_STATUS_OPTIONS}
                value={value.open_status}
                onChange={(v) => set("open_status", (v ?? "active") as TOpenStatus)}
                allowDeselect={false}
                disabled={disabled}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <Checkbox
              label="Headquarters"
              checked={value.is_headquarters}
              onChange={(e) => set("is_headquarters", e.currentTarget.checked)}
              disabled={disabled}
            />
          </Grid.Col>
        </Grid>
      </section>
      <section aria-labelledby="location-address-heading">
        <Title order={2} size="h4" id="location-address-heading" mb="sm">
          Address
        </Title>
        <AddressForm
          value={value.address}
          onChange={(address) => set("address", address)}
          required={addressRequired}
          errors={addressErrors}
          disabled={disabled}
        />
      </section>
      <section aria-labelledby="location-hours-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="location-hours-heading">
            Operating Hours
          </Title>
          {value.hours ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onChange({ ...value, hours: null, remove_hours: existing })}
              disabled={disabled}
            >
              Remove Hours
            </Button>
          ) : (
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => onChange({ ...value, hours: emptyWeek(), remove_hours: false })}
              disabled={disabled}
            >
              Add Hours
            </Button>
          )}
        </Group>
        {value.hours ? (
          <HoursEditor value={value.hours} onChange={(hours) => set("hours", hours)} disabled={disabled} />
        ) : (
          <Text size="sm" c="gray.7">
            No operating hours set.
          </Text>
        )}
      </section>
      {extra}
      {serverErrors._form && (
        <Alert color="red" role="alert">
          {serverErrors._form}
        </Alert>
      )}
    </Stack>
  );
}
