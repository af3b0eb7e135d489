import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/SegmentedControl.css";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { MAX_UPLOAD_ROWS } from "@starboard/contract/customers";
import { UPLOAD_ERROR_DEFAULT } from "@starboard/contract/requests";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { downloadFile } from "../../../components/export/download";
import { QueryState } from "../../../components/shell/query-state";
import { TableSkeleton } from "../../../components/shell/table-states";
import { getCredentials } from "../../../lib/api";
import { serverErrorText, toastAlert } from "../../../lib/toast";
import { CSV_PATHS, customerKeys, uploadCustomers, uploadRunning, useUpload } from "../api/customers";

/** A download button for one of the direct CSV downloads. */
export function CsvDownload({ path, name, label }: { path: string; name: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(path, name);
        } catch (error) {
          toastAlert(serverErrorText(error) ?? UPLOAD_ERROR_DEFAULT);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

const STATUS_LABEL = { processing: "Processing", complete: "Complete", error: "Error" } as const;

/** Upload a CSV of customers (or of do-not-contact entries), its live progress and the report of the rows rejected. */
export function CustomersUpload() {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<"recipients" | "do_not_contact">("recipients");
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const current = useUpload(uploadId);
  const job = current.data;

  const finished = job && !uploadRunning(job);
  useEffect(() => {
    if (finished) {
      void qc.invalidateQueries({ queryKey: customerKeys.list({}).slice(0, 2) });
      void qc.invalidateQueries({ queryKey: customerKeys.dnc({}).slice(0, 2) });
    }
  }, [finished, qc]);

  const send = async () => {
    if (!file) {
      setUploadError("Choose a CSV file");
      return;
    }
    setBusy(true);
    setUploadError(null);
    try {
      const { id } = await uploadCustomers(file, { kind, auth_token: getCredentials()?.token });
      setUploadId(id);
      setFile(null);
    } catch (error) {
      setUploadError(serverErrorText(error) ?? UPLOAD_ERROR_DEFAULT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Upload customers
          </Title>
          <Text size="sm" c="gray.7">
            A CSV with a header row: name, email, phone (a 10-digit US number), and optionally location_id, campaign_id
            and sms_consent; other columns become custom attributes. Each row needs an e-mail address or a phone number.
            Up to {MAX_UPLOAD_ROWS.toLocaleString("en-US")} rows and 20 MB.
          </Text>
          <SegmentedControl
            aria-label="Upload to"
            value={kind}
            onChange={(v) => setKind(v as typeof kind)}
            data={[
              { value: "recipients", label: "Customers" },
              { value: "do_not_contact", label: "Do-not-contact list" },
            ]}
            w="fit-content"
          />
          <Group align="flex-end">
            <FileInput label="CSV file" accept=".csv,text/csv" value={file} onChange={setFile} clearable w={320} />
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => void send()} loading={busy}>
              Upload
            </Button>
            <CsvDownload path={CSV_PATHS.recipientTemplate} name="recipient_template.csv" label="Download template" />
          </Group>
          {uploadError && (
            <Alert color="red" role="alert" title="Upload failed">
              {uploadError}
            </Alert>
          )}
        </Stack>
      </Paper>

      {uploadId && (
        <Paper withBorder p="md" radius="md" aria-live="polite" data-testid="upload-status">
          <QueryState query={current} loading={<TableSkeleton rows={2} />}>
            {() =>
              job ? (
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{job.file_name}</Text>
                    <Text fw={700} data-status={job.status}>
                      {STATUS_LABEL[job.status]}
                    </Text>
                  </Group>
                  {job.status === "processing" && (
                    <>
                      <Progress value={100} animated aria-label="Upload progress" />
                      <Text size="sm">{job.rows_done.toLocaleString("en-US")} rows done</Text>
                    </>
                  )}
                  {job.status === "error" && (
                    <Alert color="red" role="alert" title="Upload failed">
                      {job.error || UPLOAD_ERROR_DEFAULT}
                    </Alert>
                  )}
                  {job.status === "complete" && (
                    <>
                      <Text size="sm" data-testid="upload-totals">
                        {job.total_successful_recipients.toLocaleString("en-US")} added,{" "}
                        {job.total_failed_recipients.toLocaleString("en-US")} rejected
                      </Text>
                      {job.total_failed_recipients > 0 && (
                        <>
                          <Group justify="space-between">
                            <Title order={3} size="h5">
                              Rejected rows
                            </Title>
                            <CsvDownload
                              path={CSV_PATHS.failed(job.id)}
                              name="failed_upload_recipients.csv"
                              label="Download rejected rows"
                            />
                          </Group>
                          <Table.ScrollContainer minWidth={560}>
                            <Table striped aria-label="Rejected rows">
                              <Table.Thead>
                                <Table.Tr>
                                  <Table.Th>Row</Table.Th>
                                  <Table.Th>Reason</Table.Th>
                                  <Table.Th>E-mail</Table.Th>
                                  <Table.Th>Phone</Table.Th>
                                </Table.Tr>
                              </Table.Thead>
                              <Table.Tbody>
                                {job.report.map((r) => (
                                  <Table.Tr key={r.row}>
                                    <Table.Td>{r.row}</Table.Td>
                                    <Table.Td>{r.message}</Table.Td>
                                    <Table.Td>{r.values.email ?? ""}</Table.Td>
                                    <Table.Td>{r.values.phone ?? ""}</Table.Td>
                                  </Table.Tr>
                                ))}
                              </Table.Tbody>
                            </Table>
                          </Table.ScrollContainer>
                          {job.report_truncated && (
                            <Text size="sm" c="gray.7">
                              The first {job.report.length} rejected rows are shown; download them all as CSV.
                            </Text>
                          )}
                        </>
                      )}
                    </>
                  )}
                </Stack>
              ) : null
            }
          </QueryState>
        </Paper>
      )}
      <Text size="sm" c="gray.7">
        Row 1 is the first row under the header.
      </Text>
      <Group>
        <CsvDownload
          path={CSV_PATHS.customAttributes}
          name="microsurvey_custom_attributes.csv"
          label="Download custom attributes"
        />
      </Group>
    </Stack>
  );
}
