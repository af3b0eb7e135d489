import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { QueryState, SkeletonStack } from "../../../components/shell/query-state";
import { ApiError } from "../../../lib/api";
import { useCan } from "../../../lib/authorization";
import { toast } from "../../../lib/toast";
import { useRequestPage, useSaveRequestPage } from "../api/landing";

const FIELDS = [
  { name: "contact_email", label: "Contact email", type: "email" },
  { name: "contact_number", label: "Contact number", type: "tel" },
  { name: "logo_url", label: "Logo URL", type: "url" },
] as const;
type Field = (typeof FIELDS)[number]["name"];
type Values = Record<Field, string>;

/** The account's request page (contact_email, contact_number, logo_url), shown on every landing page and the kiosk. */
export function LandingRequestPageForm() {
  const canEdit = useCan("update", "campaign");
  const query = useRequestPage();
  const save = useSaveRequestPage();
  const [values, setValues] = useState<Values>({ contact_email: "", contact_number: "", logo_url: "" });
  const [errors, setErrors] = useState<Partial<Values>>({});

  useEffect(() => {
    if (!query.data) return;
    setValues({
      contact_email: query.data.contact_email ?? "",
      contact_number: query.data.contact_number ?? "",
      logo_url: query.data.logo_url ?? "",
    });
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(values, {
      onSuccess: () => toast({ level: "success", message: "Request page saved" }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0)
          setErrors(error.errors as Partial<Values>);
        else toast({ level: "alert", message: error instanceof Error ? error.message : "Unable to save" });
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="request-page-title">
      <Title order={3} size="h4" id="request-page-title" mb="xs">
        Request page
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Shown on every landing page and kiosk: your logo at the top, and how customers reach you.
      </Text>
      <QueryState
        query={query}
        loading={<SkeletonStack testId="request-page-loading" />}
        errorTitle="Unable to load the request page"
      >
        {() => (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm" maw={480}>
              {FIELDS.map((f) => (
                <TextInput
                  key={f.name}
                  label={f.label}
                  type={f.type}
                  name={f.name}
                  value={values[f.name]}
                  readOnly={!canEdit}
                  error={errors[f.name]}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((prev) => ({ ...prev, [f.name]: v }));
                  }}
                />
              ))}
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
