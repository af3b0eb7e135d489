import { useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/api";

/** Network diagnostics answered by the server (platform.md §2 "/triage"). */
export interface TTriage {
  user_agent?: string;
  ip?: string;
  method?: string;
  headers?: Record<string, string>;
  server_time?: string;
  [key: string]: unknown;
}

/** Triage requests may take up to 5 minutes (platform.md §7). */
export const TRIAGE_TIMEOUT_MS = 5 * 60_000;

export interface TTriageProbe {
  label: string;
  method: "GET" | "POST" | "PATCH";
}

/** The calls triage makes: a plain GET, a POST, and a PATCH sent as POST with the override header. */
export const TRIAGE_PROBES: TTriageProbe[] = [
  { label: "GET", method: "GET" },
  { label: "POST", method: "POST" },
  { label: "PATCH (as POST with X-HTTP-Method-Override)", method: "PATCH" },
];

export function getTriage(method: TTriageProbe["method"]) {
  return request<TTriage>(method, "/triage", { anonymous: true, signal: AbortSignal.timeout(TRIAGE_TIMEOUT_MS) });
}

export function useTriage(probe: TTriageProbe) {
  return useQuery({
    queryKey: ["triage", probe.method],
    queryFn: () => getTriage(probe.method),
    retry: false,
    staleTime: 0,
  });
}
