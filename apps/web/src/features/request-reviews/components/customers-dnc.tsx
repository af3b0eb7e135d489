import "@mantine/core/styles/Table.css";
import { Button, Group, Stack, Table, TextInput } from "@mantine/core";
import { useState } from "react";
import { SearchInput } from "../../../components/common/search-input";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows, Pager } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import {
  CSV_PATHS,
  CUSTOMERS_PER_PAGE,
  useAddDoNotContact,
  useDoNotContact,
  useRemoveDoNotContact,
} from "../api/customers";
import { CsvDownload } from "./customers-upload";

/** The do-not-contact list: addresses and numbers never asked; add, remove, search, download. */
export function DoNotContactList() {
  const [page, setPage] = useState(1);
  const [keywords, setKeywords] = useState("");
  const [entry, setEntry] = useState({ email: "", phone: "", reason: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canCreate = useCan("create", "contact");
  const canDelete = useCan("delete", "contact");
  const list = useDoNotContact({ page, per_page: CUSTOMERS_PER_PAGE, keywords: keywords || undefined });
  const add = useAddDoNotContact();
  const remove = useRemoveDoNotContact();
  const rows = list.data?._embedded.do_not_contact ?? [];

  const submit = () => {
    setErrors({});
    add.mutate(
      { email: entry.email.trim() || null, phone: entry.phone.trim() || null, reason: entry.reason.trim() || null },
      {
        onSuccess: () => {
          toastSuccess("Added to the do-not-contact list");
          setEntry({ email: "", phone: "", reason: "" });
        },
        onError: (error) => {
          const fields = apiFieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) toastAlert(serverErrorText(error) ?? "Could not add the entry.");
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {canCreate && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Group align="flex-start">
            <TextInput
              label="E-mail"
              value={entry.email}
              onChange={(e) => setEntry({ ...entry, email: e.currentTarget.value })}
              error={errors.email}
            />
            <TextInput
              label="Phone"
              value={entry.phone}
              onChange={(e) => setEntry({ ...entry, phone: e.currentTarget.value })}
              error={errors.phone}
            />
            <TextInput
              label="Reason"
              value={entry.reason}
              onChange={(e) => setEntry({ ...entry, reason: e.currentTarget.value })}
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              Add to list
            </Button>
          </Group>
        </form>
      )}
      <Group justify="space-between">
        <SearchInput
          value={keywords}
          onSearch={(v) => {
            setKeywords(v);
            setPage(1);
          }}
          placeholder="Search the list"
          w={320}
        />
        <CsvDownload path={CSV_PATHS.doNotContact} name="do_not_contact.csv" label="Download list" />
      </Group>
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message="No one is on the do-not-contact list." />
          ) : (
            <Table striped aria-label="Do-not-contact list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.email ?? "—"}</Table.Td>
                    <Table.Td>{r.phone ?? "—"}</Table.Td>
                    <Table.Td>{r.reason ?? ""}</Table.Td>
                    <Table.Td>{new Date(r.created_at).toLocaleDateString("en-US")}</Table.Td>
                    <Table.Td>
                      {canDelete && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${r.email ?? r.phone}`}
                          onClick={() =>
                            remove.mutate(r.id, {
                              onSuccess: () => toastSuccess("Removed from the do-not-contact list"),
                              onError: (e) => toastAlert(e.message),
                            })
                          }
                        >
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      <Pager page={page} total={list.data?._total_pages ?? 1} onChange={setPage} />
    </Stack>
  );
}
