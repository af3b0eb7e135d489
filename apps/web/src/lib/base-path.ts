/**
 * Shadowing (docs/product/platform.md §2): while a parent user works inside a child account, the
 * application is served under /as/{childAccountId}. The router's basename is decided once,
 * at start, from the address; moving between the parent and a child is a full page load.
 */
const SHADOW_PATH = /^\/as\/([^/]+)(?=\/|$)/;

export function shadowAccountIdFrom(pathname: string): string | null {
  const match = SHADOW_PATH.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export function basenameFor(shadowAccountId: string | null): string {
  return shadowAccountId ? `/as/${encodeURIComponent(shadowAccountId)}` : "/";
}

/** A full page load to an address outside the current basename (parent ↔ child). */
export function hardNavigate(href: string) {
  window.location.assign(href);
}
