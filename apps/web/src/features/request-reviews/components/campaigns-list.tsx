import "@mantine/core/styles/Table.css";
import { Anchor, Badge, Button, Group, Select, Stack, Table } from "@mantine/core";
import { CAMPAIGN_STATUSES, type TCampaignStatus } from "@starboard/contract/requests";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { downloadFile } from "../../../components/export/download";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows, Pager } from "../../../components/shell/table-states";
import { useCan } from "../../../lib/authorization";
import { toastAlert } from "../../../lib/toast";
import { CAMPAIGNS_CSV_PATH, useCampaigns } from "../api/campaigns";

export const STATUS_COLORS: Record<TCampaignStatus, string> = {
  draft: "gray",
  scheduled: "blue",
  sending: "yellow",
  sent: "green",
  cancelled: "red",
};
export const STATUS_LABELS: Record<TCampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

export function CampaignStatusBadge({ status }: { status: TCampaignStatus }) {
  return (
    <Badge variant="light" color={`${STATUS_COLORS[status]}.9`} data-testid="campaign-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** The campaigns, newest first: status, channel, recipients and how far their requests went; the CSV download. */
export function CampaignsList() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TCampaignStatus | null>(null);
  const [downloading, setDownloading] = useState(false);
  const canCreate = useCan("create", "campaign");
  const list = useCampaigns(page, status ?? undefined);
  const rows = list.data?._embedded.campaigns ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Select
          aria-label="Status"
          placeholder="All statuses"
          clearable
          w={200}
          data={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => {
            setStatus(v as TCampaignStatus | null);
            setPage(1);
          }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadFile(CAMPAIGNS_CSV_PATH, "campaigns.csv")
                .catch((err: Error) => toastAlert(err.message))
                .finally(() => setDownloading(false));
            }}
          >
            Download CSV
          </Button>
          {canCreate && (
            <Button component={Link} to="new" leftSection={<IconPlus size={16} aria-hidden />}>
              New campaign
            </Button>
          )}
        </Group>
      </Group>
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message={status ? "No campaigns with this status." : "No campaigns yet."} />
          ) : (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table striped aria-label="Campaigns">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Channel</Table.Th>
                      <Table.Th>Recipients</Table.Th>
                      <Table.Th>Sent</Table.Th>
                      <Table.Th>Opened</Table.Th>
                      <Table.Th>Completed</Table.Th>
                      <Table.Th>Created</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          <Anchor component={Link} to={c.id}>
                            {c.name}
                          </Anchor>
                          {c.is_multi && (
                            <Badge ml="xs" size="xs" variant="outline">
                              {c.location_ids.length} locations
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <CampaignStatusBadge status={c.status} />
                        </Table.Td>
                        <Table.Td>{c.request_type === "sms" ? "SMS" : "E-mail"}</Table.Td>
                        <Table.Td>{c.counts.recipients}</Table.Td>
                        <Table.Td>{c.counts.sent}</Table.Td>
                        <Table.Td>{c.counts.opened}</Table.Td>
                        <Table.Td>{c.counts.completed}</Table.Td>
                        <Table.Td>{new Date(c.created_at).toLocaleDateString()}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={page} total={list.data?._total_pages ?? 1} onChange={setPage} />
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
