import { triageRoutes } from "@starboard/contract/routes/triage";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** Triage requests may take up to 5 minutes (docs/product/platform.md §7). */
export const TRIAGE_TIMEOUT_MS = 5 * 60_000;

/** The calls triage makes: a plain GET, a POST, and a PATCH sent as POST with the override header. */
const PROBE_ROUTES = {
  GET: triageRoutes.getTriage,
  POST: triageRoutes.postTriage,
  PATCH: triageRoutes.patchTriage,
} as const;

export interface TTriageProbe {
  label: string;
  method: keyof typeof PROBE_ROUTES;
}

export const TRIAGE_PROBES: TTriageProbe[] = [
  { label: "GET", method: "GET" },
  { label: "POST", method: "POST" },
  { label: "PATCH (as POST with X-HTTP-Method-Override)", method: "PATCH" },
];

/** Network diagnostics answered by the server (docs/product/platform.md §2 "/triage"). */
export function getTriage(method: TTriageProbe["method"]) {
  return call(PROBE_ROUTES[method], {}, { anonymous: true, signal: AbortSignal.timeout(TRIAGE_TIMEOUT_MS) });
}

export function useTriage(probe: TTriageProbe) {
  return useQuery({
    queryKey: ["triage", probe.method],
    queryFn: () => getTriage(probe.method),
    retry: false,
    staleTime: 0,
  });
}
