import "@mantine/core/styles/Alert.css";
import { Alert, Button, Paper, Select, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useMemo, useState } from "react";
import { PageHeader } from "../../../components/shell/page-header";
import { PageLoader } from "../../../components/shell/page-loader";
import { errorMessage, QueryError } from "../../../components/shell/query-error";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { useSession, useSignedInSession } from "../../../lib/session";
import { useAccount } from "../api/get-account";
import { useUpdateAccount } from "../api/update-account";

function zones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
}

function AccountForm({
  id,
  name,
  timeZone,
  canEdit,
}: {
  id: string;
  name: string;
  timeZone: string;
  canEdit: boolean;
}) {
  const { refresh } = useSession();
  const update = useUpdateAccount();
  const options = useMemo(() => {
    const all = zones();
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const [values, setValues] = useState({ name, time_zone: timeZone });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: "Account name is required" });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ id, name: values.name.trim(), time_zone: values.time_zone });
      await refresh();
      notifications.show({ color: "teal", message: "Account saved", autoClose: 5000 });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={480}>
        {update.isError && (
          <Alert color="red" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <TextInput
          label="Account name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          error={errors.name}
          readOnly={!canEdit}
          required
        />
        <Select
          label="Time zone"
          data={options}
          value={values.time_zone}
          onChange={(v) => v && setValues({ ...values, time_zone: v })}
          error={errors.time_zone}
          searchable
          allowDeselect={false}
          readOnly={!canEdit}
        />
        {canEdit && (
          <Button type="submit" loading={update.isPending} w="fit-content">
            Save Account
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** /settings/account: the account's name and time zone. */
export default function AccountRoute() {
  const session = useSignedInSession();
  const account = useAccount(session.account_id);
  const canEdit = useCan("update", "account");
  return (
    <>
      <PageHeader title="Account" />
      <Paper withBorder p="md" radius="md">
        {account.isPending ? (
          <PageLoader />
        ) : account.isError ? (
          <QueryError error={account.error} onRetry={() => void account.refetch()} />
        ) : (
          <AccountForm
            key={account.data.id}
            id={account.data.id}
            name={account.data.name}
            timeZone={account.data.time_zone}
            canEdit={canEdit}
          />
        )}
      </Paper>
    </>
  );
}
