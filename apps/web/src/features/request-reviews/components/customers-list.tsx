import "@mantine/core/styles/Table.css";
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { TContact } from "@starboard/contract/customers";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { SearchInput } from "../../../components/common/search-input";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows, Pager } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { toastAlert, toastSuccess } from "../../../lib/toast";
import { CUSTOMERS_PER_PAGE, useContacts, useDeleteContact, useSaveContact } from "../api/customers";
import { CustomerForm, consentLabel } from "./customers-form";

function optOutBadges(c: TContact) {
  return (
    <Group gap={4}>
      {c.email_opted_out_at && (
        <Badge color="red" variant="light">
          E-mail opted out
        </Badge>
      )}
      {c.sms_opted_out_at && (
        <Badge color="red" variant="light">
          SMS opted out
        </Badge>
      )}
      {c.do_not_contact && (
        <Badge color="dark" variant="light">
          Do not contact
        </Badge>
      )}
      {c.email_undeliverable_at && (
        <Badge color="orange" variant="light">
          Undeliverable
        </Badge>
      )}
    </Group>
  );
}

/** The customer list: paged, searched by name, e-mail or phone; add, edit and delete. */
export function CustomersList() {
  const [page, setPage] = useState(1);
  const [keywords, setKeywords] = useState("");
  const [editing, setEditing] = useState<TContact | "new" | null>(null);
  const canCreate = useCan("create", "contact");
  const canUpdate = useCan("update", "contact");
  const canDelete = useCan("delete", "contact");
  const list = useContacts({ page, per_page: CUSTOMERS_PER_PAGE, keywords: keywords || undefined });
  const save = useSaveContact();
  const remove = useDeleteContact();
  const rows = list.data?._embedded.contacts ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SearchInput
          value={keywords}
          onSearch={(v) => {
            setKeywords(v);
            setPage(1);
          }}
          placeholder="Search customers"
          w={320}
        />
        {canCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            Add customer
          </Button>
        )}
      </Group>
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message={keywords ? "No customers match your search." : "No customers yet."} />
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped aria-label="Customers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Phone</Table.Th>
                    <Table.Th>SMS consent</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.name || "—"}</Table.Td>
                      <Table.Td>{c.email ?? "—"}</Table.Td>
                      <Table.Td>{c.phone ?? "—"}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{consentLabel(c.sms_consent)}</Text>
                      </Table.Td>
                      <Table.Td>{optOutBadges(c)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {canUpdate && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => setEditing(c)}
                              aria-label={`Edit ${c.name || c.email || c.phone}`}
                            >
                              Edit
                            </Button>
                          )}
                          {canDelete && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${c.name || c.email || c.phone}`}
                              onClick={() =>
                                remove.mutate(c.id, {
                                  onSuccess: () => toastSuccess("Customer deleted"),
                                  onError: (e) => toastAlert(e.message),
                                })
                              }
                            >
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <Pager page={page} total={list.data?._total_pages ?? 1} onChange={setPage} />
      {editing && (
        <CustomerForm
          opened
          contact={editing === "new" ? null : editing}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await save.mutateAsync({ id: editing === "new" ? undefined : editing.id, body });
            toastSuccess(editing === "new" ? "Customer added" : "Customer saved");
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
