import { Anchor, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { type GateRule, passesGate, useGateContext } from "../../../lib/authorization";

interface Entry {
  to: string;
  title: string;
  text: string;
  gate?: GateRule;
}

const ENTRIES: Entry[] = [
  { to: "/settings/profile", title: "Profile", text: "Your name, e-mail and password." },
  {
    to: "/settings/users",
    title: "Users",
    text: "Who can use this account and what they may do.",
    gate: { permissions: [["read", "user"]] },
  },
  {
    to: "/settings/account",
    title: "Account",
    text: "The account's name and time zone.",
    gate: { permissions: [["read", "account"]] },
  },
  {
    to: "/settings/billing",
    title: "Billing",
    text: "Subscription, payment card and invoices.",
    gate: { permissions: [["read", "billing"]] },
  },
  {
    to: "/settings/integrations",
    title: "Integrations",
    text: "Connect review sources and listings.",
    gate: { permissions: [["read", "integration"]] },
  },
  {
    to: "/settings/alerts",
    title: "Alerts",
    text: "E-mail alerts for new reviews.",
    gate: { permissions: [["update", "alert"]] },
  },
  {
    to: "/settings/locations",
    title: "Locations",
    text: "Addresses, hours, holiday hours and directory details of each location.",
    gate: { permissions: [["read", "location"]] },
  },
  {
    to: "/settings/groups",
    title: "Groups",
    text: "Group locations to filter and compare them.",
    gate: { permissions: [["read", "group"]] },
  },
  {
    to: "/settings/tags",
    title: "Tags",
    text: "Rename, merge and delete review tags and status labels.",
    gate: { permissions: [["read", "tag"]] },
  },
  {
    to: "/settings/response-templates",
    title: "Response templates",
    text: "Reusable replies with placeholders.",
    gate: { permissions: [["read", "response_template"]] },
  },
  {
    to: "/settings/audit-log",
    title: "Audit Log",
    text: "Operators who entered the account, and what they changed.",
    gate: { permissions: [["read", "account_setting"]] },
  },
  {
    to: "/settings/scheduled-exports/manage?fromPage=settings",
    title: "Manage Exports",
    text: "Scheduled CSV exports sent by e-mail.",
    gate: { permissions: [["create", "scheduled_export"]] },
  },
];

/** /settings: Account & Settings. */
export default function SettingsHomeRoute() {
  const ctx = useGateContext();
  return (
    <>
      <PageHeader title="Account & Settings" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {ENTRIES.filter((e) => !e.gate || passesGate(e.gate, ctx)).map((entry) => (
          <Paper key={entry.to} withBorder p="md" radius="md">
            <Stack gap={4}>
              <Anchor component={Link} to={entry.to} fw={700}>
                {entry.title}
              </Anchor>
              <Text size="sm" c="gray.7">
                {entry.text}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
