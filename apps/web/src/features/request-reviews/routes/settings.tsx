import { Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { REQUEST_SETTINGS_MESSAGES } from "@starboard/contract/routes/request-sending";
import { type FormEvent, useEffect, useState } from "react";
import { QueryState, SkeletonStack } from "../../../components/shell/query-state";
import { ApiError } from "../../../lib/api";
import { useCan } from "../../../lib/authorization";
import { toast } from "../../../lib/toast";
import { useRequestSettings, useSaveRequestSettings } from "../api/sending";

interface Values {
  quiet_hours_start: string;
  quiet_hours_end: string;
  min_days_between_requests: number | string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Request Reviews → Settings: quiet hours (each location's time zone) and how often a customer may be asked. */
export default function RequestSettingsRoute() {
  const canEdit = useCan("update", "campaign");
  const query = useRequestSettings();
  const save = useSaveRequestSettings();
  const [values, setValues] = useState<Values>({
    quiet_hours_start: "21:00",
    quiet_hours_end: "08:00",
    min_days_between_requests: 30,
  });
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!query.data) return;
    setValues({
      quiet_hours_start: query.data.quiet_hours_start,
      quiet_hours_end: query.data.quiet_hours_end,
      min_days_between_requests: query.data.min_days_between_requests,
    });
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const days = values.min_days_between_requests;
    if (days === "" || !Number.isInteger(Number(days))) {
      setErrors({ min_days_between_requests: REQUEST_SETTINGS_MESSAGES.minDays });
      return;
    }
    save.mutate(
      {
        quiet_hours_start: values.quiet_hours_start,
        quiet_hours_end: values.quiet_hours_end,
        min_days_between_requests: Number(days),
      },
      {
        onSuccess: () => toast({ level: "success", message: "Sending settings saved" }),
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors as Errors);
          else toast({ level: "alert", message: error instanceof Error ? error.message : "Unable to save" });
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="request-settings-title">
      <Title order={2} size="h3" id="request-settings-title" mb="xs">
        Sending settings
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Quiet hours and how often a customer may be asked.
      </Text>
      <QueryState
        query={query}
        loading={<SkeletonStack testId="request-settings-loading" maw={480} />}
        errorTitle="Unable to load the sending settings"
      >
        {() => (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm" maw={480}>
              <Text size="sm">
                No request is sent during quiet hours, in each location's time zone: requests wait and go out when they
                end. The same start and end turn quiet hours off.
              </Text>
              <Group grow align="flex-start">
                <TextInput
                  type="time"
                  label="Quiet hours start"
                  name="quiet_hours_start"
                  value={values.quiet_hours_start}
                  readOnly={!canEdit}
                  error={errors.quiet_hours_start}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((prev) => ({ ...prev, quiet_hours_start: v }));
                  }}
                />
                <TextInput
                  type="time"
                  label="Quiet hours end"
                  name="quiet_hours_end"
                  value={values.quiet_hours_end}
                  readOnly={!canEdit}
                  error={errors.quiet_hours_end}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((prev) => ({ ...prev, quiet_hours_end: v }));
                  }}
                />
              </Group>
              <NumberInput
                label="Minimum days between requests to a customer"
                description="A customer asked within this many days is skipped (0: no limit)."
                name="min_days_between_requests"
                min={0}
                max={365}
                allowDecimal={false}
                value={values.min_days_between_requests}
                readOnly={!canEdit}
                error={errors.min_days_between_requests}
                onChange={(v) => setValues((prev) => ({ ...prev, min_days_between_requests: v }))}
              />
              {canEdit && (
                <Group>
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </QueryState>
    </Paper>
  );
}
