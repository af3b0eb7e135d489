import type { TSession } from "@starboard/contract/auth";
import { hardNavigate } from "./base-path";
import { DASHBOARD_HOME } from "./nav-links";

export const EXPIRED_PASSWORD_PATH = "/expired-password";

export function isPasswordExpired(session: TSession): boolean {
  return session.status === "expired";
}

/** Where a session starts: the dashboard, the parent's accounts, or the expired-password page. */
export function homePathFor(session: TSession): string {
  if (isPasswordExpired(session)) return EXPIRED_PASSWORD_PATH;
  return session.is_parent ? "/accounts" : DASHBOARD_HOME;
}

/** Goes to a redirect target; shadow addresses (/as/{id}/...) need a full page load. */
export function goTo(target: string, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  if (/^\/as\/[^/]+/.test(target)) hardNavigate(target);
  else navigate(target, { replace: true });
}
