import type { ReactNode } from "react";
import { NotPermitted } from "../components/shell/not-permitted";
import { type GateRule, useGateContext } from "../lib/authorization";
import { gateDenial } from "./gate-reason";

/** A page behind a gate (docs/product/platform.md §6 table); without access it says so, and why, inside the layout. */
export function RouteGate({ rule, title, children }: { rule: GateRule; title: string; children: ReactNode }) {
  const denial = gateDenial(rule, useGateContext());
  return <>{denial === null ? children : <NotPermitted title={title} reason={denial} />}</>;
}
