import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/Table.css";
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { MAX_LOCATION_IMPORT_ROWS } from "@starboard/contract/location-details";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { downloadFile } from "../../../components/export/download";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { EmptyRows, Pager, TableSkeleton } from "../../../components/shell/table-states";
import { useSearchParams } from "../../../lib/search-params";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import {
  IMPORT_TEMPLATE_PATH,
  importKeys,
  importRunning,
  type TLocationImport,
  uploadLocationImport,
  useLocationImport,
  useLocationImportCount,
} from "../api/imports";
import { BackLink } from "../components/back-link";
import { StatusText } from "../components/status-text";

/** Report rows a page. */
const REPORT_PER_PAGE = 50;

/** The CSV's columns (a header line; case and spaces ignored), as the import reads them. */
const COLUMNS: [string, string][] = [
  ["Name", "Internal name (required)"],
  ["Public Name", "The name customers see"],
  ["Address, Address 2, City, State, Zipcode", "State as a code or a name"],
  ["Country", "Code or name; United States when empty"],
  ["Phone, Website", "Checked like the location form"],
  ["External ID", "A row whose External ID names a location updates it; other rows add one"],
  ["Google Place ID, Category ID", "Optional"],
  ["NPI Numbers", "10 digits each, separated by spaces or semicolons"],
  ["Open Status", "active, temporarily_inactive or inactive"],
];

const STATUS_LABEL: Record<TLocationImport["status"], string> = {
  queued: "Queued",
  running: "Importing",
  completed: "Completed",
  failed: "Failed",
};
const STATUS_KIND = { queued: "waiting", running: "changed", completed: "done", failed: "failed" } as const;

/**
 * /settings/locations/import: locations from a CSV file (POST /import_locations, a job), its live progress and its
 * per-row report (GET /import_locations/{id}, polled while the job runs). The import is kept in the query (`import`),
 * so a reload shows it again.
 */
export default function LocationImportRoute() {
  const [params, setParams] = useSearchParams();
  const importId = params.get("import");
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const running = useLocationImportCount();
  const current = useLocationImport(importId);
  const job = current.data;

  // Once the job is done, the lists show the new locations.
  const finished = job?.status === "completed" || job?.status === "failed";
  useEffect(() => {
    if (finished) {
      void qc.invalidateQueries({ queryKey: ["locations"] });
      void qc.invalidateQueries({ queryKey: importKeys.count });
    }
  }, [finished, qc]);

  const upload = async () => {
    if (!file) {
      setUploadError("Choose a CSV file");
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      const queued = await uploadLocationImport(file);
      qc.setQueryData(importKeys.one(queued.id), queued);
      setParams({ import: queued.id });
      setFile(null);
    } catch (error) {
      setUploadError(serverErrorText(error) ?? "The file could not be imported.");
    } finally {
      setUploading(false);
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadFile(IMPORT_TEMPLATE_PATH, "locations-import-template.csv");
      toastSuccess("Template downloaded");
    } catch (error) {
      toastAlert(serverErrorText(error) ?? "The template could not be downloaded.");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <BackLink to="/settings/locations" label="Back to Locations" />
      <PageHeader
        title="Import Locations"
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void template()}
            loading={downloading}
          >
            Download template
          </Button>
        }
      />
      <Stack gap="lg">
        {importId ? (
          <Paper withBorder p="md" radius="md">
            {current.isPending ? (
              <TableSkeleton rows={3} />
            ) : current.isError ? (
              <QueryError error={current.error} onRetry={() => void current.refetch()} />
            ) : job ? (
              <ImportReport job={job} onAnother={() => setParams({})} />
            ) : null}
          </Paper>
        ) : (
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Upload a CSV file
              </Title>
              <Text size="sm">
                {`One location a line after a header line, at most ${MAX_LOCATION_IMPORT_ROWS.toLocaleString("en-US")} lines. Each line is checked like the location form; the report lists every line's result.`}
              </Text>
              {(running.data?.count ?? 0) > 0 && (
                <Alert color="blue" data-testid="import-running">
                  <Text size="sm">
                    {running.data?.count === 1
                      ? "An import is still running for this account."
                      : `${running.data?.count} imports are still running for this account.`}
                  </Text>
                </Alert>
              )}
              <Group align="flex-start" wrap="wrap">
                <FileInput
                  label="CSV file"
                  placeholder="Choose a file"
                  styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
                  accept=".csv,text/csv"
                  value={file}
                  onChange={(f) => {
                    setFile(f);
                    setUploadError(null);
                  }}
                  error={uploadError}
                  clearable
                  w={320}
                  disabled={uploading}
                />
                <Button
                  mt={25}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  onClick={() => void upload()}
                  loading={uploading}
                >
                  Import
                </Button>
              </Group>
              <Table aria-label="CSV columns" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Column</Table.Th>
                    <Table.Th scope="col">What it holds</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {COLUMNS.map(([column, text]) => (
                    <Table.Tr key={column}>
                      <Table.Td>{column}</Table.Td>
                      <Table.Td>{text}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}

/** The import's state, its progress while it runs, its counts and its per-row report. */
function ImportReport({ job, onAnother }: { job: TLocationImport; onAnother: () => void }) {
  const [show, setShow] = useState<"all" | "failed">("all");
  const [page, setPage] = useState(1);
  const done = job.status === "completed" ? job.total_rows : job.rows.length;
  const percent = job.total_rows > 0 ? Math.round((done / job.total_rows) * 100) : job.status === "completed" ? 100 : 0;
  const rows = show === "failed" ? job.rows.filter((r) => r.status === "failed") : job.rows;
  const pages = Math.max(1, Math.ceil(rows.length / REPORT_PER_PAGE));
  const shown = rows.slice((page - 1) * REPORT_PER_PAGE, page * REPORT_PER_PAGE);

  return (
    <Stack data-testid="import-report">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2} size="h4">
            {job.file_name ?? "Import"}
          </Title>
          <StatusText kind={STATUS_KIND[job.status]} label={STATUS_LABEL[job.status]} testId="import-status" />
        </Group>
        {!importRunning(job) && (
          <Group gap="sm">
            <Anchor component={Link} to="/settings/locations" size="sm">
              View locations
            </Anchor>
            <Button variant="default" onClick={onAnother}>
              Import another file
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap={4}>
        <Progress value={percent} aria-label="Import progress" animated={importRunning(job)} />
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="import-progress">
          {`${done} of ${job.total_rows} rows processed`}
        </Text>
      </Stack>
      {job.status === "failed" && (
        <Alert color="red" role="alert" title="The import stopped">
          <Text size="sm">{job.error ?? "An error occurred while performing this action."}</Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Count label="Created" value={job.created_count} />
        <Count label="Updated" value={job.updated_count} />
        <Count label="Failed" value={job.failed_count} />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          Report
        </Title>
        <SegmentedControl
          aria-label="Rows shown"
          size="xs"
          value={show}
          onChange={(v) => {
            setShow(v as "all" | "failed");
            setPage(1);
          }}
          data={[
            { value: "all", label: "All rows" },
            { value: "failed", label: "Rows with errors" },
          ]}
        />
      </Group>
      {rows.length === 0 ? (
        <EmptyRows
          message={
            importRunning(job)
              ? "The first rows are on their way."
              : show === "failed"
                ? "No row has an error."
                : "The file had no rows."
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Import report" data-testid="import-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={70}>
                  Row
                </Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col" w={110}>
                  Result
                </Table.Th>
                <Table.Th scope="col">Messages</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.row} data-testid="import-row">
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>
                    {r.location_id ? (
                      <Anchor component={Link} to={`/settings/locations/${encodeURIComponent(r.location_id)}/details`}>
                        {r.name ?? r.location_id}
                      </Anchor>
                    ) : (
                      (r.name ?? "")
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusText
                      kind={r.status === "failed" ? "failed" : r.status === "created" ? "done" : "changed"}
                      label={r.status === "failed" ? "Failed" : r.status === "created" ? "Created" : "Updated"}
                    />
                  </Table.Td>
                  <Table.Td>
                    {Object.entries(r.errors).map(([field, message]) => (
                      <Text key={field} size="sm" c="red.8">
                        {field === "row" ? message : `${field}: ${message}`}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} total={pages} onChange={setPage} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`import-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Paper>
  );
}
