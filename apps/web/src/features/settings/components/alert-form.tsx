import "@mantine/core/styles/Switch.css";
import { Button, Group, Input, Select, Stack, Switch, Text } from "@mantine/core";
import type { TAlertReference } from "@starboard/contract/alerts";
import { type FormEvent, type ReactNode, useState } from "react";
import { NULL_LABELS, RATING_OPTIONS, selectedCountLabel } from "../../../components/filter-bar/filter-options";
import { LocationFilter } from "../../../components/filter-bar/location-filter";
import { SourceFilter } from "../../../components/filter-bar/source-filter";
import { StaticFilter } from "../../../components/filter-bar/static-filter";
import { useAlertFrequencies } from "../api/get-alert-frequencies";
import { useAlertTypes } from "../api/get-alert-types";
import { type TAlertFormValues, validateAlert } from "./alert-values";

const optionsOf = (rows: TAlertReference[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** A filter dropdown with a visible caption, a hint and an error under it (the dropdown names itself). */
function FilterField({
  label,
  description,
  error,
  children,
}: {
  label: string;
  description: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper label={label} labelElement="div" description={description}>
      <div style={{ marginTop: 4 }}>{children}</div>
      {error && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Input.Wrapper>
  );
}

/** The alert form shared by Add Alert and Edit Alert: what, how often, and which reviews. */
export function AlertForm({
  initial,
  submitLabel,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial: TAlertFormValues;
  submitLabel: string;
  submitting: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: TAlertFormValues) => void;
  onCancel: () => void;
}) {
  const types = useAlertTypes();
  const frequencies = useAlertFrequencies();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const set = (next: Partial<TAlertFormValues>) => setValues((v) => ({ ...v, ...next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validateAlert(values);
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Alert">
      <Stack gap="md" maw={520}>
        <Select
          label="Alert type"
          placeholder="Choose what to be told about"
          data={optionsOf(types.data?._embedded.alert_types)}
          value={values.alert_type_id === null ? null : String(values.alert_type_id)}
          onChange={(v) => set({ alert_type_id: v === null ? null : Number(v) })}
          error={shown.alert_type_id ?? (types.isError ? "Could not load the alert types" : undefined)}
          allowDeselect={false}
          required
        />
        <Select
          label="Frequency"
          placeholder="Choose how often"
          data={optionsOf(frequencies.data?._embedded.alert_frequencies)}
          value={values.alert_frequency_id === null ? null : String(values.alert_frequency_id)}
          onChange={(v) => set({ alert_frequency_id: v === null ? null : Number(v) })}
          error={shown.alert_frequency_id ?? (frequencies.isError ? "Could not load the frequencies" : undefined)}
          allowDeselect={false}
          required
        />
        <FilterField label="Locations" description="Reviews of these locations only." error={shown.location_ids}>
          <LocationFilter value={values.location_ids} onChange={(ids) => set({ location_ids: ids })} multiple />
        </FilterField>
        <FilterField label="Sources" description="Reviews from these sources only." error={shown.source_ids}>
          <SourceFilter value={values.source_ids} onChange={(ids) => set({ source_ids: ids })} multiple />
        </FilterField>
        <FilterField
          label="Ratings"
          description="Reviews with these ratings only (review alerts)."
          error={shown.ratings}
        >
          <StaticFilter
            label="Rating"
            nullLabel={NULL_LABELS.rating}
            options={RATING_OPTIONS}
            value={values.ratings}
            onChange={(ratings) => set({ ratings })}
            countLabel={selectedCountLabel.rating}
            multiple
          />
        </FilterField>
        <Switch
          label="Send this alert"
          description="Switch off to keep the alert without receiving it."
          checked={values.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
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
