import {
  EXPORT_MESSAGES,
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_POLL_TIMEOUT_IMPERSONATED_MS,
  EXPORT_POLL_TIMEOUT_MS,
  type TExportFile,
  type TExportResource,
} from "@starboard/contract/exports";
import { exportRoutes } from "@starboard/contract/routes/exports";
import { useCallback, useRef, useState } from "react";
import { call } from "../../lib/api";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { apiPathOf, downloadFile } from "./download";

export type ExportFilters = Record<string, string | string[] | undefined>;

export type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number }
  | { phase: "slow" }
  | { phase: "done" }
  | { phase: "error"; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The message of a finished export that is not a file (§8). */
export function exportFailureMessage(file: Pick<TExportFile, "status" | "status_reason">): string | null {
  if (file.status === "no_results") return EXPORT_MESSAGES.noResults;
  if (file.status === "failed")
    return file.status_reason === "timeout" ? EXPORT_MESSAGES.timeout : EXPORT_MESSAGES.unexpected;
  return null;
}

/**
 * The asynchronous export (docs/product/platform.md §4 "Export request", §8, §9): asks for the file,
 * polls it every second with its progress (rows written) until it is done, has no rows or failed, then
 * downloads it. After 10 s (60 s impersonated) the poll gives up and says that a link will be e-mailed
 * (the server e-mails it when the file is ready; never for an impersonated session).
 */
export function useExport(resource: TExportResource) {
  const { session, isImpersonated } = useSession();
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const running = useRef(false);

  const start = useCallback(
    async (filters: ExportFilters) => {
      if (!session || running.current) return;
      running.current = true;
      const email = session.email;
      const fail = (message: string) => {
        setState({ phase: "error", message });
        toast({ level: "alert", message });
      };
      try {
        setState({ phase: "running", rows: 0 });
        let file: TExportFile;
        try {
          file = await call(exportRoutes.createExportFile, {
            params: { accountId: session.account_id },
            body: {
              resource,
              filters: Object.fromEntries(
                Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""),
              ) as Record<string, string | string[]>,
              file_type: "csv",
              request_type: "download",
              send_email: !isImpersonated,
            },
          });
        } catch {
          return fail(EXPORT_MESSAGES.error);
        }
        const limit = isImpersonated ? EXPORT_POLL_TIMEOUT_IMPERSONATED_MS : EXPORT_POLL_TIMEOUT_MS;
        const started = Date.now();
        while (file.status === "pending" || file.status === "processing") {
          if (Date.now() - started >= limit) {
            setState({ phase: "slow" });
            toast({ level: "info", message: EXPORT_MESSAGES.slow(email), duration: 0 });
            return;
          }
          await sleep(EXPORT_POLL_INTERVAL_MS);
          try {
            file = await call(exportRoutes.getExportFile, { params: { id: String(file.id) } });
          } catch {
            return fail(EXPORT_MESSAGES.unexpected);
          }
          setState({ phase: "running", rows: file.row_count });
        }
        const failure = exportFailureMessage(file);
        if (failure) return fail(failure);
        if (!file.file_url) return fail(EXPORT_MESSAGES.missing);
        try {
          await downloadFile(apiPathOf(file.file_url), `${resource}.csv`);
        } catch {
          return fail(EXPORT_MESSAGES.downloadFailed);
        }
        setState({ phase: "done" });
        toast({
          level: "success",
          message: isImpersonated ? "Your download has started." : EXPORT_MESSAGES.success(email),
        });
      } finally {
        running.current = false;
      }
    },
    [session, isImpersonated, resource],
  );

  return { state, start, reset: () => setState({ phase: "idle" }) };
}
