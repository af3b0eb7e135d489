import { type GateContext, type GateRule, passesGate } from "../lib/authorization";

/**
 * Why a gate refuses (docs/product/platform.md §6: a feature flag, a permission set or an account
 * setting). A feature that is not on for the account is not the user type's fault, so the page says
 * which one it is: "feature" when a flag or setting is off, "permission" when the permission summary
 * lacks what the page needs. `null` when the gate lets the user in.
 */
export type GateDenial = "feature" | "permission" | null;

export function gateDenial(rule: GateRule, ctx: GateContext): GateDenial {
  if (passesGate(rule, ctx)) return null;
  const feature: GateRule = { flag: rule.flag, setting: rule.setting };
  if (!passesGate(feature, ctx)) return "feature";
  return "permission";
}
