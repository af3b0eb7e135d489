import { Paper, Stack, Tabs, Title } from "@mantine/core";
import "@mantine/core/styles/Tabs.css";
import { useSearchParams } from "../../../lib/search-params";
import { DoNotContactList } from "../components/customers-dnc";
import { CustomersList } from "../components/customers-list";
import { CustomersUpload } from "../components/customers-upload";

const VIEWS = [
  { value: "list", label: "All customers" },
  { value: "upload", label: "Upload" },
  { value: "do-not-contact", label: "Do not contact" },
] as const;

/**
 * /request-reviews/customers: the customers asked for reviews (paged, searched, added and edited with their consent
 * and opt-outs), CSV uploads with live progress and the rejected rows with why, and the do-not-contact list.
 * The view is kept in the query (`view`).
 */
export default function CustomersRoute() {
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((v) => v.value === params.get("view"))?.value ?? "list";
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Customers
        </Title>
        <Tabs
          value={view}
          onChange={(v) => v && setParams({ view: v })}
          keepMounted={false}
          variant="pills"
          activateTabWithKeyboard
        >
          <Tabs.List aria-label="Customer views">
            {VIEWS.map((v) => (
              <Tabs.Tab key={v.value} value={v.value}>
                {v.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="list" pt="md">
            <CustomersList />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <CustomersUpload />
          </Tabs.Panel>
          <Tabs.Panel value="do-not-contact" pt="md">
            <DoNotContactList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
