import "@mantine/core/styles/Alert.css";
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { EXPORT_MESSAGES, EXPORT_POLL_INTERVAL_MS, type TExportFile } from "@starboard/contract/exports";
import { exportRoutes } from "@starboard/contract/routes/exports";
import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { apiPathOf, downloadFile } from "../../../components/export/download";
import { exportFailureMessage } from "../../../components/export/use-export";
import { PageHeader } from "../../../components/shell/page-header";
import { ApiError, call } from "../../../lib/api";
import { useSearchParams } from "../../../lib/search-params";

type PageState =
  | { phase: "loading"; rows: number }
  | { phase: "downloaded"; name: string }
  | { phase: "error"; message: string };

const EXPIRED = "This download link has expired. Export the file again to get a new link.";

/** The message of a failed download: expired (410), not this account's or gone (404), or another failure. */
function downloadError(error: unknown): string {
  if (error instanceof ApiError && error.status === 410) return EXPIRED;
  return EXPORT_MESSAGES.downloadFailed;
}

/**
 * /file-downloads/{fileId}: the page an e-mailed export link opens. For the signed-in account that owns
 * the file it waits for the file to be ready, then downloads it through the link's signature (or the
 * account's own file path when the address carries none); otherwise it says why not (§8).
 */
export default function FileDownloadRoute() {
  const { fileId = "" } = useParams();
  const [params] = useSearchParams();
  const [state, setState] = useState<PageState>({ phase: "loading", rows: 0 });
  const started = useRef(false);

  const download = useCallback(
    async (file: TExportFile) => {
      const expires = params.get("expires");
      const signature = params.get("signature");
      const path =
        expires && signature
          ? `/api/export_files/${encodeURIComponent(fileId)}/download?${new URLSearchParams({ expires, signature })}`
          : file.file_url
            ? apiPathOf(file.file_url)
            : null;
      if (!path) return setState({ phase: "error", message: EXPORT_MESSAGES.missing });
      try {
        const name = await downloadFile(path, `export-${fileId}.csv`);
        setState({ phase: "downloaded", name });
      } catch (error) {
        setState({ phase: "error", message: downloadError(error) });
      }
    },
    [fileId, params],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        let file = await call(exportRoutes.getExportFile, { params: { id: fileId } });
        while (file.status === "pending" || file.status === "processing") {
          setState({ phase: "loading", rows: file.row_count });
          await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_INTERVAL_MS));
          file = await call(exportRoutes.getExportFile, { params: { id: fileId } });
        }
        const failure = exportFailureMessage(file);
        if (failure) return setState({ phase: "error", message: failure });
        await download(file);
      } catch (error) {
        setState({ phase: "error", message: downloadError(error) });
      }
    })();
  }, [fileId, download]);

  return (
    <>
      <PageHeader title="File Download" />
      {state.phase === "loading" && (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>
            {state.rows > 0
              ? `Preparing your file: ${state.rows.toLocaleString("en-US")} rows`
              : "Preparing your file…"}
          </Text>
        </Group>
      )}
      {state.phase === "downloaded" && (
        <Stack gap="sm" align="flex-start">
          <Alert color="teal" role="status" title="Your download has started.">
            {state.name}
          </Alert>
          <Button
            variant="default"
            onClick={() => {
              setState({ phase: "loading", rows: 0 });
              void call(exportRoutes.getExportFile, { params: { id: fileId } })
                .then(download)
                .catch((error: unknown) => setState({ phase: "error", message: downloadError(error) }));
            }}
          >
            Download again
          </Button>
        </Stack>
      )}
      {state.phase === "error" && (
        <Alert color="red" role="alert" title="Download">
          {state.message}
        </Alert>
      )}
    </>
  );
}
