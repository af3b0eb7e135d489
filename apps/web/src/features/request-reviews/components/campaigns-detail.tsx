import "@mantine/core/styles/Table.css";
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { REQUEST_SKIP_REASONS, UPLOAD_ERROR_DEFAULT } from "@starboard/contract/requests";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../../components/shell/query-error";
import { QueryState } from "../../../components/shell/query-state";
import { EmptyRows, Pager, TableSkeleton } from "../../../components/shell/table-states";
import { ApiError } from "../../../lib/api";
import { useCan } from "../../../lib/authorization";
import { useSignedInSession } from "../../../lib/session";
import { toastAlert, toastSuccess } from "../../../lib/toast";
import {
  type TCampaign,
  type TCampaignAction,
  uploadRecipients,
  useCampaign,
  useCampaignAction,
  useCampaignRecipients,
  useCustomerPicker,
  useSaveCampaign,
  useTemplate,
  useUploadStatus,
} from "../api/campaigns";
import { CampaignStatusBadge } from "./campaigns-list";
import { FEEDBACK_TYPE_LABELS } from "./templates-form";
import { MessagePreview } from "./templates-preview";

const REQUEST_STATUS_LABELS: Record<string, string> = {
  queued: "Queued",
  held: "Held (quiet hours)",
  skipped: "Skipped",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  opened: "Opened",
  clicked: "Clicked",
  completed: "Completed",
};

function reasonText(r: { skip_reason: string | null; failure_reason: string | null }) {
  if (r.skip_reason)
    return (REQUEST_SKIP_REASONS as Record<string, string>)[r.skip_reason]?.replace("{days}", "30") ?? r.skip_reason;
  return r.failure_reason ?? "";
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

function Counts({ c }: { c: TCampaign }) {
  const items = [
    ["Recipients", c.counts.recipients],
    ["Sent", c.counts.sent],
    ["Delivered", c.counts.delivered],
    ["Opened", c.counts.opened],
    ["Clicked", c.counts.clicked],
    ["Completed", c.counts.completed],
    ["Skipped", c.counts.skipped],
    ["Failed", c.counts.failed],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {items.map(([label, n]) => (
        <Paper key={label} withBorder p="xs" radius="sm">
          <Text size="xs" c="gray.7">
            {label}
          </Text>
          <Text fw={600}>{n}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Draft only: add customers, or upload a CSV whose accepted rows join the campaign (rejected rows shown). */
function AddRecipients({ campaign }: { campaign: TCampaign }) {
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const customers = useCustomerPicker(search);
  const save = useSaveCampaign();
  const upload = useUploadStatus(uploadId);
  const sms = campaign.request_type === "sms";
  const options = (customers.data?._embedded.contacts ?? [])
    .filter((c) => (sms ? c.phone : c.email))
    .map((c) => ({ value: c.id, label: `${c.name || "(no name)"} · ${sms ? c.phone : c.email}` }));
  const u = upload.data;

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Add recipients
      </Title>
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label="Customers"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={picked}
          onChange={setPicked}
          w={360}
          nothingFoundMessage="No customers found"
        />
        <Button
          disabled={picked.length === 0}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: campaign.id, body: { recipients: picked } },
              {
                onSuccess: () => {
                  setPicked([]);
                  toastSuccess("Recipients added");
                },
                onError: (err) => toastAlert(err.message),
              },
            )
          }
        >
          Add
        </Button>
        <FileButton
          accept=".csv,text/csv"
          onChange={(file) => {
            if (!file) return;
            setUploadError(null);
            uploadRecipients(file, campaign.id)
              .then((r) => setUploadId(r.id))
              .catch((err) =>
                setUploadError(err instanceof ApiError && err.message ? err.message : UPLOAD_ERROR_DEFAULT),
              );
          }}
        >
          {(props) => (
            <Button variant="default" {...props}>
              Upload CSV
            </Button>
          )}
        </FileButton>
      </Group>
      {uploadError && (
        <Alert color="red" role="alert">
          {uploadError}
        </Alert>
      )}
      {u && (
        <Stack gap={4} role="status" aria-live="polite" data-testid="campaign-upload">
          {u.status === "processing" ? (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Processing… {u.rows_done} rows read</Text>
            </Group>
          ) : u.status === "error" ? (
            <Alert color="red" role="alert">
              {u.error || UPLOAD_ERROR_DEFAULT}
            </Alert>
          ) : (
            <Text size="sm">
              {u.total_successful_recipients} recipients added, {u.total_failed_recipients} rows rejected
            </Text>
          )}
          {u.report.length > 0 && (
            <Table aria-label="Rejected rows" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.report.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function Actions({ campaign }: { campaign: TCampaign }) {
  const action = useCampaignAction();
  const [at, setAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const run = (kind: TCampaignAction, extra?: { at?: string }) => {
    setError(null);
    action.mutate(
      { id: campaign.id, action: kind, ...extra },
      {
        onSuccess: () =>
          toastSuccess(
            kind === "send" ? "Campaign is sending" : kind === "schedule" ? "Campaign scheduled" : "Campaign cancelled",
          ),
        onError: (err) =>
          setError(err instanceof ApiError ? (Object.values(err.errors)[0] ?? err.message) : err.message),
      },
    );
  };
  const s = campaign.status;
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        {(s === "draft" || s === "scheduled") && (
          <Button
            loading={action.isPending && action.variables?.action === "send"}
            onClick={() => {
              if (window.confirm(`Send "${campaign.name}" to ${campaign.counts.recipients} recipients now?`))
                run("send");
            }}
          >
            Send now
          </Button>
        )}
        {s === "draft" && (
          <>
            <TextInput
              label="Schedule for"
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.currentTarget.value)}
              w={220}
            />
            <Button
              variant="default"
              disabled={!at}
              loading={action.isPending && action.variables?.action === "schedule"}
              onClick={() => run("schedule", { at: new Date(at).toISOString() })}
            >
              Schedule
            </Button>
          </>
        )}
        {(s === "draft" || s === "scheduled" || s === "sending") && (
          <Button
            variant="subtle"
            color="red"
            loading={action.isPending && action.variables?.action === "cancel"}
            onClick={() => {
              if (window.confirm(`Cancel "${campaign.name}"? Requests not yet sent will not be sent.`)) run("cancel");
            }}
          >
            Cancel campaign
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function Recipients({ campaign }: { campaign: TCampaign }) {
  const [page, setPage] = useState(1);
  const list = useCampaignRecipients(campaign.id, page, campaign.status === "sending");
  const rows = list.data?._embedded.requests ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Recipients
      </Title>
      <QueryState query={list}>
        {() =>
          rows.length === 0 ? (
            <EmptyRows message="No recipients yet." />
          ) : (
            <>
              <Table.ScrollContainer minWidth={720}>
                <Table striped aria-label="Recipients">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>{campaign.request_type === "sms" ? "Phone" : "E-mail"}</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Reason</Table.Th>
                      <Table.Th>Sent</Table.Th>
                      <Table.Th>Completed</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={r.contact_id}>
                        <Table.Td>{r.name || "(no name)"}</Table.Td>
                        <Table.Td>{campaign.request_type === "sms" ? r.phone : r.email}</Table.Td>
                        <Table.Td data-testid="recipient-status">
                          {r.status ? REQUEST_STATUS_LABELS[r.status] : "Not sent yet"}
                        </Table.Td>
                        <Table.Td>{reasonText(r)}</Table.Td>
                        <Table.Td>{when(r.sent_at)}</Table.Td>
                        <Table.Td>{when(r.completed_at)}</Table.Td>
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

/** A campaign: its status and counts, the message as sent, draft recipients, send/schedule/cancel, each recipient's status. */
export function CampaignDetail({ id }: { id: string }) {
  const session = useSignedInSession();
  const canSend = useCan("create", "campaign");
  const one = useCampaign(id);
  const template = useTemplate(one.data?.template_id ?? undefined);
  if (one.isPending) return <TableSkeleton />;
  if (one.isError) return <QueryError error={one.error} onRetry={() => void one.refetch()} />;
  const c = one.data;
  const message = template.data
    ? {
        ...template.data,
        ...(c.content ? { content: c.content } : {}),
        ...(c.subject ? { subject: c.subject } : {}),
        ...(c.header_text ? { header_text: c.header_text } : {}),
      }
    : null;
  return (
    <Stack gap="md">
      <Anchor component={Link} to=".." relative="path" size="sm">
        Back to campaigns
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3} size="h4">
            {c.name}
          </Title>
          <CampaignStatusBadge status={c.status} />
        </Group>
        <Text size="sm" c="gray.7">
          {c.request_type === "sms" ? "SMS" : "E-mail"} · {FEEDBACK_TYPE_LABELS[c.feedback_configuration.selector_type]}
          {c.scheduled_at ? ` · scheduled for ${when(c.scheduled_at)}` : ""}
        </Text>
      </Group>
      <Counts c={c} />
      {canSend ? (
        <Actions campaign={c} />
      ) : (
        <Text size="sm" c="gray.7">
          You can view this campaign; sending needs the campaign permission.
        </Text>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {canSend && c.status === "draft" && <AddRecipients campaign={c} />}
            <Recipients campaign={c} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            {message ? (
              <MessagePreview
                template={message}
                feedbackType={c.feedback_configuration.selector_type}
                businessName={session.account.name}
              />
            ) : template.isPending && c.template_id ? (
              <Loader size="sm" aria-label="Loading preview" />
            ) : (
              <Text size="sm" c="gray.7">
                No template chosen.
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
