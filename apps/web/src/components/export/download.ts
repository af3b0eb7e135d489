import { ApiError, getCredentials } from "../../lib/api";

/** The path and query of a file_url (absolute, on the server's public origin) under /api, for this origin. */
export function apiPathOf(fileUrl: string): string {
  const url = new URL(fileUrl, window.location.origin);
  return `${url.pathname}${url.search}`;
}

function fileNameOf(disposition: string | null, fallback: string) {
  const match = disposition?.match(/filename="?([^";]+)"?/);
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file the API serves to the signed-in account (its Basic credentials go in the header, so
 * the link alone is not enough): fetched as a blob, then saved through a temporary link.
 */
export async function downloadFile(path: string, fallbackName = "export.csv"): Promise<string> {
  const credentials = getCredentials();
  const headers: Record<string, string> = {};
  if (credentials)
    headers.Authorization = `Basic ${btoa(unescape(encodeURIComponent(`${credentials.email}:${credentials.token}`)))}`;
  const res = await fetch(path, { headers, credentials: "omit" });
  if (!res.ok) {
    const text = await res.text();
    let body: { error?: string } = {};
    try {
      body = JSON.parse(text) as { error?: string };
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, body.error ?? res.statusText);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get("Content-Disposition"), fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
