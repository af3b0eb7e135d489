import { ApiError } from "./api";

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first message per field of a schema failure. */
export function issuesToFieldErrors(issues: readonly Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's per-field messages, when a failure carries them. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}

/** A path safe to send the user to after sign-in: same origin, absolute path. */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/^\/(login|signup|users\/sign_in)(\/|\?|$)/.test(value)) return null;
  return value;
}
