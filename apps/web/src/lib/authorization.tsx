import { can, type TAction, type TResource } from "@starboard/contract/permissions";
import type { ReactNode } from "react";
import { useFeatureFlags } from "./feature-flags-context";
import { useSession } from "./session";

/**
 * Gates (docs/product/platform.md §6): content shows by feature flag, by permission set (all or some), or by
 * account setting. Every answer comes from the session's permission summary and settings; the
 * client never re-derives the rules, so there is no gate by user type: what a user type may do is
 * in its permission summary.
 */
export type PermissionPair = readonly [TAction, TResource];

export interface GateRule {
  /** A client feature flag that must be on. */
  flag?: string;
  /** Permissions, all required unless `some` is set. */
  permissions?: readonly PermissionPair[];
  /** With `permissions`: any one of them is enough. */
  some?: boolean;
  /** An account setting that must be true. */
  setting?: string;
}

export interface GateContext {
  permissions: Parameters<typeof can>[0];
  flags: Record<string, boolean>;
  settings: Record<string, boolean | string>;
}

/** Pure check, shared by the components, the hooks and the navigation table. */
export function passesGate(rule: GateRule, ctx: GateContext): boolean {
  if (rule.flag && ctx.flags[rule.flag] !== true) return false;
  if (rule.setting && !isSettingOn(ctx.settings[rule.setting])) return false;
  if (rule.permissions && rule.permissions.length > 0) {
    const check = ([action, resource]: PermissionPair) => can(ctx.permissions, action, resource);
    if (rule.some ? !rule.permissions.some(check) : !rule.permissions.every(check)) return false;
  }
  return true;
}

/** Account setting values arrive as booleans, or as the strings "true"/"false". */
export function isSettingOn(value: boolean | string | undefined): boolean {
  return value === true || value === "true";
}

export function useGateContext(): GateContext {
  const { session, permissions } = useSession();
  const flags = useFeatureFlags();
  return {
    permissions,
    flags,
    settings: session?.settings ?? {},
  };
}

export function useGate(rule: GateRule): boolean {
  return passesGate(rule, useGateContext());
}

export function useCan(action: TAction, resource: TResource): boolean {
  const { permissions } = useSession();
  return can(permissions, action, resource);
}

export function useAccountSetting(code: string): boolean {
  const { session } = useSession();
  return isSettingOn(session?.settings[code]);
}

export function Gate({ children, fallback = null, ...rule }: GateRule & { children: ReactNode; fallback?: ReactNode }) {
  return <>{useGate(rule) ? children : fallback}</>;
}

export function FeatureFlagGate({
  flag,
  children,
  fallback = null,
}: {
  flag: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useFeatureFlags()[flag] === true ? children : fallback}</>;
}

export function PermissionGate({
  permissions,
  some = false,
  children,
  fallback = null,
}: {
  permissions: readonly PermissionPair[];
  some?: boolean;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useGate({ permissions, some }) ? children : fallback}</>;
}

export function AccountSettingGate({
  setting,
  children,
  fallback = null,
}: {
  setting: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useAccountSetting(setting) ? children : fallback}</>;
}
