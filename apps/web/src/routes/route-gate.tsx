import type { ReactNode } from "react";
import { NotPermitted } from "../components/shell/not-permitted";
import { type GateRule, useGate } from "../lib/authorization";

/** A page behind a gate (docs/product/platform.md §6 table); without access it says so inside the layout. */
export function RouteGate({ rule, title, children }: { rule: GateRule; title: string; children: ReactNode }) {
  return <>{useGate(rule) ? children : <NotPermitted title={title} />}</>;
}
